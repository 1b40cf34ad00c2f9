package sweep

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// TestVerdictRule: a failure fails whatever the kill matrix says; else a
// row that misses its spec, or unproven evidence, is weak; else a pass.
func TestVerdictRule(t *testing.T) {
	ok := report.Control{ID: "C-load-div", MustKill: []string{"P-roundtrip"}, KilledBy: []string{"P-roundtrip"}, Killed: true, OK: true}
	missed := report.Control{ID: "C-pitch-plus-one", MustKill: []string{"P-roundtrip"}, KilledBy: []string{}}
	for _, c := range []struct {
		name     string
		failed   bool
		matrix   []report.Control
		unproven bool
		want     report.Verdict
	}{
		{"nothing failed, every row meets its spec", false, []report.Control{ok}, false, report.Pass},
		{"no control at all", false, nil, false, report.Pass},
		{"a row misses its spec", false, []report.Control{ok, missed}, false, report.Weak},
		{"unproven", false, []report.Control{ok}, true, report.Weak},
		{"a failure beats a missed row", true, []report.Control{missed}, true, report.Fail},
		{"a failure", true, []report.Control{ok}, false, report.Fail},
	} {
		assert.Equal(t, c.want, Verdict(c.failed, c.matrix, c.unproven), c.name)
	}
}

// TestNothingCheckedIsNoPass: a sweep report with no check at all (no
// property, no case given) has no evidence, so it is not a pass.
func TestNothingCheckedIsNoPass(t *testing.T) {
	r := newAggregate("empty", Options{Class: iterator.RegularTile, Cases: []props.Case{}}, nil).report(generated{})
	assert.NotEqual(t, report.Pass, r.Verdict, "a report of 0 checks")
}
