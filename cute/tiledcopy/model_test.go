package tiledcopy

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cute"
)

func mustCase(t *testing.T, s string) Case {
	t.Helper()
	c, err := ParseCase(s)
	require.NoError(t, err)
	return c
}

func coords(slots []Slot) []int64 {
	out := make([]int64, len(slots))
	for i, s := range slots {
		out[i] = s.Coord
	}
	return out
}

// The GEMM tutorial's copyA (0x_gemm_tutorial.md, sgemm_2): 32x8 threads
// m-major, 4x1 values: "each thread reads 4x1 TA elements", one 128-bit
// instruction per thread, over a 128x8 m-major tile.
func TestTutorialCopyA(t *testing.T) {
	c := mustCase(t, "atom=UniversalCopy<uint128_t> elem=float thr=(32,8) val=(4,1) src=(128,8):(1,128) dst=(128,8):(1,128)")
	tr := c.Eval()
	require.Empty(t, tr.Rejected)
	require.Len(t, tr.Threads, 256, "threads, vector bits, values a call: want 256, 128/128, 4")
	require.Equal(t, Bits(128), tr.VectorBits, "threads, vector bits, values a call: want 256, 128/128, 4")
	require.Equal(t, Bits(128), tr.DstVectorBits, "threads, vector bits, values a call: want 256, 128/128, 4")
	require.Equal(t, Elements(4), tr.SrcAtomVals, "threads, vector bits, values a call: want 256, 128/128, 4")
	// Thread 33 is (m 1, n 1): elements m = 4..7 of column 1.
	assert.Equal(t, []int64{132, 133, 134, 135}, coords(tr.Threads[33].Src), "thread 33 partition_S coords")
	// The tutorial: "If the partition ... does not result in 4 TA elements
	// that [can] be vectorized to a 128-bit load/store, then CuTe will
	// statically fail": a row-major tile gives strided values.
	var err error
	c.Src, err = parseTensor("(128,8):(8,1)")
	require.NoError(t, err)
	assert.Contains(t, c.Eval().Rejected, "failed to vectorize", "row-major source: rejected, want the vectorisation static_assert")
}

// ldmatrix x4 by PTX's definition: lane l addresses row l%8 of matrix l/8
// and receives, per matrix i in register i, row l/4's columns 2(l%4) and
// 2(l%4)+1. The tiling puts matrix i's row r at tile row i+4r.
func TestLDSMx4(t *testing.T) {
	c := mustCase(t, "atom=SM75_U32x4_LDSM_N elem=half_t thr=(8,4):(4,1) val=(4,2):(2,1) src=((4,8),8):((64,8),1) dst=((4,8),(2,4)):((2,32),(1,8))")
	tr := c.Eval()
	require.Empty(t, tr.Rejected)
	for _, l := range []int64{0, 1, 9, 31} {
		m := l/8 + 4*(l%8)
		var want []int64
		for n := int64(0); n < 8; n++ {
			want = append(want, m+32*n)
		}
		assert.Equal(t, want, coords(tr.Threads[l].Src), "lane %d partition_S, row %d", l, m)
		var wantD []int64
		for i := int64(0); i < 4; i++ {
			for h := int64(0); h < 2; h++ {
				wantD = append(wantD, i+4*(l/4)+32*(2*(l%4)+h))
			}
		}
		assert.Equal(t, wantD, coords(tr.Threads[l].Dst), "lane %d partition_D", l)
	}
	assert.Equal(t, Bits(128), tr.VectorBits, "vector bits, want 128/128")
	assert.Equal(t, Bits(128), tr.DstVectorBits, "vector bits, want 128/128")
}

// ldmatrix x1 reads the addresses of lanes 0..7 only; CuTe's SrcLayout
// gives lanes 8..31 the same rows (its stride-0 thread mode).
func TestLDSMx1Redundant(t *testing.T) {
	c := mustCase(t, "atom=SM75_U32x1_LDSM_N elem=half_t thr=(8,4):(4,1) val=(1,2):(2,1) src=((1,8),8):((64,8),1) dst=((1,8),(2,4)):((2,8),(1,2))")
	tr := c.Eval()
	require.Empty(t, tr.Rejected)
	for l := 8; l < 32; l++ {
		assert.Equal(t, coords(tr.Threads[l%8].Src), coords(tr.Threads[l].Src), "lane %d reads as lane %d", l, l%8)
	}
	assert.Equal(t, Bits(128), tr.VectorBits, "vector bits, want 128/32")
	assert.Equal(t, Bits(32), tr.DstVectorBits, "vector bits, want 128/32")
}

// Every atom's CuTe traits agree with its instruction: the piece the
// instruction moves from source lane l lands where CuTe's DstLayout puts
// the bit CuTe's SrcLayout gives lane l.
func TestTraitsAgreeWithInstruction(t *testing.T) {
	for _, a := range Atoms() {
		tr, _ := TraitsOf(a)
		in, _ := InstructionOf(a)
		dstAt := map[int64][2]int64{}
		for lane := int64(0); lane < int64(in.DstLanes); lane++ {
			for b := int64(0); b < int64(in.DstBits); b++ {
				off, err := tr.DstLayout.At(lane + size(tr.DstLayout.Mode(0))*b)
				require.NoError(t, err)
				dstAt[off] = [2]int64{lane, b}
			}
		}
		for l := 0; l < in.SrcLanes; l++ {
			for p := 0; p < int(in.SrcBits/in.Granule); p++ {
				off, _ := tr.SrcLayout.At(int64(l) + size(tr.SrcLayout.Mode(0))*int64(p)*int64(in.Granule))
				lane, q := in.Move(l, p)
				want := [2]int64{int64(lane), int64(q) * int64(in.Granule)}
				assert.Equal(t, want, dstAt[off], "%s: lane %d piece %d: where CuTe and the instruction put bit %d", a, l, p, off)
			}
		}
	}
}

func TestRefusals(t *testing.T) {
	for _, tc := range []struct{ c, want string }{
		{"atom=SM75_U32x4_LDSM_N elem=double thr=(8,4):(4,1) val=(4,1) src=(32,4) dst=(32,4)", "wider than"},
		{"atom=UniversalCopy<uint128_t> elem=half_t thr=(32,8) val=(4,1) src=(128,8) dst=(128,8)", "too few vals"},
		{"atom=SM75_U32x4_LDSM_N elem=half_t thr=(4,4) val=(4,2):(2,1) src=(16,8) dst=(16,8)", "too few thrs"},
		{"atom=UniversalCopy<uint32_t> elem=float thr=(32,8) val=(1,1) src=(100,8) dst=(100,8)", "not divisible by Tiler_MN"},
		{"atom=UniversalCopy<uint8_t> elem=half_t thr=(32,8) val=(1,1) src=(32,8) dst=(32,8)", "wider than"},
		{"atom=SM75_U16x8_LDSM_T elem=float thr=(8,4):(4,1) val=(4,1) src=(32,4) dst=(32,4)", "not valid for Dst"},
		{"atom=UniversalCopy<uint128_t> elem=half_t thr=(4,8):(8,1) val=(1,8) src=(4,64):(64,1) dst=Sw<3,2,3>o(4,64):(64,1)", "splits a vector"},
	} {
		r := mustCase(t, tc.c).Eval().Rejected
		assert.Contains(t, r, tc.want, "%s: rejection", tc.c)
		// CuTe (v4.7.0, g++) partitions a 100x8 tile under a 128x8 tiler,
		// its rest rounded up: the model's refusal says it is its own.
		assert.Equal(t, tc.want == "not divisible by Tiler_MN", strings.HasPrefix(r, OutsideModel), "%s: %q: the model's own refusal", tc.c, r)
	}
}

// copy_if gates each atom call on its first value: a 4-wide vector whose
// first element is inside copies all four.
func TestPredicatePerCall(t *testing.T) {
	c := mustCase(t, "atom=UniversalCopy<uint128_t> elem=float thr=(32,8) val=(4,1) src=(128,8):(1,128) dst=(128,8):(1,128) extent=126x8")
	tr := c.Eval()
	last := tr.Threads[31]
	assert.Equal(t, []bool{true, true, true, true}, last.Pred, "thread 31 (m 124..127) predicate, want the whole call on")
	c.Extent = []int64{124, 8}
	tr = c.Eval()
	assert.Equal(t, []bool{false, false, false, false}, tr.Threads[31].Pred, "extent 124: thread 31 predicate")
	assert.Equal(t, int64(-1), tr.Landed[124], "extent 124: landed[124]")
}

func TestCaseTextRoundTrip(t *testing.T) {
	for _, s := range []string{
		"atom=SM75_U32x4_LDSM_N elem=half_t thr=(8,4):(4,1) val=(4,2):(2,1) src=Sw<3,3,3>o((4,8),64):((512,64),1) dst=((4,8),(2,4)):((2,32),(1,8))",
		"atom=UniversalCopy<uint64_t> elem=uint4b_t thr=(8,4):(4,1) val=(1,16):(16,1) src=(8,64):(64,1) dst=(8,64):(72,1) extent=5x32",
	} {
		c := mustCase(t, s)
		assert.Equal(t, s, c.String(), "round trip")
	}
	for _, bad := range []string{"atom=SM75_U32x4_LDSM_X", "elem=half", "atom=SM75_U32x4_LDSM_N", "extent=3", "frob=1", "src=Sw<3,3>o(8,8)"} {
		_, err := ParseCase(bad)
		assert.Error(t, err, "%q parsed", bad)
	}
}

func seq(from, n int64) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = from + int64(i)
	}
	return out
}

// retile_S/retile_D. The tutorial's copy already orders a thread's values
// as the copy does, so retiling a strided (4,2,3):(6,1,2) fragment views it
// in its own colexicographic order. With values (2,16) m-major (value
// m+2n) and 4-bit elements in 64-bit vectors, Tiler_MN is (16,64):
// upcast<32*16> of (m,n) -> thread + 32*value, ((2,8),(16,4)):((32,4),(64,1)),
// keeps only n's 16:64 as 2:1, so frg_layout_v is (16,2):(1,16) and a
// compact (16,2,2) fragment is retiled to ((16,2),2,1): offsets 0..15,
// 32..47 (its n-rest), then 16..31, 48..63. CUTLASS v4.7.0's
// TiledCopy::retile, compiled with g++, prints the same.
func TestRetile(t *testing.T) {
	e, _ := ParseElement("float")
	tc, err := MakeTiledCopy("UniversalCopy<uint128_t>", e, mustLayout(t, "(32,8)"), mustLayout(t, "(4,1)"))
	require.NoError(t, err)
	got, modes, err := tc.Retile(mustLayout(t, "(_4,_2,_3):(_6,_1,_2)"))
	want := []int64{0, 6, 12, 18, 1, 7, 13, 19, 2, 8, 14, 20, 3, 9, 15, 21, 4, 10, 16, 22, 5, 11, 17, 23}
	assert.NoError(t, err, "tutorial: %v %v, want %v", got, modes, want)
	assert.Equal(t, want, got, "tutorial %v (%v)", modes, err)
	assert.Equal(t, []int64{4, 2, 3}, modes, "tutorial: %v (%v), want %v", got, err, want)
	e, _ = ParseElement("uint4b_t")
	tc, err = MakeTiledCopy("UniversalCopy<uint64_t>", e, mustLayout(t, "(8,4):(4,1)"), mustLayout(t, "(2,16)"))
	require.NoError(t, err)
	got, modes, err = tc.Retile(mustLayout(t, "(_16,_2,_2)"))
	want = slices.Concat(seq(0, 16), seq(32, 16), seq(16, 16), seq(48, 16))
	assert.NoError(t, err, "(2,16) values: %v %v, want %v", got, modes, want)
	assert.Equal(t, want, got, "(2,16) values %v (%v)", modes, err)
	assert.Equal(t, []int64{32, 2, 1}, modes, "(2,16) values: %v (%v), want %v", got, err, want)
}

func mustLayout(t *testing.T, s string) cute.Layout {
	t.Helper()
	l, err := cute.ParseLayout(s)
	require.NoError(t, err)
	return l
}
