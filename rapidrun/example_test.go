package rapidrun_test

import (
	"fmt"
	"slices"

	"github.com/tilecheck/tilecheck/rapidrun"
	"pgregory.net/rapid"
)

// Shrinking outside a test: of the integers in [0, 1000] that are at
// least 100, rapid minimises a failing draw to the smallest, 100.
func ExampleShrink() {
	g := rapid.IntRange(0, 1000)
	keep := func(x int) (int, bool) { return x, true }
	x, found := rapidrun.Shrink(g, 1, 100, keep, func(x int) bool { return x >= 100 })
	fmt.Println(x, found)
	// Output:
	// 100 true
}

// Drawing is deterministic: a seed draws the same values, and a long draw
// can be taken in parts.
func ExampleExamples() {
	g := rapid.IntRange(0, 1000)
	all := rapidrun.Examples(g, 7, 10)
	again := rapidrun.Examples(g, 7, 10)
	tail := rapidrun.ExamplesFrom(g, 7, 4, 6)
	fmt.Println(len(all), slices.Equal(all, again), slices.Equal(all[4:], tail))
	// Output:
	// 10 true true
}
