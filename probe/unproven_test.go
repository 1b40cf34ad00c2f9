package probe

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports/proberender"
)

// TestNothingComparedIsNoPass: an iterator under test that compared no
// access (its namespace lacks the class, every path failed to compile)
// leaves the probe and the GPU evidence without evidence: weak, never
// pass, and the report says which iterator compared nothing.
func TestNothingComparedIsNoPass(t *testing.T) {
	res := &counted{ProbeResult: report.ProbeResult{Backend: "host", Variants: []report.ProbeVariant{
		{Label: "cutlass", Namespace: "cutlas", Role: cuda.RoleIterator},
		{Label: "C-load-div", Role: cuda.RoleControl, Accesses: 10, StoreRoundTrip: report.RoundTrip{Cases: 2, Failed: 2}},
		{Label: "identity-copy", Role: cuda.RoleIdentity, Accesses: 10},
	}}}
	assert.Equal(t, report.Weak, verdict(res), "verdict, want weak")
	rep := reportOf(res, Judging{Preset: gen.Representative}, nil)
	require.Len(t, rep.Unproven, 1, "unproven %q: want one line naming cutlass and no access", rep.Unproven)
	assert.Contains(t, rep.Unproven[0], "cutlass", "unproven: want one line naming cutlass and no access")
	assert.Contains(t, rep.Unproven[0], "no access", "unproven: want one line naming cutlass and no access")
	var b strings.Builder
	proberender.Text(&b, rep)
	last := strings.TrimSpace(b.String())
	assert.NotContains(t, last[strings.LastIndex(last, "\n")+1:], "pass", "report ends %q: want the weak verdict naming what compared nothing", last[max(0, len(last)-300):])
	assert.Contains(t, last, "compared no access", "report ends %q: want the weak verdict naming what compared nothing", last[max(0, len(last)-300):])
	e := &report.GPUEvidence{}
	judgeEvidence(res, e)
	assert.Equal(t, report.Weak, e.Verdict, "evidence verdict, want weak")
	res.Variants[0].Accesses = 5
	assert.Equal(t, report.Pass, verdict(res), "with accesses compared: verdict, want pass")
}
