package gen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// The random phase of a family class reaches what hides the family's
// defects (docs/contract.md#controls): residues, tb off the tile grid, access_elems < V,
// both advance ranks, sub-byte types, tile offsets across the advance rank.
func TestFamilyRandomPhaseReaches(t *testing.T) {
	for _, cl := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		cases := RandomCases(cl, 1, 300, props.PtrElements)
		assert.GreaterOrEqual(t, len(cases), 250, "%s: valid random cases of 300", cl)
		seen := map[string]bool{}
		for _, c := range cases {
			cfg := c.Config
			require.Equal(t, cl, cfg.Class, "%s: drew a case of another class", cl)
			sh, ext := cfg.PitchShape(), cfg.PitchExtent()
			seen["rank 0"] = seen["rank 0"] || cfg.PitchAdv() == 0
			seen["rank 1"] = seen["rank 1"] || cfg.PitchAdv() == 1
			seen["B<8"] = seen["B<8"] || cfg.Elem.Bits < 8
			for _, o := range c.Program {
				tt := cfg.Layout.ToPitch(o.A, o.B)
				cross := (cfg.PitchAdv() == 1 && tt.C != 0) || (cfg.PitchAdv() == 0 && tt.S != 0)
				seen["cross-rank tile offset"] = seen["cross-rank tile offset"] || (o.Kind == iterator.AddTileOffset && cross)
			}
			if !cl.Predicated() {
				continue
			}
			seen["access_elems < V"] = seen["access_elems < V"] || cfg.ElemsPerAccessType() < cfg.Access
			seen["tb off the grid"] = seen["tb off the grid"] || cfg.TB[0]%sh.C != 0 || cfg.TB[1]%sh.S != 0
			res := (ext.S - cfg.TB[1]) % sh.S
			if cfg.PitchAdv() == 0 {
				res = (ext.C - cfg.TB[0]) % sh.C
			}
			seen["residue"] = seen["residue"] || res != 0
		}
		want := []string{"rank 0", "rank 1", "B<8", "cross-rank tile offset"}
		if cl.Predicated() {
			want = append(want, "access_elems < V", "tb off the grid", "residue")
		}
		for _, w := range want {
			assert.True(t, seen[w], "%s: no random case with %s", cl, w)
		}
	}
}
