package probejudge

import (
	"strings"
	"testing"

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
	if v := Verdict(res); v != report.Weak {
		t.Errorf("verdict %s, want weak", v)
	}
	rep := Report(res, "tilecheck", "v", "representative")
	if len(rep.Unproven) != 1 || !strings.Contains(rep.Unproven[0], "cutlass") || !strings.Contains(rep.Unproven[0], "no access") {
		t.Errorf("unproven %q: want one line naming cutlass and no access", rep.Unproven)
	}
	var b strings.Builder
	proberender.Text(&b, rep)
	if last := strings.TrimSpace(b.String()); strings.Contains(last[strings.LastIndex(last, "\n")+1:], "pass") ||
		!strings.Contains(last, "compared no access") {
		t.Errorf("report ends %q: want the weak verdict naming what compared nothing", last[max(0, len(last)-300):])
	}
	e := &report.GPUEvidence{}
	JudgeEvidence(res, e)
	if e.Verdict != report.Weak {
		t.Errorf("evidence verdict %s, want weak", e.Verdict)
	}
	res.Variants[0].Accesses = 5
	if v := Verdict(res); v != report.Pass {
		t.Errorf("with accesses compared: verdict %s, want pass", v)
	}
}
