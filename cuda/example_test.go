package cuda_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cuda"
)

// What a probe of a CUTLASS checkout compiles: the checkout's namespace,
// compared with the cutlass Go model, and beside it tilecheck's own
// controls C-load-div and C-pitch-plus-one and the identity copy.
func ExampleVariantsFor() {
	vs, err := cuda.VariantsFor("cutlass", "cutlass")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range vs {
		fmt.Println(v.Label(), v.Role, v.Rendition())
	}
	// Output:
	// cutlass iterator false
	// C-load-div control true
	// C-pitch-plus-one control true
	// identity-copy identity true
}
