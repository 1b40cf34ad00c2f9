package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// TestFamilyOracleCutlass: CUTLASS's family departs from the contract exactly
// where docs/contract.md#cutlass says: the predicated cross-rank terms, and for
// RegularTileAccessIterator sub-byte types and L % V != 0. Elsewhere it
// agrees (the case programs avoid cross-rank tile offsets).
func TestFamilyOracleCutlass(t *testing.T) {
	f16 := "class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=128 extent=128x32"
	f16r0 := "class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 stride=200 extent=192x8"
	tile := "class=PredicatedTileIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 extent=100x21 tb=0x3 access_elems=4"
	for _, tc := range []struct {
		cfg, ops, want string
	}{
		{f16, "add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()", "fail"}, // #3487
		{f16, "add_tile_offset(0,1);accesses();add_tile_offset(0,2);add_pointer_offset(5);accesses()", "pass"},
		{f16r0, "accesses();add_tile_offset(0,1);accesses()", "fail"}, // rank 0, no L, residue step
		{f16r0, "accesses();add_tile_offset(1,0);accesses();add_tile_offset(1,0);accesses()", "pass"},
		{tile, "load();inc;load();load_with_pointer_offset(12);inc;store()", "pass"},
		{tile, "load();inc;add_tile_offset(1,0);load()", "fail"}, // PredicatedTileIterator forwards the cross term
		{"class=RegularTileAccessIterator elem=u4 shape=128x8 threads=32 access=32", "accesses()", "fail"},
		{"class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 stride=66", "accesses()", "fail"},
		{"class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 stride=68", "add_tile_offset(1,2);add_pointer_offset(-3);accesses()", "pass"},
	} {
		assert.Equal(t, tc.want, judgeFamily(t, famModel(t, "cutlass"), POracle, tc.cfg, tc.ops).Status.String(), "cutlass %q %q: P-oracle", tc.cfg, tc.ops)
		assert.Equal(t, report.Held, judgeFamily(t, famModel(t, "reference"), POracle, tc.cfg, tc.ops).Status, "reference %q %q: P-oracle", tc.cfg, tc.ops)
	}
}

// TestFamilyControlsKilled: each family control is killed by every property
// its spec names, on a configuration where its defect shows.
func TestFamilyControlsKilled(t *testing.T) {
	props := map[string]Property{"P-oracle": POracle, "P-traverse": PTraverse}
	for _, tc := range []struct {
		d        iterator.Defect
		cfg, ops string
	}{
		{iterator.C3487Cross, "class=PredicatedTileIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 extent=128x16", "load();inc;add_tile_offset(1,0);load()"},
		{iterator.CRank0NoPitch, "class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 extent=192x8", "add_tile_offset(0,1);accesses()"},
		{iterator.CSizeofSubbyte, "class=RegularTileAccessIterator elem=u4 shape=128x8 threads=32 access=32", "accesses()"},
		{iterator.CSizeofSubbyte, "class=PredicatedTileIterator elem=s4 shape=128x8 threads=32 access=32 extent=256x16", "load()"},
		{iterator.CResidueNoTB, "class=PredicatedTileIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 extent=64x21 tb=0x3", "load();inc;load()"},
	} {
		spec, ok := ControlSpecOf(tc.d)
		require.True(t, ok, "%s: no control spec registered", tc.d)
		require.NotEmpty(t, spec.MustKill, "%s: no control spec registered", tc.d)
		for _, id := range spec.MustKill {
			p, ok := props[id]
			require.True(t, ok, "%s: killer %s not a family property", tc.d, id)
			assert.Equal(t, report.Violated, judgeFamily(t, iterator.Control(tc.d), p, tc.cfg, tc.ops).Status, "%s %q %q: %s (killed)", tc.d, tc.cfg, tc.ops, id)
			assert.Equal(t, report.Held, judgeFamily(t, famModel(t, "reference"), p, tc.cfg, tc.ops).Status, "reference %q %q: %s", tc.cfg, tc.ops, id)
		}
	}
}
