package sweep

import (
	"context"
	"strings"
	"testing"
	"time"

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
	if ctx.Looks() != 4 {
		t.Errorf("generation looked at the context %d times, want %d: it went on after it was cancelled", ctx.Looks(), 4)
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
