package probejudge

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/report"
	proberender "github.com/tilecheck/tilecheck/reports/probe"
)

// TestNothingComparedIsNoPass: an iterator under test that compared no
// access (its namespace lacks the class, every path failed to compile)
// leaves the probe and the GPU evidence without evidence: weak, never
// pass, and the report says which iterator compared nothing.
func TestNothingComparedIsNoPass(t *testing.T) {
	res := &cuda.Result{ProbeResult: report.ProbeResult{Backend: "host", Variants: []report.ProbeVariant{
		{Label: "cutlass", Namespace: "cutlas", Role: cuda.RoleIterator},
		{Label: "C-load-div", Role: cuda.RoleControl, Accesses: 10, StoreRoundTrip: report.RoundTrip{Cases: 2, Failed: 2}},
		{Label: "identity-copy", Role: cuda.RoleIdentity, Accesses: 10},
	}}}
	assert.Equal(t, report.Weak, Verdict(res), "verdict, want weak")
	rep := Report(res, "tilecheck", "v", "representative")
	if len(rep.Unproven) != 1 || !strings.Contains(rep.Unproven[0], "cutlass") || !strings.Contains(rep.Unproven[0], "no access") {
		t.Errorf("unproven %q: want one line naming cutlass and no access", rep.Unproven)
	}
	var b strings.Builder
	proberender.Text(&b, rep)
	last := strings.TrimSpace(b.String())
	assert.NotContains(t, last[strings.LastIndex(last, "\n")+1:], "pass", "report ends %q: want the weak verdict naming what compared nothing", last[max(0, len(last)-300):])
	assert.Contains(t, last, "compared no access", "report ends %q: want the weak verdict naming what compared nothing", last[max(0, len(last)-300):])
	e := &report.GPUEvidence{}
	JudgeEvidence(res, e)
	assert.Equal(t, report.Weak, e.Verdict, "evidence verdict, want weak")
	res.Variants[0].Accesses = 5
	assert.Equal(t, report.Pass, Verdict(res), "with accesses compared: verdict, want pass")
}
