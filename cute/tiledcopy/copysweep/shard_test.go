package copysweep

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// Three shards merged give the unsharded sweep's report, but for the
// elapsed time; a counterexample keeps the smallest case (here a
// control's, replayed as the source under test).
func TestShardsMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("sweeps eight times")
	}
	// Unminimised: each part's first failures are merged as drawn.
	minimiseFailures = false
	defer func() { minimiseFailures = true }()
	for n, opts := range map[int]Options{3: {Source: Model{}, Cases: 100, Seed: 5}, 2: {Source: ByID("C-pred-off-by-one").AsSource(), Cases: 30, Seed: 5}} {
		src := opts.Source
		whole, err := Run(context.Background(), opts)
		require.NoError(t, err)
		var parts []*report.Report
		for i := 1; i <= n; i++ {
			o := opts
			o.Shard = sweep.Shard{Index: i, Count: n}
			r, err := Run(context.Background(), o)
			require.NoError(t, err)
			rep := r.Report()
			require.True(t, IsShard(rep), "shard %d's report carries no state", i)
			parts = append(parts, rep)
		}
		parts[0], parts[n-1] = parts[n-1], parts[0] // Merge sorts them
		m, err := Merge(parts)
		require.NoError(t, err)
		w := whole.Report()
		require.Equal(t, w.Checks, m.Checks, "%s: merged %+v\nwhole %+v", src.Name(), m, w)
		require.Equal(t, w.Configs, m.Configs, "%s: merged %+v\nwhole %+v", src.Name(), m, w)
		require.Equal(t, w.Verdict, m.Verdict, "%s: merged %+v\nwhole %+v", src.Name(), m, w)
		require.Len(t, m.Properties, len(w.Properties), "%s: merged %+v\nwhole %+v", src.Name(), m, w)
		for k := range w.Properties {
			a, b := m.Properties[k], w.Properties[k]
			assert.Equal(t, b.Violations, a.Violations, "%s %s: violations, merged %+v, whole %+v", src.Name(), a.ID, a, b)
			if assert.Equal(t, b.Counterexample == nil, a.Counterexample == nil, "%s %s: a counterexample, merged %+v, whole %+v", src.Name(), a.ID, a, b) &&
				a.Counterexample != nil {
				assert.Equal(t, b.Counterexample.Config, a.Counterexample.Config, "%s %s: the counterexample, merged then whole", src.Name(), a.ID)
			}
		}
		for k := range w.Coverage {
			assert.Equal(t, w.Coverage[k], m.Coverage[k], "coverage %s: merged, whole", w.Coverage[k].Class)
		}
	}
	_, mergeErr := Merge(nil)
	assert.Error(t, mergeErr, "merged no shards")
}
