package props

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// containsThreads, the shortcut needs.add takes before merging two thread
// lists, says yes exactly when the merge would give the first list back.
func TestContainsThreadsMatchesMerge(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	list := func() []int {
		var l []int
		for th := range 12 {
			if r.IntN(3) > 0 {
				l = append(l, th)
			}
		}
		if r.IntN(8) == 0 && len(l) > 1 {
			l[0], l[1] = l[1], l[0] // unsorted: never the shortcut
		}
		return l
	}
	for range 20000 {
		have, threads := sortedThreads(list(), nil), list()
		merged := sortedThreads(have, threads)
		want := isStrictlySorted(threads) && slices.Equal(merged, have)
		if got := containsThreads(have, threads); got != want {
			t.Fatalf("containsThreads(%v, %v) = %v; the merge gives %v", have, threads, got, merged)
		}
	}
}
