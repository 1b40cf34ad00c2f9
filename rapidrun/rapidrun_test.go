package rapidrun

import (
	"testing"

	"pgregory.net/rapid"
)

func TestExamplesAreDeterministic(t *testing.T) {
	g := rapid.IntRange(0, 1<<30)
	a, b := Examples(g, 7, 20), Examples(g, 7, 20)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("draw %d: %d then %d from one seed", i, a[i], b[i])
		}
	}
	if c := Examples(g, 8, 20); equal(a, c) {
		t.Fatalf("seeds 7 and 8 drew the same values %v", a)
	}
}

func equal(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestShrinkMinimises(t *testing.T) {
	g := rapid.IntRange(0, 1<<20)
	got, found := Shrink(g, 1, 200, func(v int) (int, bool) { return v, true }, func(v int) bool { return v >= 1000 })
	if !found || got != 1000 {
		t.Fatalf("Shrink = %d, %v; want the least failing value 1000", got, found)
	}
	_, found = Shrink(g, 1, 50, func(v int) (int, bool) { return v, true }, func(int) bool { return false })
	if found {
		t.Fatal("Shrink found a failure where none fails")
	}
}
