package sweep

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/report"
)

// countdown is a context that becomes cancelled on its n-th look (Err):
// an interrupt that lands part-way through generation, without a clock.
type countdown struct {
	context.Context
	cancel      context.CancelFunc
	looks, when int
}

func newCountdown(when int) *countdown {
	ctx, cancel := context.WithCancel(context.Background())
	return &countdown{Context: ctx, cancel: cancel, when: when}
}

func (c *countdown) Err() error {
	if c.looks++; c.looks >= c.when {
		c.cancel()
	}
	return c.Context.Err()
}

// TestRunStopsWhileGenerating: a sweep interrupted while its cases are
// generated stops there, with a report of nothing judged marked
// interrupted, instead of generating the whole preset first.
func TestRunStopsWhileGenerating(t *testing.T) {
	ctx := newCountdown(4)
	start := time.Now()
	rep, err := Run(Options{Iterator: "reference", Preset: gen.Exhaustive, Seed: 1, Context: ctx})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Interrupted, "generating") {
		t.Errorf("Interrupted = %q, want the sweep stopped while generating", rep.Interrupted)
	}
	if rep.Verdict != report.Interrupted || rep.Checks != 0 {
		t.Errorf("verdict %s after %d checks, want interrupted after none", rep.Verdict, rep.Checks)
	}
	if ctx.looks != ctx.when {
		t.Errorf("generation looked at the context %d times, want %d: it went on after it was cancelled", ctx.looks, ctx.when)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Run took %v after the interruption", d)
	}
}

// TestRunStopsWhileShrinking: an interrupt after the last batch, while
// counterexamples are shrunk, stops the shrinking: the failures keep
// their smallest generated counterexamples and the report says it was
// interrupted.
func TestRunStopsWhileShrinking(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rep, err := Run(Options{Iterator: "cutlass", Preset: gen.Quick, Seed: 1, Context: ctx,
		Progress: func(done, total int) {
			if done == total {
				cancel() // the batches are judged: shrinking is next
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Interrupted, "shrinking") {
		t.Errorf("Interrupted = %q, want the sweep stopped while shrinking", rep.Interrupted)
	}
	if rep.Verdict != report.Fail {
		t.Errorf("verdict %s, want fail: the batches judged found failures", rep.Verdict)
	}
}
