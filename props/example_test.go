package props_test

import (
	"context"
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// A library user's model is swept by wrapping it in a Source: properties
// judge the traces it produces, exactly as they judge compiled C++. Here the
// model is tilecheck's reference, which meets every property.
func ExampleModelSource() {
	m, err := iterator.ModelByName("reference")
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := sweep.Run(context.Background(), sweep.Options{Iterator: "reference", Preset: "quick", Seed: 1, Source: props.ModelSource(m)})
	if err != nil {
		fmt.Println(err)
		return
	}
	failed := 0
	for _, p := range rep.Properties {
		if p.Status == report.Violated {
			failed++
		}
	}
	fmt.Println("verdict:", rep.Verdict, "failed properties:", failed)
	// Output:
	// verdict: pass failed properties: 0
}
