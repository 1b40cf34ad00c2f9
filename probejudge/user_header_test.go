package probejudge

import (
	"context"
	"strings"
	"testing"

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
		if err != nil {
			t.Fatal(err)
		}
		res, err := probe(context.Background(), cases, cuda.Options{Toolchain: tc, Variants: variants[:1], Headers: []string{"fake/regular_tile_iterator.h"}, Batches: 1})
		if err != nil {
			t.Fatal(err)
		}
		v := res.Variants[0]
		if v.Namespace != "fakecutlass" || v.Accesses == 0 {
			t.Fatalf("%+v", v)
		}
		if got := v.Mismatches > 0; got != c.mismatches {
			t.Errorf("fakecutlass vs Go model %s: %d mismatches, want mismatches=%v", c.model, v.Mismatches, c.mismatches)
		}
		if c.mismatches {
			for _, m := range v.Examples {
				if m.Ops == "" || m.Expected == m.Actual {
					t.Errorf("bad example %+v", m)
				}
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
	if err != nil {
		t.Fatal(err)
	}
	cfg := mustConfig(t, "layout=rowmajor elem=f16 shape=8x64 map=stripmined threads=32 access=8 adv=0 stride=72")
	variants := []cuda.Variant{{Model: "reference", Namespace: "tcwrapped", Role: cuda.RoleIterator}}
	res, err := probe(context.Background(), []cuda.Case{{Config: cfg, Programs: progs}},
		cuda.Options{Toolchain: tc, Variants: variants, Headers: []string{"fake/wrapper_tile_uncompilable.h"}, Batches: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Uncompilable) != 2 {
		t.Fatalf("uncompilable %v, want load(1,0) and store(0,1)", res.Uncompilable)
	}
	for i, want := range []string{"load(1,0)", "store(0,1)"} {
		line := res.Uncompilable[i]
		if !strings.Contains(line, "| "+want+": does not compile") || !strings.Contains(line, "brace-enclosed") {
			t.Errorf("uncompilable[%d] = %q, want %s with the compiler's diagnostic", i, line, want)
		}
	}
	v := res.Variants[0]
	if v.Programs != 1 || v.Accesses == 0 || v.Mismatches != 0 {
		t.Errorf("load() should still run and agree with the reference: %+v", v)
	}
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
	Count(res)
	v := res.Variants[0]
	require.Positive(t, v.Accesses)
	require.Positive(t, v.Mismatches, "the walked pass must disagree with the cutlass model")
	for _, m := range v.Examples {
		require.Equal(t, "accesses_inc()", m.Ops, "only the walked pass may disagree: %+v", m)
	}
}
