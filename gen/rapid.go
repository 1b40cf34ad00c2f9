package gen

import (
	"sync"

	"pgregory.net/rapid"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/rapidrun"
)

// intRange is rapid.IntRange(lo, hi), built once per range. The
// generators draw their integers through it: building a generator (two
// allocations and a map lookup by kind name) cost more than drawing from
// it, and a shrink draws millions. A generator holds no state a draw
// changes, so every draw, from any goroutine, may share one; the values
// drawn are the same as from a new one.
func intRange(lo, hi int) *rapid.Generator[int] {
	k := [2]int{lo, hi}
	intRanges.RLock()
	g, ok := intRanges.m[k]
	intRanges.RUnlock()
	if ok {
		return g
	}
	intRanges.Lock()
	defer intRanges.Unlock()
	if g, ok = intRanges.m[k]; !ok {
		g = rapid.IntRange(lo, hi)
		intRanges.m[k] = g
	}
	return g
}

var intRanges = struct {
	sync.RWMutex
	m map[[2]int]*rapid.Generator[int]
}{m: map[[2]int]*rapid.Generator[int]{}}

// Shrink searches, with rapid, for random cases of class that fail (fails
// says whether one does), drawing checks cases from seed, and returns the
// failing case rapid minimised (fewest ops, smallest V, tile, offsets and
// threads); found is false when none of its checks failed. fails is called
// on one goroutine, the minimised case last.
func Shrink(class iterator.Class, contract props.Contract, seed int64, checks int, fails func(props.Case) bool) (c props.Case, found bool) {
	return rapidrun.Shrink(caseGenFor(class), seed, checks, func(g genCase) (props.Case, bool) {
		d, err := g.toCase(contract)
		return d, err == nil
	}, fails)
}
