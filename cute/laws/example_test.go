package laws_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/laws"
)

// L-compose holds on the model's answer and breaks on compiled CuTe's from
// docs/cute.md at index 8: A(B(8)) = A(65) = 65, but C(8) = 128.
func Example() {
	c, _ := cute.ParseCase("op=composition A=(((4,16),(8))):(((1,4),(64))) B=(8,8):(4,65)")
	fmt.Println(laws.Compose.Check(c, c.Eval(), nil) == nil)

	got, _ := cute.ParseLayout("((1,8,1),(1,1,8)):((4,4,64),(65,68,128))")
	n, _ := got.Size()
	answer := cute.Answer{Layout: got}
	for i := range n {
		x, _ := got.At(i)
		answer.Values = append(answer.Values, x)
	}
	v := laws.Compose.Check(c, answer, nil)
	fmt.Println(v.Index, v.Expected, v.Actual)
	// Output:
	// true
	// 8 [65] [128]
}
