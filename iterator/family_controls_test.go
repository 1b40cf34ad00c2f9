package iterator

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFamilyControlsInject: each family control, run through the public
// Control model, moves exactly where its defect lives (values by hand from
// docs/contract.md#cutlass) and agrees with the reference where the defect
// cannot show.
func TestFamilyControlsInject(t *testing.T) {
	f16 := "class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=128 extent=128x32"
	f16r0 := "class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 stride=200 extent=192x8"
	u4 := "class=RegularTileAccessIterator elem=u4 shape=128x8 threads=32 access=32 adv=1 stride=128"
	u8 := "class=PredicatedTileAccessIterator elem=u8 shape=64x8 threads=32 access=8 adv=1 stride=128 extent=128x32"
	cases := []struct {
		d        Defect
		cfg, ops string
		thread   int
		want     [][]int64 // the control's addresses
		same     bool      // the reference makes the same ones
	}{
		// #3487: the steady (1,0) moves 64 bytes, as CUTLASS does (TestIssue3487CrossTerm).
		{C3487Cross, f16, "add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()", 0,
			[][]int64{{2048, 3072}, {2112, 3136}}, false},
		// For 8-bit elements an unscaled byte count is the element count.
		{C3487Cross, u8, "add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()", 0,
			[][]int64{{1024, 1536}, {1088, 1600}}, true},
		// Rank 0 without L: the first (0,1) moves 64 − 64 + 8 elements = 16
		// bytes, the steady one 8 elements = 16 bytes (CUTLASS: 8, unscaled).
		{CRank0NoPitch, f16r0, "accesses();add_tile_offset(0,1);accesses();add_tile_offset(0,1);accesses()", 0,
			[][]int64{{0, 1600}, {16, 1616}, {32, 1632}}, false},
		// Rank 1 has no strided cross term.
		{CRank0NoPitch, f16, "add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()", 0,
			[][]int64{{2048, 3072}, {2176, 3200}}, true},
		// sizeof for u4: the values CUTLASS's access iterator makes (TestSubbyteSizeofOffsets).
		{CSizeofSubbyte, u4, "accesses();add_pointer_offset(8);accesses();add_tile_offset(0,1);accesses()", 6,
			[][]int64{{192}, {200}, {1224}}, false},
		{CSizeofSubbyte, "class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4", "add_pointer_offset(8);accesses()", 5,
			[][]int64{{112, 624, 1136, 1648}}, true},
		// tb = 0 makes extent mod tile the right residue.
		{CResidueNoTB, predF32, "load();inc;load()", 0,
			[][]int64{{0, 512, 1024, 1536}, {1024, 1536, 2048, 2560}}, true},
	}
	for _, tc := range cases {
		c, _ := ParseConfig(tc.cfg)
		p, _ := ParseProgram(tc.ops)
		got, err := TraceThreads(Control(tc.d), c, p, []int{tc.thread})
		require.NoError(t, err, "%s %q", tc.d, tc.cfg)
		a := addrsOf(got[0])
		assert.Equal(t, tc.want, a, "%s %q %q: %v, want %v", tc.d, tc.cfg, tc.ops, a, tc.want)
		ref := addrsOf(familyTrace(t, "reference", "", tc.cfg, tc.ops, tc.thread))
		assert.Equal(t, tc.same, reflect.DeepEqual(ref, tc.want), "%s %q: reference %v, same=%v expected", tc.d, tc.cfg, ref, tc.same)
	}
}

// TestFamilyDefectsRegistered: the family controls are controls of the
// registry, with a doc line each.
func TestFamilyDefectsRegistered(t *testing.T) {
	for _, d := range FamilyDefects() {
		assert.True(t, KnownDefect(d), "%s: known %v doc %q", d, KnownDefect(d), DefectDoc(d))
		assert.NotEqual(t, "", DefectDoc(d), "%s: known %v doc %q", d, KnownDefect(d), DefectDoc(d))
		m, err := ModelByName(string(d))
		if assert.NoError(t, err, "%s: ModelByName %v %v", d, m, err) {
			assert.Equal(t, string(d), m.Name(), "%s: ModelByName %v %v", d, m, err)
		}
	}
}
