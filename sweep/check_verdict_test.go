package sweep

import (
	"strings"
	"testing"

	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// TestCheckVerdict: one failed property fails the check; n/a and audit
// results do not.
func TestCheckVerdict(t *testing.T) {
	for _, c := range []struct {
		statuses []string
		want     report.Verdict
	}{
		{[]string{"pass", "pass"}, report.Pass},
		{[]string{"pass", "n/a", "audit"}, report.Pass},
		{[]string{"pass", "fail", "n/a"}, report.Fail},
		{[]string{"fail"}, report.Fail},
	} {
		var rs []props.Result
		for _, s := range c.statuses {
			st, err := report.ParseStatus(s)
			if err != nil {
				t.Fatal(err)
			}
			rs = append(rs, props.Result{ID: "P-x", Status: st})
		}
		if got := CheckVerdict(rs); got != c.want {
			t.Errorf("CheckVerdict(%v) = %v, want %v", c.statuses, got, c.want)
		}
	}
}

// TestCheckUnjudged: asking for one property that judged nothing is refused,
// and so is a check whose every property judged nothing; an n/a among
// judged properties is not.
func TestCheckUnjudged(t *testing.T) {
	na := []props.Result{{ID: "P-align", Status: report.NotApplicable}}
	err := CheckUnjudged(CheckOptions{Property: "P-align"}, na)
	if err == nil || !strings.Contains(err.Error(), "P-align does not apply") {
		t.Errorf("one n/a property asked for: %v", err)
	}
	mixed := append([]props.Result{{ID: "P-tile", Status: report.Held}}, na...)
	if err := CheckUnjudged(CheckOptions{}, mixed); err != nil {
		t.Errorf("every property asked for, one n/a: %v", err)
	}
	// Every property n/a: the check judged nothing, which is no pass.
	if err := CheckUnjudged(CheckOptions{}, na); err == nil || !strings.Contains(err.Error(), "no property judged") {
		t.Errorf("every property asked for, all n/a: %v", err)
	}
	if got := CheckVerdict(na); got == report.Pass {
		t.Errorf("CheckVerdict(all n/a) = %v, want no pass", got)
	}
	if err := CheckUnjudged(CheckOptions{Property: "P-align"}, []props.Result{{ID: "P-align", Status: report.Held}}); err != nil {
		t.Errorf("a judged property: %v", err)
	}
}
