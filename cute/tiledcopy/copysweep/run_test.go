package copysweep

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cute/tiledcopy"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copyprops"
	"github.com/tilecheck/tilecheck/report"
)

// The model passes every property, every control is killed by the
// properties it names, and every floor is met, on the quick preset's
// cases.
func TestModelPassesAndControlsDie(t *testing.T) {
	res, err := Run(context.Background(), Options{Preset: "quick", Seed: 1})
	require.NoError(t, err)
	rep := res.Report()
	for _, p := range rep.Properties {
		if !assert.Equal(t, report.Held, p.Status, "%s (%d of %d cases)", p.ID, p.Violations, p.Cases) {
			if p.Counterexample != nil {
				t.Logf("  %s\n  %s", p.Counterexample.Detail, p.Counterexample.Replay.Command)
			}
		}
	}
	for _, c := range rep.Controls {
		assert.True(t, c.OK, "control %s survived: killed by %v, must be by %v", c.ID, c.KilledBy, c.MustKill)
	}
	for _, c := range rep.Coverage {
		assert.True(t, c.OK, "coverage %s: %.3f under the floor %.2f", c.Class, c.Fraction, c.Floor)
	}
	assert.Equal(t, report.Pass, rep.Verdict, "verdict")
	t.Logf("%d cases in %.1fs", len(res.cases), rep.ElapsedS)
}

// Every property but P-model (which judges a compiled source against the
// model) must kill some control.
func TestEveryPropertyHasAControl(t *testing.T) {
	for _, p := range copyprops.All() {
		found := false
		for _, k := range Controls() {
			found = found || slices.Contains(k.MustKill, p.ID)
		}
		assert.True(t, found, "%s: no control must be killed by it", p.ID)
	}
}

// A control replayed alone fails check on a case its defect touches.
func TestCheckControl(t *testing.T) {
	c, err := tiledcopy.ParseCase("atom=UniversalCopy<uint32_t> elem=float thr=(4,2) val=(1,1) src=(8,4):(1,8) dst=(8,4):(1,8) extent=3x4")
	require.NoError(t, err)
	r, err := Check(context.Background(), ByID("C-pred-off-by-one").AsSource(), c, copyprops.Predicate)
	require.NoError(t, err, "off-by-one predicate passed")
	require.True(t, r.Failed(), "off-by-one predicate passed (%v)", err)
	model, _ := Check(context.Background(), Model{}, c, nil)
	assert.False(t, model.Failed(), "the model failed: %+v", model.Judged)
}
