package iterator

import "math/bits"

// MapCoverage places every element of every access of every thread of one
// tile (thread-map offsets, V elements per access) and counts how the thread map
// covers the tile: dup is the number of extra placements on elements already
// covered (an element placed three times counts 2), missing the elements
// never covered, outside the placements that fall outside the tile. A map
// covers its tile exactly when all three are zero (P-cover's precondition).
func MapCoverage(m ThreadMap) (dup, missing, outside int64) {
	if m.V >= 1 && m.V <= 64 && m.Shape.C > 0 && m.Shape.S > 0 && m.Shape.C <= 1<<20 && m.Shape.S <= 1<<20 {
		return mapCoverageBits(m)
	}
	return mapCoverageCounts(m)
}

// mapCoverageBits is MapCoverage with the tile as a bitset: an access's V
// elements are one run of bits in a row, marked a word at a time, and an
// element already marked is a duplicate (an element placed three times
// counts 2, as with counts). A sweep prepares every configuration's case
// with it, so its cost per element counts in every sweep.
func mapCoverageBits(m ThreadMap) (dup, missing, outside int64) {
	sc, ss := m.Shape.C, m.Shape.S
	words := make([]uint64, (sc*ss+63)/64)
	v := int64(m.V)
	eachAccess(m, func(row, col int64) {
		if row < 0 || row >= ss {
			outside += v
			return
		}
		lo, hi := max(col, 0), min(col+v, sc) // the run inside the row
		if hi <= lo {
			outside += v
			return
		}
		outside += v - (hi - lo)
		for i, end := row*sc+lo, row*sc+hi; i < end; {
			w, b := i/64, uint(i%64)
			n := min(end-i, int64(64-b))
			mask := (^uint64(0) >> (64 - uint(n))) << b
			dup += int64(bits.OnesCount64(words[w] & mask))
			words[w] |= mask
			i += n
		}
	})
	covered := int64(0)
	for _, w := range words {
		covered += int64(bits.OnesCount64(w))
	}
	return dup, sc*ss - covered, outside
}

// eachAccess calls f with the row and first column of every access of
// every thread of m, in the tile's elements.
func eachAccess(m ThreadMap, f func(row, col int64)) {
	for t := 0; t < m.Threads; t++ {
		o := m.Init(t)
		for s := int64(0); s < m.Iter.S; s++ {
			row := o.S + s*m.Delta.S
			for c := int64(0); c < m.Iter.C; c++ {
				f(row, o.C+c*m.Delta.C)
			}
		}
	}
}

// mapCoverageCounts is MapCoverage counting each element's placements.
func mapCoverageCounts(m ThreadMap) (dup, missing, outside int64) {
	sc, ss := m.Shape.C, m.Shape.S
	seen := make([]uint8, sc*ss)
	v := int64(m.V)
	eachAccess(m, func(row, col int64) {
		for e := int64(0); e < v; e++ {
			if row < 0 || row >= ss || col+e < 0 || col+e >= sc {
				outside++
				continue
			}
			i := row*sc + col + e
			if seen[i] > 0 {
				dup++
			}
			if seen[i] < 255 {
				seen[i]++
			}
		}
	})
	for _, n := range seen {
		if n == 0 {
			missing++
		}
	}
	return dup, missing, outside
}

// MapExact reports whether the thread map covers its tile exactly: every
// element once, none outside.
func MapExact(m ThreadMap) bool {
	dup, missing, outside := MapCoverage(m)
	return dup == 0 && missing == 0 && outside == 0
}
