package sweep

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/report"
)

// TestMatrixWeak: in an all-models sweep a failing model is the finding;
// only a weak verdict, a surviving control or a missed floor is weak.
func TestMatrixWeak(t *testing.T) {
	pass := &report.Report{Verdict: report.Pass, Controls: []report.Control{{ID: "C-x", OK: true}}}
	failing := &report.Report{Verdict: report.Fail, Controls: []report.Control{{ID: "C-x", OK: true}}}
	survived := &report.Report{Verdict: report.Fail, Controls: []report.Control{{ID: "C-x", OK: false}}}
	floor := &report.Report{Verdict: report.Fail, Coverage: []report.Coverage{{Class: "B<8", OK: false}}}
	weak := &report.Report{Verdict: report.Weak}
	for _, c := range []struct {
		name string
		rs   []*report.Report
		want bool
	}{
		{"a model failing is the finding", []*report.Report{pass, failing}, false},
		{"a surviving control is weak", []*report.Report{pass, survived}, true},
		{"a missed floor is weak", []*report.Report{floor, pass}, true},
		{"a weak verdict is weak", []*report.Report{weak}, true},
	} {
		assert.Equal(t, c.want, MatrixWeak(&report.Matrix{Reports: c.rs}), "%s: MatrixWeak", c.name)
	}
}

// TestCombinedVerdict: one iterator over several classes fails if any
// class fails, else is weak if any class is neither pass nor interrupted.
func TestCombinedVerdict(t *testing.T) {
	for _, c := range []struct {
		verdicts []report.Verdict
		want     report.Verdict
	}{
		{[]report.Verdict{report.Pass, report.Pass}, report.Pass},
		{[]report.Verdict{report.Pass, report.Interrupted}, report.Pass},
		{[]report.Verdict{report.Weak, report.Pass}, report.Weak},
		{[]report.Verdict{report.Weak, report.Fail, report.Pass}, report.Fail},
		{[]report.Verdict{report.Pass, report.Unjudged}, report.Weak},
	} {
		m := &report.Matrix{}
		for _, v := range c.verdicts {
			m.Reports = append(m.Reports, &report.Report{Verdict: v})
		}
		assert.Equal(t, c.want, CombinedVerdict(m), "CombinedVerdict(%v)", c.verdicts)
	}
}

// TestModelErrors: one line per model whose run recorded a model error.
func TestModelErrors(t *testing.T) {
	ok := &report.Report{Iterator: "reference", Class: "RegularTileIterator"}
	bad := &report.Report{Iterator: "mine", Class: "RegularTileIterator", Audit: []report.AuditEntry{
		{Topic: "other"}, {Topic: "model-error", Count: 3, Config: "B=8", Detail: "boom"}}}
	got := ModelErrors(ok, bad)
	want := "mine (RegularTileIterator): the model failed on 3 cases; first: config B=8 boom"
	require.Equal(t, []string{want}, got, "ModelErrors")
	assert.NotContains(t, strings.Join(ModelErrors(ok), ""), "reference", "a model without errors was listed")
}
