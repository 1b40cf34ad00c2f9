package cute

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func mustLayout(t *testing.T, s string) Layout {
	t.Helper()
	l, err := ParseLayout(s)
	require.NoError(t, err, s)
	return l
}

func mustTiler(t *testing.T, ss ...string) []Layout {
	t.Helper()
	out := make([]Layout, len(ss))
	for i, s := range ss {
		out[i] = mustLayout(t, s)
	}
	return out
}

// requireLayout compares a result with CuTe's printed form, ignoring
// which integers are static.
func requireLayout(t *testing.T, want string, got Layout, msg string) {
	t.Helper()
	w := mustLayout(t, want)
	require.Truef(t, w.Equal(got), "%s: want %v, got %v", msg, w, got)
}

// Worked examples of media/docs/cpp/cute/02_layout_algebra.md.
func TestDocCoalesce(t *testing.T) {
	a := mustLayout(t, "(_2,(_1,_6)):(_1,(_6,_2))")
	r, err := Coalesce(a)
	require.NoError(t, err)
	requireLayout(t, "_12:_1", r, "coalesce")
	r, err = CoalesceProfile(a, Tuple(SInt(1), SInt(1)))
	require.NoError(t, err)
	requireLayout(t, "(_2,_6):(_1,_2)", r, "coalesce by mode")
}

func TestDocComposition(t *testing.T) {
	for _, tc := range []struct{ a, b, want string }{
		{"(6,2):(8,2)", "(4,3):(3,1)", "((2,2),3):((24,2),8)"},
		{"(6,2):(8,2)", "4:3", "(2,2):(24,2)"},
		{"(6,2):(8,2)", "3:1", "3:8"},
		{"20:2", "(5,4):(4,1)", "(5,4):(8,2)"},
		// Example 3: CuTe prints (_5,(_2,_2)):(_16,(_80,_4)) for static
		// integers; dynamic ones keep the extent-1 modes, ((5,1),(2,2)).
		{"(_10,_2):(_16,_4)", "(_5,_4):(_1,_5)", "(_5,(_2,_2)):(_16,(_80,_4))"},
		// (3,6,2,8):(w,x,y,z) o 16:9 = (1,2,2,4):(9w,3x,y,z); with
		// w,x,y,z = 1,100,1000,10000 (nothing coalesces) the extent-1 mode drops.
		{"(3,6,2,8):(1,100,1000,10000)", "16:9", "(2,2,4):(300,1000,10000)"},
	} {
		r, err := Composition(mustLayout(t, tc.a), mustLayout(t, tc.b))
		require.NoError(t, err, tc.a+" o "+tc.b)
		requireLayout(t, tc.want, r, tc.a+" o "+tc.b)
	}
	a := mustLayout(t, "(12,(4,8)):(59,(13,1))")
	r, err := CompositionTiler(a, mustTiler(t, "_3:_4", "_8:_2"))
	require.NoError(t, err)
	requireLayout(t, "(_3,(2,4)):(236,(26,1))", r, "by-mode composition")
	r, err = CompositionTiler(a, mustTiler(t, "_3:_1", "_8:_1"))
	require.NoError(t, err)
	requireLayout(t, "(_3,(4,2)):(59,(13,1))", r, "shape as tiler")
}

func TestDocComplement(t *testing.T) {
	for _, tc := range []struct {
		a    string
		m    int64
		want string
	}{
		{"4:1", 24, "6:4"},
		{"6:4", 24, "4:1"},
		{"(4,6):(1,4)", 24, "1:0"},
		{"4:2", 24, "(2,3):(1,8)"},
		{"(2,4):(1,6)", 24, "3:2"},
		{"(2,2):(1,6)", 24, "(3,2):(2,12)"},
		// The divide and product examples' complements.
		{"(2,2):(4,1)", 24, "(2,3):(2,8)"},
	} {
		r, err := Complement(mustLayout(t, tc.a), tc.m)
		require.NoError(t, err, tc.a)
		requireLayout(t, tc.want, r, tc.a)
	}
}

func TestDocDivide(t *testing.T) {
	r, err := LogicalDivide(mustLayout(t, "(4,2,3):(2,1,8)"), mustLayout(t, "4:2"))
	require.NoError(t, err)
	requireLayout(t, "((2,2),(2,3)):((4,1),(2,8))", r, "1-D logical divide")

	a := mustLayout(t, "(_9,(_4,_8)):(_59,(_13,_1))")
	tiler := mustTiler(t, "_3:_3", "(_2,_4):(_1,_8)")
	ld, err := LogicalDivideTiler(a, tiler)
	require.NoError(t, err)
	// ((TileM,RestM),(TileN,RestN)) with shape ((3,3),(8,4)).
	requireLayout(t, "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))", ld, "2-D logical divide")
	ct, err := CompositionTiler(a, tiler)
	require.NoError(t, err)
	requireLayout(t, "(3,(2,4)):(177,(13,2))", ct, "the tile of the 2-D divide")

	zd, err := ZippedDivide(a, tiler)
	require.NoError(t, err)
	requireLayout(t, "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))", zd, "zipped divide")
	// layout<0>(zipped_divide(a, b)) == composition(a, b)
	require.True(t, zd.Mode(0).Equal(ct))

	td, err := TiledDivide(a, tiler)
	require.NoError(t, err)
	requireLayout(t, "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))", td, "tiled divide")
}

func TestDocProduct(t *testing.T) {
	r, err := LogicalProduct(mustLayout(t, "(2,2):(4,1)"), mustLayout(t, "6:1"))
	require.NoError(t, err)
	requireLayout(t, "((2,2),(2,3)):((4,1),(2,8))", r, "1-D logical product")
}

// The blocked and raked product figures of
// media/docs/cpp/cute/02_layout_algebra.md: a 2x5 row-major block over a
// 3x4 column-major arrangement; and the 1-D product with B = (4,2):(2,1).
func TestDocRankedProducts(t *testing.T) {
	a, b := mustLayout(t, "(2,5):(5,1)"), mustLayout(t, "(3,4):(1,3)")
	r, err := BlockedProduct(a, b)
	require.NoError(t, err)
	requireLayout(t, "((2,3),(5,4)):((5,10),(1,30))", r, "blocked product")
	r, err = RakedProduct(a, b)
	require.NoError(t, err)
	requireLayout(t, "((3,2),(4,5)):((10,5),(30,1))", r, "raked product")
	r, err = LogicalProduct(mustLayout(t, "(2,2):(4,1)"), mustLayout(t, "(4,2):(2,1)"))
	require.NoError(t, err)
	requireLayout(t, "((2,2),(4,2)):((4,1),(8,2))", r, "1-D product, 8 tiles")
	// Rank 1: zip gives the one mode (A, A* o B).
	r, err = BlockedProduct(mustLayout(t, "4:1"), mustLayout(t, "3:1"))
	require.NoError(t, err)
	requireLayout(t, "((4,3)):((1,4))", r, "rank-1 blocked product")
}

// The enforced results of test/unit/cute/core/logical_divide.cpp. CuTe
// computes these with dynamic A; the model's integers carry no such
// distinction and it gives the static form: a complement of extent 1 is
// 1:0 (C++ keeps the dynamic 1 with its stride, (32,1):(1,32)), and
// coalesce merges (32,4,4) whole (C++ keeps the dynamic 4 apart,
// (_64,(_2,4)):(_1,(_64,_128))). The functions are the same.
func TestLogicalDivideUnitTable(t *testing.T) {
	for _, tc := range []struct{ a, b, want string }{
		{"2", "_32:_1", "(32,1):(1,0)"},
		{"48", "_32:_1", "(32,2):(1,32)"},
		{"32", "_48:_1", "(48,1):(1,0)"},
		{"96", "_32:_2", "(32,(2,2)):(2,(1,64))"},
		{"(_32,_4,4)", "_64:_1", "(64,8):(1,64)"},
	} {
		r, err := LogicalDivide(mustLayout(t, tc.a), mustLayout(t, tc.b))
		require.NoError(t, err)
		requireLayout(t, tc.want, r, tc.a+" / "+tc.b)
	}
}
