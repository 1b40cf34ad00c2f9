package probe

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/gen"
)

// TestUserHeaderNamespace: --include/--namespace instantiates a header the
// user points at. The fixture behaves like CUTLASS before #3049, so compared
// with the `cutlass` (>= v4.5) model its store(frag, tile) disagrees, and
// compared with `cutlass-pre3049` nothing does.
func TestUserHeaderNamespace(t *testing.T) {
	tc := hostToolchain(t)
	tc.IncludeDirs = []string{fakeCutlassDir(t)}
	cases := representativeCases(t)[:3] // f32, f16 warp-raked, u4: all V > 1
	for _, c := range []struct {
		model      string
		mismatches bool
	}{{"cutlass", true}, {"cutlass-pre3049", false}} {
		variants, err := cuda.VariantsFor(c.model, "fakecutlass")
		require.NoError(t, err)
		_, res, err := countedRun(context.Background(), cases, cuda.Options{Toolchain: tc, Variants: variants[:1], Headers: []string{"fake/regular_tile_iterator.h"}, Batches: 1})
		require.NoError(t, err)
		v := res.Variants[0]
		require.Equal(t, "fakecutlass", v.Namespace, "%+v", v)
		require.NotZero(t, v.Accesses, "%+v", v)
		assert.Equal(t, c.mismatches, v.Mismatches > 0, "fakecutlass vs Go model %s: %d mismatches, want mismatches", c.model, v.Mismatches)
		if c.mismatches {
			for _, m := range v.Examples {
				assert.NotEmpty(t, m.Ops, "bad example %+v", m)
				assert.NotEqual(t, m.Actual, m.Expected, "bad example %+v", m)
			}
		}
	}
}

// TestUncompilablePathIsAFinding: a path that does not compile when
// instantiated is attributed to its (variant, program), listed with the
// compiler's diagnostic, and the rest of the case still runs.
func TestUncompilablePathIsAFinding(t *testing.T) {
	tc := hostToolchain(t)
	tc.IncludeDirs = []string{fakeCutlassDir(t)}
	progs, err := gen.ParsePrograms([]string{"load()", "load(1,0)", "store(0,1)"})
	require.NoError(t, err)
	cfg := mustConfig(t, "layout=rowmajor elem=f16 shape=8x64 map=stripmined threads=32 access=8 adv=0 stride=72")
	variants := []cuda.Variant{{Model: "reference", Namespace: "tcwrapped", Role: cuda.RoleIterator}}
	_, res, err := countedRun(context.Background(), []cuda.Case{{Config: cfg, Programs: progs}},
		cuda.Options{Toolchain: tc, Variants: variants, Headers: []string{"fake/wrapper_tile_uncompilable.h"}, Batches: 1})
	require.NoError(t, err)
	require.Len(t, res.Uncompilable, 2, "uncompilable, want load(1,0) and store(0,1)")
	for i, want := range []string{"load(1,0)", "store(0,1)"} {
		line := res.Uncompilable[i]
		assert.Contains(t, line, "| "+want+": does not compile", "uncompilable[%d] = %q, want %s with the compiler's diagnostic", i, line, want)
		assert.Contains(t, line, "brace-enclosed", "uncompilable[%d] = %q, want %s with the compiler's diagnostic", i, line, want)
	}
	v := res.Variants[0]
	assert.Equal(t, 1, v.Programs, "load() should still run and agree with the reference: %+v", v)
	assert.NotZero(t, v.Accesses, "load() should still run and agree with the reference: %+v", v)
	assert.Zero(t, v.Mismatches, "load() should still run and agree with the reference: %+v", v)
}

// TestAccessesIncSeesAMissingReset: an operator++ that forgets to reset its
// contiguous count at the end of a row is invisible to a pass that sets the
// iteration index before every access, and a mismatch in the pass that
// mainloops make, set once and walked by ++ (accesses_inc()).
func TestAccessesIncSeesAMissingReset(t *testing.T) {
	tc := hostToolchain(t)
	tc.IncludeDirs = []string{fakeCutlassDir(t)}
	// Iterations 2×4: each thread's pass crosses three row ends.
	cfg := mustConfig(t, "class=RegularTileAccessIterator elem=f16 shape=128x4 map=stripmined threads=8 access=8 adv=1 stride=136")
	progs, err := gen.ParsePrograms([]string{"accesses()", "accesses_inc()"})
	require.NoError(t, err)
	variants, err := cuda.VariantsFor("cutlass", "missingreset")
	require.NoError(t, err)
	res, err := cuda.Run(context.Background(), []cuda.Case{{Config: cfg, Programs: progs}},
		cuda.Options{Toolchain: tc, Variants: variants[:1], Headers: []string{"fake/missing_reset.h"}, Batches: 1})
	require.NoError(t, err)
	c, _ := count(res, false)
	v := c.Variants[0]
	require.Positive(t, v.Accesses)
	require.Positive(t, v.Mismatches, "the walked pass must disagree with the cutlass model")
	for _, m := range v.Examples {
		require.Equal(t, "accesses_inc()", m.Ops, "only the walked pass may disagree: %+v", m)
	}
}
