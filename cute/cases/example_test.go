package cases_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/cases"
)

// Drawn composition cases read back from their text, and hold operands
// inside the precondition and operands the model refuses.
func ExampleDraw() {
	cs := cases.Draw(1, 200, []cute.Op{cute.OpComposition})
	inside, refused, readBack := 0, 0, 0
	for _, c := range cs {
		if back, err := cute.ParseCase(c.String()); err == nil && back.String() == c.String() {
			readBack++
		}
		if c.Eval().Rejected == "" {
			inside++
		} else {
			refused++
		}
	}
	fmt.Println(len(cs), readBack, inside > 0, refused > 0)
	// Output:
	// 200 200 true true
}

// The coverage floors a CuTe sweep must reach, as docs/cute.md lists them.
func ExampleTargets() {
	for _, t := range cases.Targets {
		fmt.Printf("%s %.0f%%\n", t.Name, 100*t.Floor)
	}
	// Output:
	// depth >= 2 15%
	// stride 0 (broadcast) 10%
	// extent not a power of two 30%
	// refused by a precondition 5%
	// inside every precondition 50%
	// static integers 10%
	// cosize >= 2^30 1%
}
