package props

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
)

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
		// The case as a plan holds it, in the group, two ways: prog as the
		// case's own program (its origins by op index) and as a program
		// derived from another case program (its origins by program).
		own, derived := c, c
		own.Program, own.memo = prog, &caseMemo{group: g}
		derived.Program, derived.memo = append(iterator.Program(nil), prog...), &caseMemo{group: g}
		for i, o := range prog {
			if !o.Records() {
				continue
			}
			site := siteOf(&own, prog, i)
			for _, th := range c.Threads {
				full, fok := computeExactMask(c, prog, i, th)
				m, mok := exactMask(&own, prog, i, th)
				f(prog, i, th, m, full, mok, fok)
				m, mok = exactMask(&derived, prog, i, th)
				f(prog, i, th, m, full, mok, fok)
				m, mok = site.mask(&own, th)
				f(prog, i, th, m, full, mok, fok)
			}
		}
	}
}

// MainOrigins calls f with the case program's documented origin of every
// op, memoised as a planned case's judges ask for it (twice, the second
// from the memo) and computed in full.
func MainOrigins(c Case, f func(i int, memo, full int64, memoOK, fullOK bool)) {
	planned := c
	planned.memo = &caseMemo{group: &groupMemo{}}
	for range 2 {
		for i := range c.Program {
			m, mok := planned.mainOrigin(i)
			full, fok := docOriginBits(&c, c.Program, i)
			f(i, m, full, mok, fok)
		}
	}
}

// ProbeSites calls f with each unit probe's two mask sites as unitProbes
// finds them (from the case program's positions) and as siteOf does (from
// each program), as "origin ok" strings.
func ProbeSites(c Case, f func(probe string, fast, full [2]string)) {
	planned := c
	planned.memo = &caseMemo{group: &groupMemo{}}
	str := func(s maskSite) string { return fmt.Sprint(s.origin, s.ok, s.i) }
	for _, p := range unitProbes(nil, &planned) {
		f(p.path+" of "+c.Program.String(),
			[2]string{str(p.sites[0]), str(p.sites[1])},
			[2]string{str(siteOf(&planned, p.base, len(p.base)-1)), str(siteOf(&planned, p.moved, len(p.moved)-1))})
	}
}

// ProbeUnits calls f with each unit probe's path and the unit its
// prediction holds the path to, by name (the report's documented unit).
func ProbeUnits(c Case, f func(path, documented string)) {
	for _, p := range unitProbes(nil, &c) {
		f(p.path, p.pred.doc.String())
	}
}
