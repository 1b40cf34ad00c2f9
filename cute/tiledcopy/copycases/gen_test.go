package copycases

import (
	"testing"
)

// A seed draws the same cases, and every case's text form reads back.
func TestDeterministicAndParses(t *testing.T) {
	a, b := Draw(7, 200), Draw(7, 200)
	for i := range a {
		if a[i].String() != b[i].String() {
			t.Fatalf("case %d differs: %v / %v", i, a[i], b[i])
		}
		c, err := tiledcopyParse(a[i].String())
		if err != nil || c != a[i].String() {
			t.Fatalf("case %d: %v does not read back (%v)", i, a[i], err)
		}
	}
}
