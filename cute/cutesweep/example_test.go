package cutesweep_test

import (
	"context"
	"fmt"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/cutesweep"
)

// A sweep of the Go model over composition cases: every law holds and
// every control is killed.
func ExampleRun() {
	res, err := cutesweep.Run(context.Background(), cutesweep.Options{
		Cases: 300, Seed: 1, StaticEvery: 1, Ops: []cute.Op{cute.OpComposition, cute.OpComplement},
	})
	if err != nil {
		panic(err)
	}
	r := res.Report()
	for _, p := range r.Properties {
		if p.Cases > 0 {
			fmt.Println(p.ID, p.Status)
		}
	}
	// Output:
	// L-compose pass
	// L-complement pass
	// L-static-dynamic pass
}

// One case judged by every law of its operation, as a replay does.
func ExampleCheck() {
	c, _ := cute.ParseCase("op=composition A=(6,2):(8,2) B=(4,3):(3,1)")
	res, _ := cutesweep.Check(context.Background(), cutesweep.Model{}, c, nil)
	fmt.Println(res.Failed())
	// Output:
	// false
}
