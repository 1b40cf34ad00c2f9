package copycxx

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// named is a case with its name and what CuTe is expected to do with it:
// refuse it (refusal, a substring of the reason), or copy the tile
// elements copied says (nil: all of them) to their destination offsets.
// Where undefined says why the outcome is undefined (a warp-collective
// instruction some lanes skip), what happens is recorded, not judged.
type named struct {
	name      string
	c         tiledcopy.Case
	refusal   string
	copied    func(m, n int64) bool
	undefined string
}

// The ldmatrix and stmatrix shared-memory tiles: under thread layout
// (32,1) and value layout (1,V), thread t's value v is the tile's (t, v);
// these layouts put the row each thread addresses (8 halves) at 8
// consecutive offsets, 16 bytes apart from row to row (derived from
// Copy_Traits' SrcLayout and DstLayout in cute/atom/copy_traits_sm75.hpp).
// The register side is (32,V):(V,1): each thread's values consecutive.
const (
	ldsmN1 = "(_32,_2):(_2,_1)"
	ldsmN2 = "(_32,(_2,_2)):(_2,(_1,_64))"
	ldsmN4 = "(_32,(_2,_4)):(_2,(_1,_64))"
	ldsmT2 = "((_4,_8),_2):((_16,_1),_8)"
	ldsmT4 = "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))"
	ldsmT8 = "((_4,_8),(_2,_4)):((_16,_1),(_8,_64))"
)

// matrixCase is an ldmatrix (shared memory to registers) or, with
// toShared, stmatrix case of half_t over thread layout (32,1).
func matrixCase(t *testing.T, atom, val, smem string, toShared bool) tiledcopy.Case {
	c := copyCase(t, atom, "half_t", 16, "(_32,_1):(_1,_0)", val, smem)
	v := layout(t, val).Shape.Mode(1).Val
	reg := tiledcopy.Tensor{Layout: layout(t, "(_32,_"+itoa(v)+"):(_"+itoa(v)+",_1)")}
	if toShared {
		c.Src = reg
	} else {
		c.Dst = reg
	}
	return c
}

// hostCases are the host test's cases; the GPU test adds gpuCases.
func hostCases(t *testing.T) []named {
	half := func(atom, thr, val, tile string) tiledcopy.Case {
		return copyCase(t, atom, "half_t", 16, thr, val, tile)
	}
	const thr, val8, tile = "(_32,_8):(_8,_1)", "(_1,_8):(_1,_1)", "(_32,_64):(_64,_1)"
	base := half("UniversalCopy<uint128_t>", thr, val8, tile)
	sw := base
	sw.Dst.Swizzle = &cute.Swizzle{B: 3, M: 3, S: 3}
	ext := base
	ext.Extent = []int64{20, 36}
	wide := base
	wide.Element.Bits = 32
	ca := half("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", thr, val8, tile)
	ca.Dst.Swizzle = &cute.Swizzle{B: 3, M: 3, S: 3}
	return []named{
		{name: "universal128", c: base},
		{name: "universal128-dynamic-strides", c: half("UniversalCopy<uint128_t>", thr, val8, "(32,64):(64,1)"), refusal: "failed to vectorize"},
		{name: "universal128-swizzled-dst", c: sw},
		// CuTe's copy_if gates a whole atom call on its first value: columns
		// 32..39 are one call, copied since column 32 < 36.
		{name: "universal128-copy_if", c: ext, copied: func(m, n int64) bool { return m < 20 && n < 40 }},
		{name: "element-width-wrong", c: wide, refusal: "element width"},
		{name: "too-few-values", c: half("UniversalCopy<uint128_t>", thr, "(_1,_4):(_1,_1)", "(_32,_32):(_32,_1)"), refusal: "too few vals"},
		{name: "universal32-uint8", c: copyCase(t, "UniversalCopy<uint32_t>", "uint8_t", 8, "(_16,_8):(_8,_1)", "(_1,_4):(_1,_1)", "(_16,_32):(_32,_1)")},
		{name: "universal16-uint4b", c: copyCase(t, "UniversalCopy<uint16_t>", "uint4b_t", 4, "(_8,_8):(_8,_1)", "(_1,_4):(_1,_1)", "(_8,_32):(_32,_1)")},
		{name: "universal16-negative-stride", c: half("UniversalCopy<uint16_t>", thr, "(_1,_1):(_1,_1)", "(32,8):(8,-1)"), refusal: "crashed: SIGABRT"},
		{name: "universal16-dynamic", c: half("UniversalCopy<uint16_t>", thr, "(_1,_1):(_1,_1)", "(32,8):(8,1)")},
		{name: "ldsm-n-x4", c: matrixCase(t, "SM75_U32x4_LDSM_N", val8, ldsmN4, false)},
		{name: "ldsm-t-x8", c: matrixCase(t, "SM75_U16x8_LDSM_T", val8, ldsmT8, false)},
		{name: "ldsm-n-x4-row-major", c: matrixCase(t, "SM75_U32x4_LDSM_N", val8, "(_32,_8):(_8,_1)", false), refusal: "failed to vectorize"},
		{name: "stsm-n-x4", c: matrixCase(t, "SM90_U32x4_STSM_N", val8, ldsmN4, true)},
		{name: "cp.async128-swizzled-dst", c: ca},
		// Two calls per thread in each mode (CPY_M = CPY_N = 2).
		{name: "universal128-2x2-calls", c: half("UniversalCopy<uint128_t>", thr, val8, "(_64,_128):(_128,_1)")},
		// Column-major: each thread's 8 values run down a column.
		{name: "universal128-col-major", c: half("UniversalCopy<uint128_t>", "(_8,_32):(_1,_8)", "(_8,_1):(_1,_1)", "(_64,_32):(_1,_64)")},
	}
}

// gpuCases are the further cases the GPU runs: every ldmatrix width, and
// cp.async and stmatrix with copy_if.
func gpuCases(t *testing.T) []named {
	ca := copyCase(t, "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "half_t", 16, "(_32,_8):(_8,_1)", "(_1,_8):(_1,_1)", "(_32,_64):(_64,_1)")
	ca.Extent = []int64{31, 17}
	st := matrixCase(t, "SM90_U32x4_STSM_N", "(_1,_8):(_1,_1)", ldsmN4, true)
	st.Extent = []int64{30, 3}
	return []named{
		{name: "ldsm-n-x1", c: matrixCase(t, "SM75_U32x1_LDSM_N", "(_1,_2):(_1,_1)", ldsmN1, false)},
		{name: "ldsm-n-x2", c: matrixCase(t, "SM75_U32x2_LDSM_N", "(_1,_4):(_1,_1)", ldsmN2, false)},
		{name: "ldsm-t-x2", c: matrixCase(t, "SM75_U16x2_LDSM_T", "(_1,_2):(_1,_1)", ldsmT2, false)},
		{name: "ldsm-t-x4", c: matrixCase(t, "SM75_U16x4_LDSM_T", "(_1,_4):(_1,_1)", ldsmT4, false)},
		{name: "cp.async128-copy_if", c: ca, copied: func(m, n int64) bool { return m < 31 && n < 24 }},
		// One stmatrix call per thread (8 values): copy_if gates it on the
		// thread's first value, (t, 0), so lanes 30 and 31 skip a
		// warp-collective instruction the others execute.
		{name: "stsm-n-x4-copy_if", c: st, copied: func(m, n int64) bool { return m < 30 }, undefined: "lanes 30 and 31 skip stmatrix.sync.aligned, which all 32 must execute"},
	}
}

// landing compares what landed with what the case expects: at each tile
// element's destination offset (the swizzle applied) its coordinate where
// copied (all of them when copied is nil), -1 at every other offset.
// Returns the offsets that differ, with the first few described.
func landing(t *testing.T, n named, landed []int64) (bad int, examples []string) {
	t.Helper()
	c := n.c
	size, err := c.Dst.Layout.Size()
	require.NoError(t, err)
	rows, err := c.Src.Layout.Shape.Mode(0).Product()
	require.NoError(t, err)
	want := map[int64]int64{}
	for i := int64(0); i < size; i++ {
		if n.copied != nil && !n.copied(i%rows, i/rows) {
			continue
		}
		o, err := c.Dst.Layout.At(i)
		require.NoError(t, err)
		if c.Dst.Swizzle != nil {
			o = c.Dst.Swizzle.Apply(o)
		}
		want[o] = i
	}
	for o, got := range landed {
		w, ok := want[int64(o)]
		if !ok {
			w = -1
		}
		if got != w {
			bad++
			if len(examples) < 4 {
				examples = append(examples, fmtLanding(int64(o), got, w))
			}
		}
		delete(want, int64(o))
	}
	for o, w := range want {
		bad++
		if len(examples) < 4 {
			examples = append(examples, fmtLanding(o, -1, w)+" (past Landed)")
		}
	}
	return bad, examples
}

func fmtLanding(o, got, want int64) string {
	return "offset " + itoa(o) + ": got " + itoa(got) + ", want " + itoa(want)
}
