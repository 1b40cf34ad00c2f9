package laws

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cute"
)

// compatible is CuTe's compatible(a, b): a's size is b's and every
// coordinate of a is one of b, mode by mode.
func compatible(a, b cute.IntTuple) bool {
	if !a.IsTuple() {
		sa, err1 := a.Product()
		sb, err2 := b.Product()
		return err1 == nil && err2 == nil && sa == sb
	}
	if !b.IsTuple() || len(a.Elems) != len(b.Elems) {
		return false
	}
	for i := range a.Elems {
		if !compatible(a.Elems[i], b.Elems[i]) {
			return false
		}
	}
	return true
}

// Compose is composition's contract.
var Compose = &Property{
	ID:  "L-compose",
	Doc: "composition: C(i) = A(B(i)) for every i in B's domain where B(i) lies in A's, and C's shape is compatible with B's",
	Ops: []cute.Op{cute.OpComposition},
	Check: func(c cute.Case, a cute.Answer, _ []cute.Answer) *Violation {
		if !compatible(c.B.Shape, a.Layout.Shape) {
			return violation("C's shape %v is not compatible with B's %v", a.Layout.Shape, c.B.Shape)
		}
		return composedAgree("C(i) against A(B(i))", c.A, c.B, values(a))
	},
}

// composedAgree compares got(i) with A(B(i)) wherever B(i) lies in A's
// domain: past it a layout is extended along its last mode, which the
// documentation does not promise a composition keeps.
func composedAgree(what string, a, b cute.Layout, got []int64) *Violation {
	bs, err := eval(b)
	if err != nil {
		return violation("B: %v", err)
	}
	n, err := a.Size()
	if err != nil {
		return violation("A: %v", err)
	}
	for i, x := range bs {
		if i >= len(got) {
			break
		}
		if x < 0 || x >= n {
			continue
		}
		w, err := a.At(x)
		if err != nil {
			return violation("A(B(%d)): %v", i, err)
		}
		if got[i] != w {
			return &Violation{Detail: fmt.Sprintf("%s: at index %d, B(%d) = %d, A(%d) = %d, got %d", what, i, i, x, x, w, got[i]),
				Index: int64(i), Expected: []int64{w}, Actual: []int64{got[i]}}
		}
	}
	return nil
}

// composed lists A(B(i)) over B's domain (up to MaxEval).
func composed(a, b cute.Layout) ([]int64, error) {
	bs, err := eval(b)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(bs))
	for i, x := range bs {
		if out[i], err = a.At(x); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// byModeNeeds lists op applied to (A_i, T_i) for each tiler mode i.
func byModeNeeds(op cute.Op) func(c cute.Case) []cute.Case {
	return func(c cute.Case) []cute.Case {
		out := make([]cute.Case, len(c.Tiler))
		for i, t := range c.Tiler {
			out[i] = cute.Case{Op: op, A: c.A.Mode(i), B: t}
		}
		return out
	}
}

// modesAgree checks that mode i of r is the function need i answered, and
// that r's modes past the needs are A's.
func modesAgree(what string, r, a cute.Layout, needs []cute.Answer) *Violation {
	if r.Rank() != a.Rank() {
		return violation("%s: rank %d, want A's rank %d", what, r.Rank(), a.Rank())
	}
	for i := 0; i < r.Rank(); i++ {
		var want []int64
		if i < len(needs) {
			if needs[i].Rejected != "" {
				return nil // the mode alone is outside a precondition: nothing to compare
			}
			want = needs[i].Values
		} else {
			want = layoutValues(a.Mode(i))
		}
		if v := firstDiff(fmt.Sprintf("%s: mode %d", what, i), want, layoutValues(r.Mode(i))); v != nil {
			return v
		}
	}
	return nil
}

// ComposeByMode is by-mode composition's definition.
var ComposeByMode = &Property{
	ID:    "L-compose-bymode",
	Doc:   "by-mode composition: mode i of composition(A, <B0,B1,...>) is composition(A_i, B_i); A's other modes are kept",
	Ops:   []cute.Op{cute.OpCompositionTiler},
	Needs: byModeNeeds(cute.OpComposition),
	Check: func(c cute.Case, a cute.Answer, needs []cute.Answer) *Violation {
		return modesAgree("result", a.Layout, c.A, needs)
	},
}

// Coalesce is coalesce's contract.
var Coalesce = &Property{
	ID:  "L-coalesce",
	Doc: "coalesce: the same function and size as A, flat, and with static integers no mode of extent 1 and no two adjacent modes that could merge (s0*d0 = d1)",
	Ops: []cute.Op{cute.OpCoalesce},
	Check: func(c cute.Case, a cute.Answer, _ []cute.Answer) *Violation {
		if v := sameFunction("coalesce(A) against A", c.A, a); v != nil {
			return v
		}
		if a.Layout.Depth() > 1 {
			return violation("%v is nested (depth %d)", a.Layout, a.Layout.Depth())
		}
		if !c.IsStatic() {
			return nil // dynamic extents and strides cannot be merged at compile time
		}
		return unmergeable(a.Layout)
	},
}

// unmergeable checks coalesce's postcondition on the form of r.
func unmergeable(r cute.Layout) *Violation {
	if r.Depth() > 1 {
		return violation("%v is nested (depth %d)", r, r.Depth())
	}
	s, d := r.Shape.Flatten(), r.Stride.Flatten()
	if len(s) == 1 {
		return nil
	}
	for i := range s {
		if s[i].Val == 1 {
			return violation("%v keeps mode %d of extent 1", r, i)
		}
		if i > 0 && s[i-1].Val*d[i-1].Val == d[i].Val {
			return violation("%v: modes %d and %d merge (%d*%d = %d)", r, i-1, i, s[i-1].Val, d[i-1].Val, d[i].Val)
		}
	}
	return nil
}

// CoalesceByMode is by-mode coalesce's definition.
var CoalesceByMode = &Property{
	ID:  "L-coalesce-bymode",
	Doc: "by-mode coalesce: coalesce(A, profile) keeps A's function and rank, and mode i is coalesce(A_i) for each mode of the profile",
	Ops: []cute.Op{cute.OpCoalesceProfile},
	Needs: func(c cute.Case) []cute.Case {
		out := make([]cute.Case, c.Profile.Rank())
		for i := range out {
			out[i] = cute.Case{Op: cute.OpCoalesce, A: c.A.Mode(i)}
		}
		return out
	},
	Check: func(c cute.Case, a cute.Answer, needs []cute.Answer) *Violation {
		if v := sameFunction("coalesce(A, profile) against A", c.A, a); v != nil {
			return v
		}
		return modesAgree("result", a.Layout, c.A, needs)
	},
}

// Filter is filter's contract.
var Filter = &Property{
	ID:  "L-filter",
	Doc: "filter: A's image with its stride-0 and extent-1 modes removed, coalesced: the same set of offsets (and with static integers, no such mode left)",
	Ops: []cute.Op{cute.OpFilter},
	Check: func(c cute.Case, a cute.Answer, _ []cute.Answer) *Violation {
		want, err := eval(c.A)
		if err != nil || int64(len(want)) == MaxEval {
			return nil
		}
		if a.Truncated {
			// Only a prefix of the answer is known: each offset in it must
			// still be one of A's.
			if v := sameSet("filter(A) against A", want, append(values(a), want...)); v != nil {
				return v
			}
		} else if v := sameSet("filter(A) against A", want, values(a)); v != nil {
			return v
		}
		if !c.IsStatic() {
			return nil // a dynamic stride 0 or extent 1 cannot be dropped at compile time
		}
		if s, d := a.Layout.Shape.Flatten(), a.Layout.Stride.Flatten(); len(s) > 1 || s[0].Val != 1 {
			for i := range s {
				if s[i].Val == 1 || d[i].Val == 0 {
					return violation("%v keeps mode %d (%d:%d)", a.Layout, i, s[i].Val, d[i].Val)
				}
			}
		}
		return unmergeable(a.Layout)
	},
}

// sameSet compares want and got as sets of offsets.
func sameSet(what string, want, got []int64) *Violation {
	w := map[int64]bool{}
	for _, x := range want {
		w[x] = true
	}
	g := map[int64]bool{}
	for i, x := range got {
		if !w[x] {
			return &Violation{Detail: fmt.Sprintf("%s: offset %d (index %d) is not in the image", what, x, i), Index: int64(i)}
		}
		g[x] = true
	}
	for _, x := range want {
		if !g[x] {
			return violation("%s: offset %d of the image is missing", what, x)
		}
	}
	return nil
}
