package cuda

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
)

// A diagnostic that names a 6-bit case's accesses() takes that path away
// from the cases of its instantiation shape only: the f16 case of the same
// class, layout and program still runs, as it compiles.
func TestMarkBlamedKeepsOtherShapes(t *testing.T) {
	prog, err := iterator.ParseProgram("accesses()")
	require.NoError(t, err)
	planned := func(cfg string) *plannedCase {
		c, err := iterator.ParseConfig(cfg)
		require.NoError(t, err)
		return &plannedCase{Config: c, Programs: []iterator.Program{prog}, Avail: [][]bool{{true}}, Why: [][]string{{""}}}
	}
	sixBit := planned("class=PredicatedTileAccessIterator elem=e3m2 shape=8x8 map=warp-raked threads=4 access=4 adv=0 warp=2x2 stride=13 extent=12x16")
	sixBitToo := planned("class=PredicatedTileAccessIterator elem=e3m2 shape=8x8 map=warp-raked threads=4 access=4 adv=0 warp=2x2 stride=17 extent=8x8")
	half := planned("class=PredicatedTileAccessIterator elem=f16 shape=64x8 map=stripmined threads=32 access=8 adv=0 stride=200 extent=192x8")
	batch := []*plannedCase{half, sixBit, sixBitToo}
	variants := []Variant{{Model: "cutlass", Namespace: "cutlass", Role: RoleIterator}}

	marked := Options{}.markBlamed(batch, variants, []blame{{Case: 1, Variant: 0, Program: 0, Diag: "error: static assertion failed"}})
	require.True(t, marked)
	require.False(t, sixBit.Avail[0][0])
	require.False(t, sixBitToo.Avail[0][0], "the same shape fails the same way")
	require.Contains(t, sixBitToo.Why[0][0], "static assertion failed")
	require.True(t, half.Avail[0][0], "another element width compiles: it keeps its path")
}
