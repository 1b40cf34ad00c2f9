// Package copyprops holds what a TiledCopy must do as properties: values
// with an id, a doc line and a check over a case and the trace a source
// answered for it, whichever source made it (the Go model or compiled
// CuTe). A property never calls the model: it reads the trace, and the
// case's own tensors where it asks what an address should be.
package copyprops

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// Property is one property of a TiledCopy.
type Property struct {
	ID  string
	Doc string
	// Check judges trace tr of case c; nil means the property holds. It is
	// called only on traces that are not refusals.
	Check func(c tiledcopy.Case, tr tiledcopy.Trace) *Violation
}

// Violation is a property broken: where, and the values expected and
// found.
type Violation struct {
	Detail           string
	Thread           int // the thread it concerns; -1 for the whole copy
	Expected, Actual []int64
}

func violation(thread int, format string, args ...any) *Violation {
	return &Violation{Detail: fmt.Sprintf(format, args...), Thread: thread}
}

// All lists the properties, in a report's order.
func All() []*Property {
	return []*Property{CopyOnce, SameElement, Vector, Predicate, SwizzleBijection, Address, Calls}
}

// ByID is the property of that id, or nil.
func ByID(id string) *Property {
	for _, p := range append(All(), Model) {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// tile is the case's tile size M*N and M, or an error for a case whose
// tensors do not agree (a source should have refused it).
func tile(c tiledcopy.Case) (m, size int64, v *Violation) {
	m, n, err := c.Shape()
	if err != nil {
		return 0, 0, violation(-1, "the case has no tile: %v", err)
	}
	return m, m * n, nil
}

// calls says how many atom calls each side of thread th makes.
func calls(th tiledcopy.Thread, tr tiledcopy.Trace) (src, dst int) {
	if tr.SrcAtomVals <= 0 || tr.DstAtomVals <= 0 {
		return 0, 0
	}
	return len(th.Src) / int(tr.SrcAtomVals), len(th.Dst) / int(tr.DstAtomVals)
}

// on says whether slot i of a side whose predicate is pred is copied.
func on(pred []bool, i int) bool { return pred == nil || i < len(pred) && pred[i] }

// Calls: every thread makes the same number of whole atom calls on both
// sides.
var Calls = &Property{
	ID:  "P-calls",
	Doc: "every thread's partition_S and partition_D hold the same number of whole atom calls (NumValSrc and NumValDst values each), the threads fill whole instructions, and the vector widths are those values' bits",
	Check: func(c tiledcopy.Case, tr tiledcopy.Trace) *Violation {
		if tr.AtomThreads <= 0 || len(tr.Threads)%tr.AtomThreads != 0 {
			return violation(-1, "%d threads do not fill instructions of %d threads", len(tr.Threads), tr.AtomThreads)
		}
		if tr.VectorBits != tiledcopy.Bits(tr.SrcAtomVals)*c.Element.Bits || tr.DstVectorBits != tiledcopy.Bits(tr.DstAtomVals)*c.Element.Bits {
			return violation(-1, "vector widths %d/%d bits for %d/%d values of %d bits", tr.VectorBits, tr.DstVectorBits, tr.SrcAtomVals, tr.DstAtomVals, c.Element.Bits)
		}
		want := -1
		for t, th := range tr.Threads {
			s, d := calls(th, tr)
			if s*int(tr.SrcAtomVals) != len(th.Src) || d*int(tr.DstAtomVals) != len(th.Dst) || s != d {
				return violation(t, "thread %d: %d source and %d destination values are not the same number of whole calls of %d and %d", t, len(th.Src), len(th.Dst), tr.SrcAtomVals, tr.DstAtomVals)
			}
			if want >= 0 && s != want {
				return violation(t, "thread %d makes %d calls, thread 0 %d", t, s, want)
			}
			want = s
			if c.Extent != nil && (len(th.Pred) != len(th.Src) || len(th.DstPred) != len(th.Dst)) {
				return violation(t, "thread %d: predicates for %d and %d slots, want %d and %d", t, len(th.Pred), len(th.DstPred), len(th.Src), len(th.Dst))
			}
		}
		return nil
	},
}

// CopyOnce: the copy covers the tile as a bijection.
var CopyOnce = &Property{
	ID:  "P-copy-once",
	Doc: "partition_D over all threads names every element of the tile exactly once (no gap, no element written twice), and partition_S names every element; a source element is named twice only by lanes of one instruction call whose addresses the instruction ignores (ldmatrix x1, x2)",
	Check: func(c tiledcopy.Case, tr tiledcopy.Trace) *Violation {
		_, size, v := tile(c)
		if v != nil {
			return v
		}
		dst := make([]int, size)
		type owner struct{ group, call int }
		src := make([]*owner, size)
		for t, th := range tr.Threads {
			for i, s := range th.Dst {
				if s.Coord < 0 || s.Coord >= size {
					return violation(t, "thread %d's destination value %d names element %d, outside the %d-element tile", t, i, s.Coord, size)
				}
				dst[s.Coord]++
			}
			for i, s := range th.Src {
				if s.Coord < 0 || s.Coord >= size {
					return violation(t, "thread %d's source value %d names element %d, outside the %d-element tile", t, i, s.Coord, size)
				}
				o := owner{t / max(tr.AtomThreads, 1), i / max(int(tr.SrcAtomVals), 1)}
				if src[s.Coord] != nil && *src[s.Coord] != o {
					return violation(t, "source element %d is named by two instruction calls (thread %d's call %d and an earlier one)", s.Coord, t, o.call)
				}
				src[s.Coord] = &o
			}
		}
		for e := int64(0); e < size; e++ {
			if dst[e] != 1 {
				return &Violation{Detail: fmt.Sprintf("destination element %d is named %d times", e, dst[e]), Thread: -1, Expected: []int64{1}, Actual: []int64{int64(dst[e])}}
			}
			if src[e] == nil {
				return violation(-1, "source element %d is named by no thread", e)
			}
		}
		return nil
	},
}
