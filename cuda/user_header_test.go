package cuda

import (
	"context"
	"path/filepath"
	"testing"
)

// TestUserHeaderNamespace: --include/--namespace instantiates a header the
// user points at. The fixture behaves like CUTLASS before #3049, so compared
// with the `cutlass` (>= v4.5) model its store(frag, tile) disagrees, and
// compared with `cutlass-pre3049` nothing does.
func TestUserHeaderNamespace(t *testing.T) {
	tc := hostToolchain(t)
	dir, err := filepath.Abs(filepath.Join("testdata", "fakecutlass"))
	if err != nil {
		t.Fatal(err)
	}
	tc.IncludeDirs = []string{dir}
	cases := RepresentativeCases()[:3] // f32, f16 warp-raked, u4: all V > 1
	for _, c := range []struct {
		model      string
		mismatches bool
	}{{"cutlass", true}, {"cutlass-pre3049", false}} {
		variants, err := VariantsFor(c.model, "fakecutlass")
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(context.Background(), cases, Options{Toolchain: tc, Variants: variants[:1], Headers: []string{"fake/regular_tile_iterator.h"}, Batches: 1})
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
