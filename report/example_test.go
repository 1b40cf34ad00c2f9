package report_test

import (
	"encoding/json"
	"fmt"

	"github.com/tilecheck/tilecheck/report"
)

// A counterexample's replay command, read back into values: here the
// P-index counterexample docs/properties.md shows.
func ExampleReplay_UnmarshalText() {
	cmd := "tilecheck check --iterator cutlass --config 'elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=536870976' --ops 'load(1,0);store(1,0)' --property P-index --thread 0"
	var r report.Replay
	if err := r.UnmarshalText([]byte(cmd)); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Iterator, r.Ops, r.Property, r.Thread)
	fmt.Println(r.String() == cmd)
	// Output:
	// cutlass load(1,0);store(1,0) P-index 0
	// true
}

// A verdict is one of a closed set, carried by name in JSON: decoding
// rejects any other name.
func ExampleVerdict() {
	var r report.Report
	fmt.Println(json.Unmarshal([]byte(`{"verdict":"weak"}`), &r) == nil, r.Verdict == report.Weak)
	fmt.Println(json.Unmarshal([]byte(`{"verdict":"ok"}`), &r) == nil)
	// Output:
	// true true
	// false
}
