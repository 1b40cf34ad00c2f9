package copycxx

import (
	"context"
	"testing"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/tiledcopy"
	"github.com/tilecheck/tilecheck/internal/realcutlass"
)

func TestExplore(t *testing.T) {
	inc := realcutlass.Include(t, "v4.7.0")
	base := copyCase(t, "UniversalCopy<uint128_t>", "half_t", 16, "(_32,_8):(_8,_1)", "(_1,_8):(_1,_1)", "(_32,_64):(_64,_1)")
	dyn := copyCase(t, "UniversalCopy<uint128_t>", "half_t", 16, "(_32,_8):(_8,_1)", "(_1,_8):(_1,_1)", "(32,64):(64,1)")
	sw := base
	sw.Dst.Swizzle = &cute.Swizzle{B: 3, M: 3, S: 3}
	ext := base
	ext.Extent = []int64{20, 36}
	wide := base
	wide.Element.Bits = 32
	short := copyCase(t, "UniversalCopy<uint128_t>", "half_t", 16, "(_32,_8):(_8,_1)", "(_1,_4):(_1,_1)", "(_32,_32):(_32,_1)")
	u8 := copyCase(t, "UniversalCopy<uint32_t>", "uint8_t", 8, "(_16,_8):(_8,_1)", "(_1,_4):(_1,_1)", "(_16,_32):(_32,_1)")
	u4 := copyCase(t, "UniversalCopy<uint16_t>", "uint4b_t", 4, "(_8,_8):(_8,_1)", "(_1,_4):(_1,_1)", "(_8,_32):(_32,_1)")
	ldsm := copyCase(t, "SM75_U32x4_LDSM_N", "half_t", 16, "(_32,_1):(_1,_0)", "(_1,_8):(_1,_1)", "(_32,_8):(_8,_1)")
	neg := copyCase(t, "UniversalCopy<uint16_t>", "half_t", 16, "(_32,_8):(_8,_1)", "(_1,_1):(_1,_1)", "(32,8):(8,-1)")
	pos := copyCase(t, "UniversalCopy<uint16_t>", "half_t", 16, "(_32,_8):(_8,_1)", "(_1,_1):(_1,_1)", "(32,8):(8,1)")
	l1 := copyCase(t, "SM75_U32x1_LDSM_N", "half_t", 16, "(_32,_1):(_1,_0)", "(_1,_2):(_1,_1)", "(_32,_2):(_2,_1)")
	l2 := copyCase(t, "SM75_U32x2_LDSM_N", "half_t", 16, "(_32,_1):(_1,_0)", "(_1,_4):(_1,_1)", "(_32,(_2,_2)):(_2,(_1,_64))")
	l4 := copyCase(t, "SM75_U32x4_LDSM_N", "half_t", 16, "(_32,_1):(_1,_0)", "(_1,_8):(_1,_1)", "(_32,(_2,_4)):(_2,(_1,_64))")
	t2 := copyCase(t, "SM75_U16x2_LDSM_T", "half_t", 16, "(_32,_1):(_1,_0)", "(_1,_2):(_1,_1)", "((_4,_8),_2):((_16,_1),_8)")
	t4 := copyCase(t, "SM75_U16x4_LDSM_T", "half_t", 16, "(_32,_1):(_1,_0)", "(_1,_4):(_1,_1)", "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))")
	t8 := copyCase(t, "SM75_U16x8_LDSM_T", "half_t", 16, "(_32,_1):(_1,_0)", "(_1,_8):(_1,_1)", "((_4,_8),(_2,_4)):((_16,_1),(_8,_64))")
	st := copyCase(t, "SM90_U32x4_STSM_N", "half_t", 16, "(_32,_1):(_1,_0)", "(_1,_8):(_1,_1)", "(_32,(_2,_4)):(_2,(_1,_64))")
	ca := copyCase(t, "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "half_t", 16, "(_32,_8):(_8,_1)", "(_1,_8):(_1,_1)", "(_32,_64):(_64,_1)")
	ca.Dst.Swizzle = &cute.Swizzle{B: 3, M: 3, S: 3}
	cases := []tiledcopy.Case{base, dyn, sw, ext, wide, short, u8, u4, ldsm, neg, pos, l1, l2, l4, t2, t4, t8, st, ca}
	res, err := Answer(context.Background(), Options{Include: inc, CacheDir: testCache(t), Progress: func(s string) { t.Log(s) }}, cases)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res {
		t.Logf("case %d: rejected %q bits %d/%d threads %d stray %v", i, r.Rejected, r.SrcBits, r.DstBits, len(r.Threads), r.Stray)
		if len(r.Threads) > 1 {
			t.Logf("  t0 %v\n  t1 %v", r.Threads[0], r.Threads[1])
		}
		if len(r.Landed) > 0 {
			t.Logf("  landed %v", r.Landed[:min(80, len(r.Landed))])
		}
	}
}
