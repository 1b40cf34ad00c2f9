package diff_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/diff"
	"github.com/tilecheck/tilecheck/iterator"
)

// Two Go models compared on one case: the store with a tile offset is
// what CUTLASS's fix changed.
func ExampleCompare() {
	cfg, _ := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	prog, _ := iterator.ParseProgram("load(1,0);store(1,0)")
	pairs := []diff.Pair{{Config: cfg, Program: prog}}
	side := func(name string) diff.Side {
		m, _ := iterator.ModelByName(name)
		runs, _ := diff.TraceModel(m, pairs)
		return diff.Side{Label: name, Runs: runs}
	}
	rep := diff.Compare(side("cutlass-pre3049"), side("cutlass"), diff.Options{})
	for _, g := range rep.Groups {
		e := g.Examples[0]
		fmt.Printf("%s · %s: %d accesses; thread %d: %d → %d\n", g.Path, g.ConfigClass, g.Accesses, e.Thread, *e.A.Addr, *e.B.Addr)
	}
	// Output:
	// store(frag, tile) · pitchlinear 32-bit V>1: 128 accesses; thread 0: 256 → 64
}
