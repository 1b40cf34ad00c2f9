package iterator

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// cutlass-pre3.1 is CUTLASS v3.0.0 as compiled: its PredicatedTileAccess-
// Iterator's first add_tile_offset(1,0) on f16 moves the contiguous term
// Sc·tc = 32 bytes, where v3.1 on (cutlass-pre3049) moves Sc·tc·B/8 = 64.
// The addresses are the ones g++ gave for v3.0.0's header (-96) and for
// v4.4.3's (-64) on this case; RegularTileIterator is pre3049's.
func TestOlderModelMatchesCutlass30(t *testing.T) {
	cfg, err := ParseConfig("class=PredicatedTileAccessIterator elem=f16 shape=32x8 map=stripmined threads=4 access=8 adv=1 extent=16x12 tb=0x3 access_elems=2")
	require.NoError(t, err)
	prog, err := ParseProgram("add_tile_offset(1,0);accesses();add_tile_offset(0,1);accesses()")
	require.NoError(t, err)
	first := func(name string) int64 {
		m, err := ModelByName(name)
		require.NoError(t, err)
		tr, err := TraceThreads(m, cfg, prog, []int{0})
		require.NoError(t, err)
		for _, r := range tr[0].Records {
			if r.Op == 1 {
				return r.Addrs[0]
			}
		}
		require.FailNowf(t, "no access of op 1", "model %s: no access of op 1", name)
		return 0
	}
	require.Equal(t, int64(-96), first("cutlass-pre3.1"))
	require.Equal(t, int64(-64), first("cutlass-pre3049"))

	regular, err := ParseConfig("elem=f16 shape=64x8 threads=32 access=8")
	require.NoError(t, err)
	store, err := ParseProgram("add_tile_offset(1,1);load();store()")
	require.NoError(t, err)
	older, _ := ModelByName("cutlass-pre3.1")
	pre3049, _ := ModelByName("cutlass-pre3049")
	a, err := TraceThreads(older, regular, store, []int{0, 5})
	require.NoError(t, err)
	b, err := TraceThreads(pre3049, regular, store, []int{0, 5})
	require.NoError(t, err)
	require.Equal(t, b, a, "RegularTileIterator: pre3049's arithmetic")
}
