package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
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
		require.Equal(t, want, containsThreads(have, threads), "containsThreads(%v, %v); the merge gives %v", have, threads, merged)
	}
}
