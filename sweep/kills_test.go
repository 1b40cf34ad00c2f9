package sweep

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// untimed is r without its timing fields, the only ones that may differ
// between two sweeps of one seed.
func untimed(r *report.Report) report.Report {
	c := *r
	c.ElapsedS, c.ChecksPerSecond = 0, 0
	return c
}

// TestControlsStopAtFirstKillKeepReport sweeps every class judging every
// property on every control in every batch (fullControls, one worker) and
// with the early stop on one and three workers: the controls' killed_by
// lists, and the rest of the report, checks included, must not change.
func TestControlsStopAtFirstKillKeepReport(t *testing.T) {
	multiKilled := 0
	for _, class := range iterator.Classes() {
		full, err := Run(context.Background(), Options{Iterator: "cutlass", Preset: "quick", Seed: 1, Class: class, Workers: 1, fullControls: true})
		require.NoError(t, err)
		for _, c := range full.Controls {
			if len(c.KilledBy) > 1 {
				multiKilled++
			}
		}
		for _, workers := range []int{1, 3} {
			early, err := Run(context.Background(), Options{Iterator: "cutlass", Preset: "quick", Seed: 1, Class: class, Workers: workers})
			require.NoError(t, err)
			assert.Equal(t, full.Controls, early.Controls, "%s, %d workers: controls with every property judged and with early stop", class, workers)
			assert.Equal(t, untimed(full), untimed(early), "%s, %d workers: the report of the full evaluation and with early stop", class, workers)
		}
	}
	// Without controls killed by several properties, nothing was skipped
	// and the comparison above shows nothing.
	assert.NotZero(t, multiKilled, "no control was killed by more than one property: the early stop was not exercised")
}
