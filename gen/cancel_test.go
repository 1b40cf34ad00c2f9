package gen

import (
	"context"
	"errors"
	"testing"

	"github.com/tilecheck/tilecheck/internal/ctxtest"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// TestGenerationStopsWhenCancelled: each generator looks at its context
// while it works, not only before it starts, and stops with the context's
// error at the look that finds it done.
func TestGenerationStopsWhenCancelled(t *testing.T) {
	const when = 3
	cases := map[string]func(ctx context.Context) error{
		"EnumerateContext": func(ctx context.Context) error {
			_, _, err := EnumerateContext(ctx, Exhaustive)
			return err
		},
		"FamilyConfigsContext": func(ctx context.Context) error {
			_, err := FamilyConfigsContext(ctx, iterator.PredicatedTile, Exhaustive.Size().Family)
			return err
		},
		"RandomCasesContext": func(ctx context.Context) error {
			_, err := RandomCasesContext(ctx, iterator.RegularTile, 1, Exhaustive.Size().Random, props.PtrElements)
			return err
		},
	}
	for name, run := range cases {
		ctx := ctxtest.NewCountdown(when)
		if err := run(ctx); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: %v, want context.Canceled", name, err)
		}
		if ctx.Looks() != when {
			t.Errorf("%s looked at its context %d times, want %d: it went on after it was cancelled", name, ctx.Looks(), when)
		}
	}
}

// TestRandomCasesInPartsIsWhole: drawing in parts draws the cases one
// draw would.
func TestRandomCasesInPartsIsWhole(t *testing.T) {
	const n = 3*drawsPerLock + 5
	got, err := RandomCasesContext(context.Background(), iterator.RegularTile, 9, n, props.PtrElements)
	if err != nil {
		t.Fatal(err)
	}
	want := drawCases(nil, caseGenFor(iterator.RegularTile), 9, 0, n, props.PtrElements)
	if len(got) != len(want) {
		t.Fatalf("%d cases in parts, %d in one draw", len(got), len(want))
	}
	for i := range got {
		if got[i].Config.String() != want[i].Config.String() || got[i].Program.String() != want[i].Program.String() {
			t.Fatalf("case %d differs: %v vs %v", i, got[i].Config, want[i].Config)
		}
	}
}
