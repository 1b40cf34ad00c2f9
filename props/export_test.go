package props

import "github.com/tilecheck/tilecheck/iterator"

// Internals for the external tests (package props_test, which may import
// gen: gen imports props, so a test inside props cannot).

// FamilyPTile is P-tile judged with the family's equivalences only.
var FamilyPTile = familyPTile

// TraverseJudged says whether a case is inside P-traverse's preconditions.
func TraverseJudged(c Case) bool {
	_, why := traverseRegion(c)
	return why == ""
}

// ExactMasks answers exactMask for every (recording op, thread) of progs on
// c twice, through one configuration memo shared by all the calls and
// without it, and calls f with both answers.
func ExactMasks(c Case, progs []iterator.Program, f func(prog iterator.Program, i, thread int, memo, full []bool, memoOK, fullOK bool)) {
	g := &groupMemo{}
	for _, prog := range progs {
		for i, o := range prog {
			if !o.Records() {
				continue
			}
			for _, th := range c.Threads {
				m, mok := g.exactMask(c, prog, i, th)
				full, fok := computeExactMask(c, prog, i, th)
				f(prog, i, th, m, full, mok, fok)
			}
		}
	}
}
