package reports_test

import (
	"fmt"
	"os"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/reports"
)

// Traces as JSON lines, as tilecheck trace prints them: the README's
// cutlass-pre3049 trace, whose load and store at tile (1,0) disagree.
func ExampleTraceWriter() {
	cfg, _ := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	prog, _ := iterator.ParseProgram("load(1,0);store(1,0);add_tile_offset(1,0);load()")
	m, _ := iterator.ModelByName("cutlass-pre3049")
	trs, err := iterator.TraceThreads(m, cfg, prog, []int{5})
	if err != nil {
		fmt.Println(err)
		return
	}
	w := reports.NewTraceWriter(os.Stdout, cfg.Class.Predicated())
	for _, r := range trs[0].Records {
		if err := w.Write(r); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"thread":5,"op":0,"kind":"load","access_bytes":16,"addrs":[144,656,1168,1680]}
	// {"thread":5,"op":1,"kind":"store","access_bytes":16,"addrs":[336,848,1360,1872]}
	// {"thread":5,"op":3,"kind":"load","access_bytes":16,"addrs":[336,848,1360,1872]}
}
