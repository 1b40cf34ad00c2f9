package copysweep_test

import (
	"context"
	"fmt"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copysweep"
)

// The ldmatrix case of docs/cute.md judged: the model passes; the control
// C-value-layout fails P-same-element, and P-model as it is not the model.
func ExampleCheck() {
	c, _ := tiledcopy.ParseCase("atom=SM75_U32x4_LDSM_N elem=half_t thr=(8,4):(4,1) val=(4,2):(2,1) src=Sw<3,3,3>o((4,8),64):((512,64),1) dst=((4,8),(2,4,8)):((2,32),(1,8,256))")
	for _, src := range []copysweep.Source{copysweep.Model{}, copysweep.ByID("C-value-layout").AsSource()} {
		res, err := copysweep.Check(context.Background(), src, c, nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		var failed []string
		for _, j := range res.Judged {
			if j.Violation != nil {
				failed = append(failed, j.Prop.ID)
			}
		}
		fmt.Println(res.Failed(), failed)
	}
	// Output:
	// false []
	// true [P-same-element P-model]
}

// The controls a sweep must see killed, each by the property named.
func ExampleControls() {
	for _, k := range copysweep.Controls() {
		fmt.Println(k.ID, k.MustKill)
	}
	// Output:
	// C-value-layout [P-same-element]
	// C-trans-as-n [P-same-element]
	// C-vector-ignores-stride [P-vector]
	// C-swizzle-one-side [P-address]
	// C-swizzle-clears [P-swizzle-bijection]
	// C-pred-off-by-one [P-predicate]
	// C-thread-broadcast [P-copy-once]
	// C-partial-call [P-calls]
}
