package cute_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cute"
)

// A layout pasted from cute::print, evaluated and composed.
func Example() {
	a, _ := cute.ParseLayout("(6,2):(8,2)")
	b, _ := cute.ParseLayout("(4,3):(3,1)")
	c, _ := cute.Composition(a, b)
	fmt.Println(c)
	x, _ := c.At(5) // = A(B(5))
	fmt.Println(x)
	// Output:
	// ((2,2),3):((24,2),8)
	// 32
}

// The model refuses a pair outside composition's documented
// precondition, naming the condition.
func ExampleComposition_precondition() {
	a, _ := cute.ParseLayout("(4,6,8):(2,3,5)")
	b, _ := cute.ParseLayout("6:3")
	_, err := cute.Composition(a, b)
	fmt.Println(err)
	// Output:
	// composition: stride divisibility: 3 and 4 do not divide one another (A mode 0 shape 4, B stride 3)
}

// A case, as reports write it, answered by the model.
func ExampleCase_Eval() {
	c, _ := cute.ParseCase("op=complement A=(2,2):(1,6) M=24")
	a := c.Eval()
	fmt.Println(a.Layout, a.Values)
	// Output:
	// (3,2):(2,12) [0 2 4 12 14 16]
}
