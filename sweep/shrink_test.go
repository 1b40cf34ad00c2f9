package sweep

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// A search judged quietly (violations counted, not described) finds the
// case a search judged in full finds, and the shrunk case's violation is
// the one a full search records: failing models and controls of both
// kinds of class, every property of the class.
func TestShrinkQuietIsFull(t *testing.T) {
	runs := []struct {
		class iterator.Class
		model string
	}{
		{iterator.RegularTile, "cutlass"},
		{iterator.RegularTile, "cutlass-pre3049"},
		{iterator.RegularTile, "C-ptr-bytes"},
		{iterator.RegularTile, "C-trunc-first"},
		{iterator.PredicatedTileAccess, "cutlass"},
		{iterator.PredicatedTile, "C-residue-no-tb"},
	}
	if testing.Short() {
		runs = runs[:2]
	}
	ref := referenceSource()
	shrunk := 0
	for _, r := range runs {
		m, err := iterator.ModelByName(r.model)
		require.NoError(t, err)
		src := props.ModelSource(m)
		for j, p := range props.ForClass(r.class) {
			quiet := shrinkJudging(context.Background(), true, r.class, p, src, ref, props.PtrElements, int64(7+j), 60)
			full := shrinkJudging(context.Background(), false, r.class, p, src, ref, props.PtrElements, int64(7+j), 60)
			require.Equal(t, full, quiet, "%s (%s) %s: the full search's case and the quiet search's", r.model, r.class, p.ID)
			if quiet != nil {
				shrunk++
			}
		}
	}
	require.GreaterOrEqual(t, shrunk, len(runs), "searches that found a failing case: the test compares too few")
}
