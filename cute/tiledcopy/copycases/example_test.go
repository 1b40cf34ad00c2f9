package copycases_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copycases"
)

// 300 drawn cases reach all 15 atoms docs/cute.md lists (5 UniversalCopy,
// 3 cp.async, 3 ldmatrix, 3 .trans, 1 stmatrix) in 5 families, and read back.
func ExampleDraw() {
	cs := copycases.Draw(1, 300)
	atoms := map[tiledcopy.Atom]bool{}
	families := map[copycases.Family]bool{}
	readBack := 0
	for _, c := range cs {
		atoms[c.Atom] = true
		families[copycases.FamilyOf(c.Atom)] = true
		if back, err := tiledcopy.ParseCase(c.String()); err == nil && back.String() == c.String() {
			readBack++
		}
	}
	fmt.Println(len(atoms), len(tiledcopy.Atoms()), len(families), readBack)
	// Output:
	// 15 15 5 300
}
