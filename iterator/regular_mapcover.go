package iterator

// MapCoverage places every element of every access of every thread of one
// tile (SPEC §2 offsets, V elements per access) and counts how the thread map
// covers the tile: dup is the number of extra placements on elements already
// covered (an element placed three times counts 2), missing the elements
// never covered, outside the placements that fall outside the tile. A map
// covers its tile exactly when all three are zero (P-cover's precondition).
func MapCoverage(m ThreadMap) (dup, missing, outside int64) {
	sc, ss := m.Shape.C, m.Shape.S
	seen := make([]uint8, sc*ss)
	v := int64(m.V)
	for t := 0; t < m.Threads; t++ {
		o := m.Init(t)
		for s := int64(0); s < m.Iter.S; s++ {
			row := o.S + s*m.Delta.S
			for c := int64(0); c < m.Iter.C; c++ {
				col := o.C + c*m.Delta.C
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
			}
		}
	}
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
