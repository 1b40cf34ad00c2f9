package iterator_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
)

// Thread 5 of the README's float 64x8 tile (V = 4) loading tile (1,0): the
// reference at byte (64+20)·4 = 336, cutlass, dividing by V, at (16+20)·4 = 144.
func ExampleTraceThreads() {
	cfg, _ := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	prog, _ := iterator.ParseProgram("load(1,0)")
	for _, name := range []string{"reference", "cutlass"} {
		m, _ := iterator.ModelByName(name)
		trs, err := iterator.TraceThreads(m, cfg, prog, []int{5})
		if err != nil {
			fmt.Println(err)
			return
		}
		r := trs[0].Records[0]
		fmt.Println(name, r.Kind, r.AccessBytes, r.Addrs)
	}
	// Output:
	// reference load 16 [336 848 1360 1872]
	// cutlass load 16 [144 656 1168 1680]
}

// The stripmined thread map of that tile: Qc = 64/4 = 16 vector columns
// and 32 threads, so each thread makes 8/(32/16) = 4 accesses, 2 rows apart,
// and thread 5 starts at element (5·4, 0).
func ExampleValidate() {
	cfg, _ := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4")
	m, err := iterator.Validate(cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("iterations", m.Iter, "delta", m.Delta, "thread 5 at", m.Init(5))
	// Output:
	// iterations (1,4) delta (1,2) thread 5 at (20,0)
}
