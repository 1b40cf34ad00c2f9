package iterator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Traces carved from an arena equal allocated ones, stay intact while
// later requests carve more (across block boundaries), and are rebuilt
// identically after a Reset reuses the blocks.
func TestArenaTracesMatchAllocated(t *testing.T) {
	prog := Program{{Kind: Load}, {Kind: LoadTile, A: 1, B: -1}, {Kind: StoreTile, A: 2}, {Kind: AddTileOffset, A: 1},
		{Kind: Inc}, {Kind: LoadPtr, A: 8}, {Kind: Store}}
	cfgs := []Config{f32Example(t), halfExample(t), u4Example(t)}
	models := append(Builtins(), Control(CPitchPlusOne), Control(CInt32))
	arena := &Arena{}
	for round := 0; round < 2; round++ {
		arena.Reset()
		var got, want [][]ThreadTrace
		// Enough requests to fill several blocks of the slabs.
		for rep := 0; rep < 40; rep++ {
			for _, cfg := range cfgs {
				for _, m := range models {
					threads := AllThreads(cfg)
					w, err := TraceThreads(m, cfg, prog, threads)
					require.NoError(t, err)
					g, err := TraceThreadsIn(arena, m, cfg, prog, threads)
					require.NoError(t, err)
					got, want = append(got, g), append(want, w)
				}
			}
		}
		for i := range want {
			require.Equal(t, want[i], got[i], "round %d, request %d: arena trace differs from the allocated one", round, i)
		}
	}
	assert.GreaterOrEqual(t, len(arena.addrs.blocks), 2, "the test filled %d address blocks; want several", len(arena.addrs.blocks))
}

func TestSlabTakeNeverOverlaps(t *testing.T) {
	var s slab[int]
	slabBlock := blockLen[int]()
	a := s.take(3)
	b := s.take(slabBlock) // does not fit the rest of the first block
	a = append(a, 1, 2, 3)
	b = append(b, 4)
	require.Equal(t, 3, cap(a), "a=%v cap %d, %d blocks", a, cap(a), len(s.blocks))
	require.Equal(t, 3, a[2], "a=%v cap %d, %d blocks", a, cap(a), len(s.blocks))
	require.Equal(t, 4, b[0], "b[0]=%d", b[0])
	require.Len(t, s.blocks, 2, "a=%v cap %d, b[0]=%d, %d blocks", a, cap(a), b[0], len(s.blocks))
	s.reset()
	big := s.take(2 * slabBlock) // the first block is too small: replaced
	require.Equal(t, 2*slabBlock, cap(big), "cap %d", cap(big))
}
