package probe

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cuda"
)

// TestSparseHostCase: a case far over the dense limit runs on the host and
// every rendition agrees with its Go model, including CUTLASS's wrapped
// int32 increments (the address 512 where the reference says 4294967808).
func TestSparseHostCase(t *testing.T) {
	tc := hostToolchain(t)
	_, res, err := countedRun(context.Background(), []cuda.Case{hugeCase(t, "load(1,0);store(1,0)")}, cuda.Options{Toolchain: tc})
	require.NoError(t, err)
	require.Empty(t, res.Skipped, "the huge-pitch case did not run: %v", res.Skipped)
	require.Equal(t, 1, res.Configs, "the huge-pitch case did not run: %v", res.Skipped)
	for _, v := range res.Variants {
		assert.NotZero(t, v.Accesses, "%s: %d accesses, %d disagree with the Go model: %+v", v.Label, v.Accesses, v.Mismatches, v.Examples)
		assert.Zero(t, v.Mismatches, "%s: %d accesses, %d disagree with the Go model: %+v", v.Label, v.Accesses, v.Mismatches, v.Examples)
	}
	for _, c := range controls(res) {
		assert.True(t, c.OK, "control %s: %s", c.Variant, c.Detail)
	}
}

// TestSparseWrongAddressCaught: compiled code judged against another Go
// model, whose predictions (with the reference's) place the windows. The
// CUTLASS rendition against the reference model lands in a window at wrong
// addresses (512 for 2^32 + 512 …); the reference rendition against a
// model that predicts only small addresses would need windows the run has
// not got, and its faulting accesses must come back flagged, not guessed.
func TestSparseWrongAddressCaught(t *testing.T) {
	tc := hostToolchain(t)
	for _, ops := range []string{"load(1,0)", "store(1,0)", "add_tile_offset(0,1);load(1,0)", "add_tile_offset(0,1);store(1,0)"} {
		// Variants: the compiled CUTLASS judged as the reference; the
		// compiled reference judged as CUTLASS (windows: both models).
		opts := cuda.Options{Toolchain: tc, Variants: []cuda.Variant{
			{Model: "reference", Namespace: "tilecheck_cutlass", Role: cuda.RoleIterator},
			{Model: "cutlass", Namespace: "tilecheck_ref", Role: cuda.RoleIterator},
		}}
		_, res, err := countedRun(context.Background(), []cuda.Case{hugeCase(t, ops)}, opts)
		require.NoError(t, err)
		require.Empty(t, res.Skipped, "%s: did not run", ops)
		// Every thread's second access (row 1 of the tile) wraps in
		// CUTLASS: at least 32 of 128 accesses differ, both ways.
		for _, v := range res.Variants {
			assert.GreaterOrEqual(t, v.Mismatches, int64(32), "%s, %s compiled as %s of %d accesses mismatch, want at least 32", ops, v.Namespace, v.Model, v.Accesses)
		}
	}
}
