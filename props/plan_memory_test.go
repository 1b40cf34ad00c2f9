package props

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
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

// The equivalences' descriptions, kept as data until a violation formats
// them, read as each equivalence's own format says.
func TestDescribeText(t *testing.T) {
	o := op(iterator.LoadTile, 3, -2)
	inc, ptr := op(iterator.Inc, 0, 0), op(iterator.LoadPtr, 12, 0)
	pass := op(iterator.Accesses, 0, 0)
	cases := []struct {
		d    describe
		want string
	}{
		{describe{f: describeSym, i: 1, o: o}, fmt.Sprintf("op %d: store(%d,%d) differs from load(%d,%d)", 1, o.A, o.B, o.A, o.B)},
		{describe{f: describeTile, i: 2, o: o, x: storeOp}, fmt.Sprintf("op %d: %s differs from add_tile_offset(%d,%d); %s", 2, o, o.A, o.B, storeOp)},
		{describe{f: describeIncTile, i: 0, o: inc, x: op(iterator.AddTileOffset, 0, -1)}, fmt.Sprintf("op %d: %s; load() differs from add_tile_offset(%d,%d); load()", 0, inc, 0, -1)},
		{describe{f: describeIncInverse, i: 4, o: inc, x: op(iterator.Dec, 0, 0)}, fmt.Sprintf("op %d: %s; %s is not an identity", 4, inc, op(iterator.Dec, 0, 0))},
		{describe{f: describeTileInverse, i: 5, o: o}, fmt.Sprintf("op %d: %s; add_tile_offset(%d,%d) is not an identity", 5, o, -o.A, -o.B)},
		{describe{f: describePtr, i: 6, o: ptr, x: op(iterator.AddPointerOffset, 3, 0), y: loadOp}, fmt.Sprintf("op %d: %s differs from add_pointer_offset(%d); %s", 6, ptr, 3, loadOp)},
		{describe{f: describeFamilyTile, i: 7, o: o, x: op(iterator.AddPointerOffset, -40, 0), y: pass}, fmt.Sprintf("op %d: %s; %s differs from add_pointer_offset(%d); %s", 7, o, pass, -40, pass)},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.d.String())
	}
}
