package props

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tilecheck/tilecheck/iterator"
)

// familyPTile is P-tile judged with the family's equivalences only.
var familyPTile = equivalenceProperty("P-tile", "family tile offsets move whole tiles", "#3487", familyTileEquivalences)

// TestFamilyTileEquivalences: CUTLASS fails the family P-tile exactly
// through the cross-rank terms and L % V; the reference passes; the cross
// term controls are killed.
func TestFamilyTileEquivalences(t *testing.T) {
	f16 := "class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=128 extent=128x32"
	f16r0 := "class=PredicatedTileIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 stride=200 extent=192x16"
	rta := "class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 stride=66"
	for _, tc := range []struct {
		m        iterator.Model
		cfg, ops string
		want     string
	}{
		// Steady (1,0) on rank 1: CUTLASS moves 64 bytes, add_pointer_offset(64) 128.
		{famModel(t, "cutlass"), f16, "add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()", "fail"},
		{famModel(t, "reference"), f16, "add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()", "pass"},
		{iterator.Control(iterator.C3487Cross), f16, "add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()", "fail"},
		// Along the advance rank CUTLASS is right.
		{famModel(t, "cutlass"), f16, "add_tile_offset(0,1);accesses();add_tile_offset(0,2);accesses()", "pass"},
		// The first tile offset consumes the residue: not judged.
		{famModel(t, "cutlass"), f16, "add_tile_offset(1,0);accesses()", "n/a"},
		// Rank 0, strided cross term without L.
		{famModel(t, "cutlass"), f16r0, "load();inc;add_tile_offset(0,1);load()", "fail"},
		{iterator.Control(iterator.CRank0NoPitch), f16r0, "load();inc;add_tile_offset(0,1);load()", "fail"},
		{famModel(t, "reference"), f16r0, "load();inc;add_tile_offset(0,1);load()", "pass"},
		// RegularTileAccessIterator: rows of V·(L/V) = 64, not 66.
		{famModel(t, "cutlass"), rta, "add_tile_offset(0,1);accesses()", "fail"},
		{famModel(t, "cutlass"), rta, "add_tile_offset(1,0);accesses()", "pass"},
		{famModel(t, "reference"), rta, "add_tile_offset(0,1);accesses()", "pass"},
	} {
		r := judgeFamily(t, tc.m, familyPTile, tc.cfg, tc.ops)
		assert.Equal(t, tc.want, r.Status.String(), "%s %q %q: %+v", tc.m.Name(), tc.cfg, tc.ops, r.Violations)
	}
}
