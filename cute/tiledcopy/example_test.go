package tiledcopy_test

import (
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// The ldmatrix x4 case of docs/cute.md: 32 threads (atoms of 32), 8 calls
// each of 128 bits (8 half_t), and thread 0's first partition_S and
// partition_D values, element@offset.
func Example() {
	c, err := tiledcopy.ParseCase("atom=SM75_U32x4_LDSM_N elem=half_t thr=(8,4):(4,1) val=(4,2):(2,1) src=Sw<3,3,3>o((4,8),64):((512,64),1) dst=((4,8),(2,4,8)):((2,32),(1,8,256))")
	if err != nil {
		fmt.Println(err)
		return
	}
	tr := c.Eval()
	t0 := tr.Threads[0]
	fmt.Println(len(tr.Threads), tr.AtomThreads, len(t0.Src)/int(tr.SrcAtomVals), tr.VectorBits, tr.DstVectorBits)
	for _, side := range [][]tiledcopy.Slot{t0.Src[:9], t0.Dst[:9]} {
		var vals []string
		for _, s := range side {
			vals = append(vals, fmt.Sprintf("%d@%d", s.Coord, s.Offset))
		}
		fmt.Println(strings.Join(vals, " "))
	}
	// Output:
	// 32 32 8 128 128
	// 0@0 32@1 64@2 96@3 128@4 160@5 192@6 224@7 256@8
	// 0@0 32@1 1@2 33@3 2@4 34@5 3@6 35@7 256@256
}
