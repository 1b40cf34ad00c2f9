package copyprops_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copyprops"
)

// P-vector finds the padded pitch of docs/cute.md: thread 8 reads row 1,
// at element offset 68, bit 68·16 = 1088, which is not a multiple of 128.
func Example() {
	c, _ := tiledcopy.ParseCase("atom=UniversalCopy<uint128_t> elem=half_t thr=(4,8):(8,1) val=(1,8):(8,1) src=(4,64):(68,1) dst=Sw<3,3,3>o(4,64):(64,1)")
	v := copyprops.Vector.Check(c, c.Eval())
	fmt.Println(v.Thread)
	fmt.Println(v.Detail)
	// Output:
	// 8
	// thread 8's source call 0 starts at offset 68, bit 1088, not aligned to its 128-bit vector
}

// Every property holds on the model's answer to the ldmatrix case of
// docs/cute.md, whose check ends in "verdict: pass".
func ExampleAll() {
	c, _ := tiledcopy.ParseCase("atom=SM75_U32x4_LDSM_N elem=half_t thr=(8,4):(4,1) val=(4,2):(2,1) src=Sw<3,3,3>o((4,8),64):((512,64),1) dst=((4,8),(2,4,8)):((2,32),(1,8,256))")
	tr := c.Eval()
	for _, p := range copyprops.All() {
		fmt.Println(p.ID, p.Check(c, tr) == nil)
	}
	// Output:
	// P-copy-once true
	// P-same-element true
	// P-vector true
	// P-predicate true
	// P-swizzle-bijection true
	// P-address true
	// P-calls true
}
