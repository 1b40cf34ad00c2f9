package gen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
)

func judged(t *testing.T, s string) []int {
	t.Helper()
	cfg, err := iterator.ParseConfig(s)
	require.NoError(t, err)
	m, err := iterator.Validate(cfg)
	require.NoError(t, err)
	return JudgedThreads(cfg, m)
}

// TestJudgedThreadsSmallMapsAll: a map of up to eight threads is judged
// thread by thread.
func TestJudgedThreadsSmallMapsAll(t *testing.T) {
	assert.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7}, judged(t, "class=PredicatedTileIterator elem=f32 shape=32x4 threads=8 access=4 adv=0 extent=90x8 access_elems=2"))
}

// TestJudgedThreadsExtentEdge: in the 16-thread u8 map, four threads a row
// of 16-element vectors, extent 100 ends inside columns 96..111, which
// threads 2, 6, 10 and 14 hold in the second tile (32..47 in the tile):
// the first, second and last row's are judged, with each row's first and
// last.
func TestJudgedThreadsExtentEdge(t *testing.T) {
	got := judged(t, "class=PredicatedTileIterator elem=u8 shape=64x4 threads=16 access=16 adv=0 stride=2147483000 extent=100x4")
	assert.Equal(t, []int{0, 2, 3, 4, 6, 7, 12, 14, 15}, got)
	// SampleThreads alone (0, 1, 9, 15) holds none of the edge's threads.
	assert.NotContains(t, SampleThreads(16), 2)
}

// TestJudgedThreadsWarpsAndRows: a 64-thread map judges the first and last
// thread of both warps, and of the first, second and last row of threads.
func TestJudgedThreadsWarpsAndRows(t *testing.T) {
	got := judged(t, "elem=f16 shape=64x32 threads=64 access=8")
	for _, th := range []int{0, 7, 8, 15, 31, 32, 56, 63} {
		assert.Contains(t, got, th)
	}
	assert.IsIncreasing(t, got)
	assert.Less(t, len(got), 64, "a large map is sampled, not judged whole")
}

// TestEdgeColumns: the tile row's last column where L > Sc, and the columns
// either side of the extent's edge modulo the tile.
func TestEdgeColumns(t *testing.T) {
	for _, tc := range []struct {
		cfg  string
		want []int64
	}{
		{"elem=f16 shape=64x8 threads=16 access=8", nil},
		{"elem=f16 shape=64x8 threads=16 access=8 stride=72", []int64{63}},
		{"class=PredicatedTileIterator elem=u8 shape=64x4 threads=16 access=16 adv=0 extent=100x4", []int64{63, 35, 36}},
		{"class=PredicatedTileIterator elem=u8 shape=64x4 threads=16 access=16 adv=0 extent=128x4", []int64{63}}, // L = 128: the row runs on past the tile
		{"class=PredicatedTileIterator elem=u8 shape=64x4 threads=16 access=16 adv=0 extent=100x4 tb=16x0 stride=104", []int64{63, 19, 20}},
	} {
		cfg, err := iterator.ParseConfig(tc.cfg)
		require.NoError(t, err)
		m, err := iterator.Validate(cfg)
		require.NoError(t, err)
		assert.Equal(t, tc.want, edgeColumns(cfg, m), tc.cfg)
	}
}

// TestJudgedThreadsEdgeRows: 64 threads over 64x16 f32 (V = 4) are four
// rows of 16 threads, each stepping 4 rows (Ds = 4). Extent 64x23 ends
// after tile row 6: rows 6 and 7 are held by the rows of threads starting
// on rows 2 and 3, so thread 47, the last of row 2 (no warp's first or
// last), is judged; with extent 64x32 no edge falls in the tile and it is
// not.
func TestJudgedThreadsEdgeRows(t *testing.T) {
	cfg := "class=PredicatedTileIterator elem=f32 shape=64x16 threads=64 access=4 adv=1 extent=64x23"
	assert.Equal(t, []int64{6, 7}, edgeRows(mustConfig(t, cfg)))
	assert.Contains(t, judged(t, cfg), 47)
	whole := "class=PredicatedTileIterator elem=f32 shape=64x16 threads=64 access=4 adv=1 extent=64x32"
	assert.Nil(t, edgeRows(mustConfig(t, whole)))
	assert.NotContains(t, judged(t, whole), 47)
}

func mustConfig(t *testing.T, s string) iterator.Config {
	t.Helper()
	cfg, err := iterator.ParseConfig(s)
	require.NoError(t, err)
	return cfg
}
