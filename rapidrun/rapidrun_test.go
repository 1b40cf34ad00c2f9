package rapidrun

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestExamplesAreDeterministic(t *testing.T) {
	g := rapid.IntRange(0, 1<<30)
	a, b := Examples(g, 7, 20), Examples(g, 7, 20)
	for i := range a {
		require.Equal(t, b[i], a[i], "draw %d: %d then %d from one seed", i, a[i], b[i])
	}
	c := Examples(g, 8, 20)
	require.False(t, equal(a, c), "seeds 7 and 8 drew the same values %v", a)
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
	require.True(t, found, "Shrink = %d, %v; want the least failing value 1000", got, found)
	require.Equal(t, 1000, got, "Shrink = %d, %v; want the least failing value 1000", got, found)
	_, found = Shrink(g, 1, 50, func(v int) (int, bool) { return v, true }, func(int) bool { return false })
	require.False(t, found, "Shrink found a failure where none fails")
}
