package probe

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// TestHostProbeFamily: the C++ renditions of the iterator classes
// (docs/contract.md#iterator-classes) agree with
// the Go models of the same name on every access and every valid flag; the
// cutlass renditions differ from the reference (the cross terms, sizeof
// offsets); PredicatedTileIterator's store round trips (tags through the
// iterator, checked through the layout, sentinels outside the extent) fail
// exactly where the Go model predicts and never for the reference. (gen's
// TestFamilyProbeCasesReach checks what the cases reach.)
func TestHostProbeFamily(t *testing.T) {
	tc := hostToolchain(t)
	var cases []cuda.Case
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		cs := gen.FamilyProbeCases(class, gen.Quick)
		require.GreaterOrEqual(t, len(cs), 8, "%s: too few cases", class)
		cases = append(cases, cs...)
	}
	_, res, err := countedRun(context.Background(), cases, cuda.Options{Toolchain: tc})
	require.NoError(t, err)
	assert.Empty(t, res.Skipped, "skipped configurations")
	assert.Zero(t, res.Dropped, "dropped records")
	byLabel := map[string]report.ProbeVariant{}
	for _, v := range res.Variants {
		byLabel[v.Label] = v
		assert.Zero(t, v.Mismatches, "%s: accesses disagree with the Go model, e.g. %+v", v.Label, v.Examples)
		assert.Zero(t, v.StoreRoundTrip.Unexpected, "%s: round trips failed where not predicted: %v %v", v.Label, v.StoreRoundTrip.Examples, v.LoadRoundTrip.Examples)
		assert.Zero(t, v.LoadRoundTrip.Unexpected, "%s: round trips failed where not predicted: %v %v", v.Label, v.StoreRoundTrip.Examples, v.LoadRoundTrip.Examples)
		assert.GreaterOrEqual(t, v.Accesses, int64(5000), "%s: only %d accesses, %d guards compared (%d guarded off)", v.Label, v.Accesses, v.Guards, v.GuardedOff)
		assert.GreaterOrEqual(t, v.Guards, int64(2000), "%s: only %d accesses, %d guards compared (%d guarded off)", v.Label, v.Accesses, v.Guards, v.GuardedOff)
		assert.NotZero(t, v.GuardedOff, "%s: only %d accesses, %d guards compared (%d guarded off)", v.Label, v.Accesses, v.Guards, v.GuardedOff)
	}
	ref, cut := byLabel["reference"], byLabel["cutlass"]
	assert.Zero(t, ref.VsReference, "reference: %d accesses differ from the reference; store round trips %+v", ref.VsReference, ref.StoreRoundTrip)
	assert.Zero(t, ref.StoreRoundTrip.Failed, "reference: %d accesses differ from the reference; store round trips %+v", ref.VsReference, ref.StoreRoundTrip)
	assert.NotZero(t, ref.StoreRoundTrip.Cases, "reference: %d accesses differ from the reference; store round trips %+v", ref.VsReference, ref.StoreRoundTrip)
	assert.NotZero(t, cut.VsReference, "cutlass: expected differences from the reference (cross terms, sizeof), got %d; store round trips %+v", cut.VsReference, cut.StoreRoundTrip)
	assert.NotZero(t, cut.StoreRoundTrip.Failed, "cutlass: expected differences from the reference (cross terms, sizeof), got %d; store round trips %+v", cut.VsReference, cut.StoreRoundTrip)
	assert.NotZero(t, byLabel["C-pitch-plus-one"].VsReference, "C-pitch-plus-one shows no difference from the reference on the family")
}
