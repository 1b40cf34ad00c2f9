package gen

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
		assert.ErrorIs(t, run(ctx), context.Canceled, name)
		assert.Equal(t, when, ctx.Looks(), "%s looked at its context this many times: it went on after it was cancelled", name)
	}
}

// TestRandomCasesInPartsIsWhole: drawing in parts draws the cases one
// draw would.
func TestRandomCasesInPartsIsWhole(t *testing.T) {
	const n = 3*drawsPerLock + 5
	got, err := RandomCasesContext(context.Background(), iterator.RegularTile, 9, n, props.PtrElements)
	require.NoError(t, err)
	want := drawCases(nil, caseGenFor(iterator.RegularTile), 9, 0, n, props.PtrElements)
	require.Len(t, got, len(want), "cases in parts against one draw")
	for i := range got {
		require.Equal(t, want[i].Config.String(), got[i].Config.String(), "case %d", i)
		require.Equal(t, want[i].Program.String(), got[i].Program.String(), "case %d", i)
	}
}
