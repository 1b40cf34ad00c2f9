package sweep

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/internal/ctxtest"
	"github.com/tilecheck/tilecheck/report"
)

// TestRunStopsWhileGenerating: a sweep interrupted while its cases are
// generated stops there, with a report of nothing judged marked
// interrupted, instead of generating the whole preset first.
func TestRunStopsWhileGenerating(t *testing.T) {
	ctx := ctxtest.NewCountdown(4)
	start := time.Now()
	rep, err := Run(ctx, Options{Iterator: "reference", Preset: gen.Exhaustive, Seed: 1})
	require.NoError(t, err)
	assert.Contains(t, rep.Interrupted, "generating", "want the sweep stopped while generating")
	assert.Equal(t, report.Interrupted, rep.Verdict)
	assert.Zero(t, rep.Checks, "checks after the interruption")
	assert.Equal(t, 4, ctx.Looks(), "generation looked at the context this many times: it went on after it was cancelled")
	assert.LessOrEqual(t, time.Since(start), 2*time.Second, "Run's time after the interruption")
}

// TestRunStopsWhileShrinking: an interrupt after the last batch, while
// counterexamples are shrunk, stops the shrinking: the failures keep
// their smallest generated counterexamples and the report says it was
// interrupted.
func TestRunStopsWhileShrinking(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rep, err := Run(ctx, Options{Iterator: "cutlass", Preset: gen.Quick, Seed: 1,
		Progress: func(done, total int) {
			if done == total {
				cancel() // the batches are judged: shrinking is next
			}
		}})
	require.NoError(t, err)
	assert.Contains(t, rep.Interrupted, "shrinking", "want the sweep stopped while shrinking")
	assert.Equal(t, report.Fail, rep.Verdict, "the batches judged found failures")
}
