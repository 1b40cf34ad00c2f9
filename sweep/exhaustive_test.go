package sweep

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/report"
)

// TestReferencePassesExhaustive: the reference passes the exhaustive
// preset, every configuration of the enumeration with every program, its
// random phase, every control killed as docs/contract.md#controls requires
// and every coverage floor met. It takes about 18 s on two cores, so -short
// leaves it out; `make test` does not pass -short, and CI runs it.
func TestReferencePassesExhaustive(t *testing.T) {
	if testing.Short() {
		t.Skip("exhaustive sweep of reference: about 18 s on two cores; run without -short")
	}
	r, err := Run(context.Background(), Options{Iterator: "reference", Preset: gen.Exhaustive, Seed: 1})
	require.NoError(t, err)
	require.Equal(t, string(gen.Exhaustive), r.Preset)
	if r.Verdict != report.Pass {
		for _, p := range r.Properties {
			assert.NotEqual(t, report.Violated, p.Status, "%s failed: %+v", p.ID, p.Counterexample)
		}
		for _, c := range r.Controls {
			t.Logf("control %s killed by %v, must kill %v", c.ID, c.KilledBy, c.MustKill)
		}
		for _, c := range r.Coverage {
			assert.True(t, c.OK, "coverage %s at %.3f under its floor %.3f", c.Class, c.Fraction, c.Floor)
		}
		require.Equal(t, report.Pass, r.Verdict, "reference exhaustive verdict")
	}
}
