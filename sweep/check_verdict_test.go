package sweep

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
			require.NoError(t, err)
			rs = append(rs, props.Result{ID: "P-x", Status: st})
		}
		assert.Equal(t, c.want, CheckVerdict(rs), "CheckVerdict(%v)", c.statuses)
	}
}

// TestCheckUnjudged: asking for one property that judged nothing is refused,
// and so is a check whose every property judged nothing; an n/a among
// judged properties is not.
func TestCheckUnjudged(t *testing.T) {
	na := []props.Result{{ID: "P-align", Status: report.NotApplicable}}
	err := CheckUnjudged(CheckOptions{Property: "P-align"}, na)
	assert.ErrorContains(t, err, "P-align does not apply", "one n/a property asked for")
	mixed := append([]props.Result{{ID: "P-tile", Status: report.Held}}, na...)
	assert.NoError(t, CheckUnjudged(CheckOptions{}, mixed), "every property asked for, one n/a")
	// Every property n/a: the check judged nothing, which is no pass.
	assert.ErrorContains(t, CheckUnjudged(CheckOptions{}, na), "no property judged", "every property asked for, all n/a")
	assert.NotEqual(t, report.Pass, CheckVerdict(na), "CheckVerdict(all n/a)")
	assert.NoError(t, CheckUnjudged(CheckOptions{Property: "P-align"}, []props.Result{{ID: "P-align", Status: report.Held}}), "a judged property")
}
