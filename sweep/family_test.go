package sweep

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// A family sweep's report, shrunk counterexamples included, is the same
// for a seed whatever the worker count.
func TestFamilyDeterministicAcrossWorkers(t *testing.T) {
	run := func(workers int) *report.Report {
		r, err := Run(context.Background(), Options{Iterator: "cutlass", Preset: "quick", Seed: 5, Workers: workers, Class: iterator.RegularTileAccess})
		require.NoError(t, err)
		r.ElapsedS, r.ChecksPerSecond = 0, 0
		return r
	}
	a, b := run(1), run(3)
	assert.Equal(t, a, b, "the reports of 1 and 3 workers")
}

// The #3487 cross term is unscaled: a family failure shrinks to the
// smallest case, a one-element f32 tile with one thread (B/8 = 4, so the
// cross term moves 1 byte where a tile is 4).
func TestFamilyFailureShrinks(t *testing.T) {
	r := quickClass(t, "cutlass", iterator.PredicatedTileAccess)
	p := status(r, "P-tile")
	require.NotNil(t, p, "P-tile")
	require.NotNil(t, p.Counterexample, "P-tile %+v, want a counterexample", p)
	cfg, _ := parseCE(t, p.Counterexample)
	sh := cfg.PitchShape()
	assert.EqualValues(t, 1, sh.C*sh.S, "P-tile counterexample %q: elements in the tile", p.Counterexample.Config)
	assert.Equal(t, 1, cfg.Threads, "P-tile counterexample %q: threads", p.Counterexample.Config)
	assert.Equal(t, 1, cfg.Access, "P-tile counterexample %q: elements per access", p.Counterexample.Config)
}
