package cuda

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/gen"
)

// TestHostProbeFamilyCrossTerms: the compiled renditions move by the
// amounts of the predicated class's confirmed findings
// (docs/contract.md#known-findings), derived by hand from the model
// formulas (docs/contract.md#cutlass): rank 0
// (f16, Ss=8, L=200): the first add_tile_offset(0,1) moves the residue
// r.c·B/8 = 128, then incA·(tc−1) = −128, then Ss·ts·B/8 = 16 bytes, the
// next one Ss·ts = 8 bytes, where the contract moves 8 rows of 200 f16 =
// 3200 bytes each time; #3487 (rank 1, steady state, add_tile_offset(1,0)):
// Sc·tc bytes = 64 for f16 (contract 128) and 128 for u4 (contract 64).
func TestHostProbeFamilyCrossTerms(t *testing.T) {
	tc := hostToolchain(t)
	type want struct{ cutlass, reference []int64 }
	cases := []struct {
		cfg, prog string
		want      want
	}{
		{"class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 stride=200 extent=192x8",
			"accesses();add_tile_offset(0,1);accesses();add_tile_offset(0,1);accesses()", want{[]int64{16, 8}, []int64{3200, 3200}}},
		{"class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=128 extent=128x32",
			"add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()", want{[]int64{64}, []int64{128}}},
		{"class=PredicatedTileAccessIterator elem=u4 shape=128x8 threads=32 access=32 adv=1 stride=256 extent=256x32",
			"add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()", want{[]int64{128}, []int64{64}}},
	}
	var in []Case
	for _, c := range cases {
		progs, err := gen.ParsePrograms([]string{c.prog})
		require.NoError(t, err)
		in = append(in, Case{Config: mustConfig(t, c.cfg), Programs: progs})
	}
	variants := Renditions()[:2] // reference, cutlass
	res, err := Run(context.Background(), in, Options{Toolchain: tc, Variants: variants})
	require.NoError(t, err)
	for k, c := range cases {
		for v, expect := range [][]int64{c.want.reference, c.want.cutlass} {
			threads := res.compiled[traceKey{k, v, 0}]
			require.NotEmpty(t, threads, "%s: no compiled trace for %s", c.cfg, variants[v].Model)
			recs := threads[0].Records
			for i, d := range expect {
				assert.Equal(t, d, recs[i+1].Addrs[0]-recs[i].Addrs[0], "%s | %s: %s moved bytes between passes %d and %d", c.cfg, c.prog, variants[v].Model, i, i+1)
			}
		}
	}
}
