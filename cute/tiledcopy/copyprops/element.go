package copyprops

import (
	"fmt"
	"slices"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// SameElement: load and store name the same element.
var SameElement = &Property{
	ID:  "P-same-element",
	Doc: "each instruction call reads exactly the elements it writes (the set of partition_S's elements over the call's threads equals partition_D's: CuTe's load == store), and where the copy was run on tagged data, every destination value holds the element its partition_D slot names and nothing else was written",
	Check: func(c tiledcopy.Case, tr tiledcopy.Trace) *Violation {
		at := max(tr.AtomThreads, 1)
		for g := 0; g*at < len(tr.Threads); g++ {
			ns, _ := calls(tr.Threads[g*at], tr)
			for k := 0; k < ns; k++ {
				var src, dst []int64
				for t := g * at; t < (g+1)*at && t < len(tr.Threads); t++ {
					th := tr.Threads[t]
					sv, dv := int(tr.SrcAtomVals), int(tr.DstAtomVals)
					for _, s := range th.Src[min(k*sv, len(th.Src)):min((k+1)*sv, len(th.Src))] {
						src = append(src, s.Coord)
					}
					for _, s := range th.Dst[min(k*dv, len(th.Dst)):min((k+1)*dv, len(th.Dst))] {
						dst = append(dst, s.Coord)
					}
				}
				src, dst = set(src), set(dst)
				if !slices.Equal(src, dst) {
					return &Violation{Detail: fmt.Sprintf("instruction call %d of threads %d..%d reads elements %v but writes %v", k, g*at, (g+1)*at-1, short(src), short(dst)),
						Thread: g * at, Expected: short(src), Actual: short(dst)}
				}
			}
		}
		if tr.Landed == nil {
			return nil
		}
		written := map[int64]bool{}
		for t, th := range tr.Threads {
			for i, s := range th.Dst {
				if !on(th.DstPred, i) {
					continue
				}
				written[s.Offset] = true
				if s.Offset < 0 || s.Offset >= int64(len(tr.Landed)) {
					return violation(t, "thread %d's destination value %d at offset %d lies outside the memory the copy left", t, i, s.Offset)
				}
				if got := tr.Landed[s.Offset]; got != s.Coord {
					return &Violation{Detail: fmt.Sprintf("thread %d's destination value %d (offset %d) names element %d, but element %s landed there", t, i, s.Offset, s.Coord, landedText(got)),
						Thread: t, Expected: []int64{s.Coord}, Actual: []int64{got}}
				}
			}
		}
		for o, got := range tr.Landed {
			if got != -1 && !written[int64(o)] {
				return &Violation{Detail: fmt.Sprintf("the copy wrote offset %d (element %s), which no copied partition_D value names", o, landedText(got)),
					Thread: -1, Expected: []int64{-1}, Actual: []int64{got}}
			}
		}
		return nil
	},
}

func landedText(v int64) string {
	switch v {
	case -1:
		return "none (nothing)"
	case tiledcopy.Torn:
		return "none whole (bits of several elements)"
	}
	return fmt.Sprint(v)
}

func set(xs []int64) []int64 {
	slices.Sort(xs)
	return slices.Compact(xs)
}

// short keeps a list readable in a report.
func short(xs []int64) []int64 {
	if len(xs) > 16 {
		return xs[:16]
	}
	return xs
}

// Vector: each instruction moves whole, aligned, contiguous vectors.
var Vector = &Property{
	ID:  "P-vector",
	Doc: "each thread's values of one atom call are consecutive elements in memory on both sides, the swizzle and padding applied (no vector straddles a swizzle or padding boundary), starting at an offset aligned to the vector's width",
	Check: func(c tiledcopy.Case, tr tiledcopy.Trace) *Violation {
		eb := int64(c.Element.Bits)
		for t, th := range tr.Threads {
			for _, side := range []struct {
				name  string
				slots []tiledcopy.Slot
				per   int
				bits  tiledcopy.Bits
			}{{"source", th.Src, int(tr.SrcAtomVals), tr.VectorBits}, {"destination", th.Dst, int(tr.DstAtomVals), tr.DstVectorBits}} {
				if side.per <= 0 {
					return violation(t, "no values per call")
				}
				for k := 0; k+side.per <= len(side.slots); k += side.per {
					base := side.slots[k].Offset
					if (base*eb)%int64(side.bits) != 0 {
						return &Violation{Detail: fmt.Sprintf("thread %d's %s call %d starts at offset %d, bit %d, not aligned to its %d-bit vector", t, side.name, k/side.per, base, base*eb, side.bits),
							Thread: t, Expected: []int64{0}, Actual: []int64{(base * eb) % int64(side.bits)}}
					}
					for j := 1; j < side.per; j++ {
						if o := side.slots[k+j].Offset; o != base+int64(j) {
							return &Violation{Detail: fmt.Sprintf("thread %d's %s call %d: value %d at offset %d, not %d: the vector is not contiguous", t, side.name, k/side.per, j, o, base+int64(j)),
								Thread: t, Expected: []int64{base + int64(j)}, Actual: []int64{o}}
						}
					}
				}
			}
		}
		return nil
	},
}

// Predicate: copy_if stays inside its extent and copies all of it.
var Predicate = &Property{
	ID:  "P-predicate",
	Doc: "with copy_if, no source or destination value outside the extent is copied, every element inside it is written, and the copy left nothing outside it",
	Check: func(c tiledcopy.Case, tr tiledcopy.Trace) *Violation {
		if c.Extent == nil {
			return nil
		}
		m, size, v := tile(c)
		if v != nil {
			return v
		}
		in := func(e int64) bool { return c.Inside(e%m, e/m) }
		written := make([]bool, size)
		for t, th := range tr.Threads {
			for i, s := range th.Src {
				if on(th.Pred, i) && !in(s.Coord) {
					return violation(t, "thread %d reads source value %d, element (%d,%d), outside the extent %dx%d", t, i, s.Coord%m, s.Coord/m, c.Extent[0], c.Extent[1])
				}
			}
			for i, s := range th.Dst {
				if !on(th.DstPred, i) {
					continue
				}
				if !in(s.Coord) {
					return violation(t, "thread %d writes destination value %d, element (%d,%d), outside the extent %dx%d", t, i, s.Coord%m, s.Coord/m, c.Extent[0], c.Extent[1])
				}
				if s.Coord >= 0 && s.Coord < size {
					written[s.Coord] = true
				}
			}
		}
		for e := int64(0); e < size; e++ {
			if in(e) && !written[e] {
				return violation(-1, "element (%d,%d) lies inside the extent %dx%d but no thread copies it", e%m, e/m, c.Extent[0], c.Extent[1])
			}
		}
		if tr.Landed != nil {
			for t, th := range tr.Threads {
				for _, s := range th.Dst {
					if !in(s.Coord) && s.Offset >= 0 && s.Offset < int64(len(tr.Landed)) && tr.Landed[s.Offset] != -1 {
						return violation(t, "element (%d,%d), outside the extent, was written (offset %d)", s.Coord%m, s.Coord/m, s.Offset)
					}
				}
			}
		}
		return nil
	},
}
