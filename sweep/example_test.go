package sweep_test

import (
	"context"
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/sweep"
)

// A sweep of the cutlass model (CUTLASS v4.7.0, after PR #3049): load and
// store agree with each other (P-sym), yet both disagree with
// add_tile_offset (P-tile), the symmetric bug #3049 left.
func ExampleRun() {
	rep, err := sweep.Run(context.Background(), sweep.Options{Iterator: "cutlass", Preset: "quick", Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("verdict:", rep.Verdict)
	for _, p := range rep.Properties {
		if p.ID == "P-sym" || p.ID == "P-tile" {
			fmt.Println(p.ID, p.Status)
		}
	}
	// Output:
	// verdict: fail
	// P-sym pass
	// P-tile fail
}

// One case judged by one property: the replay command of every
// counterexample (tilecheck check) does this.
func ExampleCheck() {
	cfg, err := iterator.ParseConfig("elem=f16 shape=64x8 threads=32 access=8")
	if err != nil {
		fmt.Println(err)
		return
	}
	prog, err := iterator.ParseProgram("load(1,0)")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, model := range []string{"reference", "cutlass"} {
		res, err := sweep.Check(sweep.CheckOptions{Iterator: model, Config: cfg, Program: prog, Property: "P-tile", Thread: -1})
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, r := range res {
			fmt.Println(model, r.ID, r.Status)
		}
	}
	// Output:
	// reference P-tile pass
	// cutlass P-tile fail
}
