package gen_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// The quick preset: 24 diagonal configurations × 6 programs of
// RegularTileIterator, 40 random cases, 80 configurations per family class.
func ExamplePreset_Size() {
	s := gen.Quick.Size()
	fmt.Println(s.Configs, s.Programs, s.Random, s.Family)
	// Output:
	// 24 6 40 80
}

// The coverage floors a sweep must reach: RegularTileIterator's 17, and
// those of the predicated classes with their floors.
func ExampleTargets() {
	fmt.Println(len(gen.Targets(iterator.RegularTile)))
	c, _ := iterator.ClassByName("PredicatedTileAccessIterator")
	for _, t := range gen.Targets(c) {
		fmt.Println(t.Name, t.Floor)
	}
	// Output:
	// 17
	// B<8 0.05
	// rank 0 0.15
	// rank 1 0.15
	// cross-rank tile offset 0.1
	// residue ≠ tile 0.1
	// tb off the tile grid 0.05
	// access_elems < V 0.1
	// extent cuts a vector 0.05
	// pitch or pointer offset past 2^31 bytes 1
}

// Random cases are drawn deterministically from a seed: the same seed
// draws the same cases.
func ExampleRandomCases() {
	a := gen.RandomCases(iterator.RegularTile, 7, 10, props.PtrElements)
	b := gen.RandomCases(iterator.RegularTile, 7, 10, props.PtrElements)
	same := len(a) == len(b)
	for i := range a {
		same = same && a[i].Key() == b[i].Key() && fmt.Sprint(a[i].Program) == fmt.Sprint(b[i].Program)
	}
	fmt.Println(len(a), same)
	// Output:
	// 10 true
}
