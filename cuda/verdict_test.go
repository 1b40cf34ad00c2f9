package cuda

import (
	"slices"
	"testing"

	"github.com/tilecheck/tilecheck/report"
)

// TestProbeVerdict: agreeing accesses with a control not caught are weak,
// naming the control; a caught control passes; a mismatch fails.
func TestProbeVerdict(t *testing.T) {
	res := &Result{Backend: "host", Variants: []VariantResult{
		{Label: "reference", Role: RoleIterator, Accesses: 10},
		{Label: "C-load-div", Role: RoleControl, Accesses: 10}, // no mismatch: not caught
	}}
	if v, weak := ProbeVerdict(res); v != report.Weak || !slices.Equal(weak, []string{"C-load-div did not show mismatches against the reference"}) {
		t.Errorf("control not caught: verdict %q, weak %q", v, weak)
	}
	res.Variants[1].VsReference = 3
	if v, weak := ProbeVerdict(res); v != report.Pass || weak != nil {
		t.Errorf("caught control: verdict %q, weak %q", v, weak)
	}
	res.Variants[0].Mismatches = 1
	if v, _ := ProbeVerdict(res); v != report.Fail {
		t.Errorf("a mismatch: verdict %q, want fail", v)
	}
}

// TestEvidenceJudge: a disagreement or a sanitizer report fails the
// evidence; a control not caught, or a sanitizer asked for but not run,
// makes it weak.
func TestEvidenceJudge(t *testing.T) {
	caught := func() *Result {
		return &Result{Variants: []VariantResult{
			{Label: "reference", Role: RoleIterator, Accesses: 10},
			{Label: "C-load-div", Role: RoleControl, Accesses: 10, VsReference: 2},
		}}
	}
	for _, c := range []struct {
		name   string
		res    func() *Result
		sans   []Sanitizer
		weaken bool
		want   report.Verdict
	}{
		{"all agree, control caught", caught, nil, false, report.Pass},
		{"sanitizers clean", caught, []Sanitizer{{Tool: "memcheck", Ran: true, Clean: true}}, false, report.Pass},
		{"a sanitizer reported", caught, []Sanitizer{{Tool: "memcheck", Ran: true}}, false, report.Fail},
		{"a sanitizer did not run", caught, []Sanitizer{{Tool: "racecheck"}}, false, report.Weak},
		{"a control not caught", caught, nil, true, report.Weak},
		{"a dropped record", func() *Result { r := caught(); r.Dropped = 1; return r }, nil, true, report.Fail},
	} {
		e := &Evidence{Result: c.res(), Sanitizers: c.sans}
		if c.weaken {
			e.Result.Variants[1].VsReference = 0
		}
		e.Judge()
		if e.Verdict != c.want {
			t.Errorf("%s: verdict %q, want %q", c.name, e.Verdict, c.want)
		}
	}
}
