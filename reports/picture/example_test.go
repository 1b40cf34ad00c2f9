package picture_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/reports/picture"
)

// A picture of thread 5 of the README's cutlass-pre3049 case: its load at
// tile (1,0) is not where the reference loads, so the reference is drawn
// for that path.
func ExampleFromTraces() {
	cfg, _ := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	prog, _ := iterator.ParseProgram("load(1,0);store(1,0)")
	trace := func(name string) iterator.ThreadTrace {
		m, _ := iterator.ModelByName(name)
		trs, _ := iterator.TraceThreads(m, cfg, prog, []int{5})
		return trs[0]
	}
	d := picture.FromTraces("cutlass-pre3049 P-sym: thread 5", "", cfg, prog, trace("cutlass-pre3049"), trace("reference"))
	for _, p := range d.Paths {
		fmt.Printf("%s: differs from the reference: %v\n", p.Label, p.Reference != nil)
	}
	var svg bytes.Buffer
	if err := picture.SVG(&svg, d); err != nil {
		fmt.Println(err)
	}
	fmt.Println(strings.Count(svg.String(), `class="tc-acc `), "access rects")
	// Output:
	// op 0: load(1,0): differs from the reference: true
	// op 1: load(1,0); store(1,0): differs from the reference: false
	// 8 access rects
}
