package laws

import (
	"github.com/tilecheck/tilecheck/cute"
)

// Product is logical_product's definition.
var Product = &Property{
	ID:  "L-product",
	Doc: "logical_product(A, B) = (A, composition(complement(A, size(A)*cosize(B)), B))",
	Ops: []cute.Op{cute.OpLogicalProduct},
	Needs: func(c cute.Case) []cute.Case {
		n, _ := c.A.Size()
		m, _ := c.B.Cosize()
		return []cute.Case{{Op: cute.OpComplement, A: c.A, Cotarget: n * m}}
	},
	Check: func(c cute.Case, a cute.Answer, needs []cute.Answer) *Violation {
		if needs[0].Rejected != "" {
			return nil
		}
		second, err := composed(needs[0].Layout, c.B)
		if err != nil {
			return violation("complement(A, size(A)*cosize(B))(B(i)): %v", err)
		}
		first, err := eval(c.A)
		if err != nil {
			return violation("A: %v", err)
		}
		// (A, C∘B) at index i is A(i mod size(A)) + C(B(i / size(A))).
		got := values(a)
		n := int64(len(first))
		for i := range got {
			j, k := int64(i)%n, int64(i)/n
			if k >= int64(len(second)) {
				break
			}
			if w := first[j] + second[k]; got[i] != w {
				return &Violation{Detail: "logical_product(A, B)(i) against (A, complement(A, size(A)*cosize(B)) o B)(i)",
					Index: int64(i), Expected: []int64{w}, Actual: []int64{got[i]}}
			}
		}
		return nil
	},
}

// padded is l with modes 1:0 appended up to rank r, as CuTe's append<R>.
func padded(l cute.Layout, r int) cute.Layout {
	if l.Rank() >= r {
		return l
	}
	modes := l.Modes()
	if !l.Shape.IsTuple() {
		modes = []cute.Layout{l}
	}
	for len(modes) < r {
		modes = append(modes, cute.Layout{Shape: cute.Int(1), Stride: cute.Int(0)})
	}
	return cute.Concat(modes...)
}

// zipNeeds is the logical product of A and B padded to one rank, which
// the blocked and raked products rearrange.
func zipNeeds(c cute.Case) []cute.Case {
	r := max(c.A.Rank(), c.B.Rank())
	return []cute.Case{{Op: cute.OpLogicalProduct, A: padded(c.A, r), B: padded(c.B, r)}}
}

// zipped pairs mode i of p's two halves, blocked (first, second) or raked
// (second, first).
func zipped(p cute.Layout, raked bool, r int) (cute.Layout, bool) {
	if p.Rank() != 2 {
		return cute.Layout{}, false
	}
	x, y := p.Mode(0), p.Mode(1)
	if raked {
		x, y = y, x
	}
	if r == 1 {
		return cute.Concat(cute.Concat(x, y)), true
	}
	if x.Rank() != y.Rank() {
		return cute.Layout{}, false
	}
	modes := make([]cute.Layout, x.Rank())
	for i := range modes {
		modes[i] = cute.Concat(x.Mode(i), y.Mode(i))
	}
	return cute.Concat(modes...), true
}

func zipCheck(raked bool, what string) func(c cute.Case, a cute.Answer, needs []cute.Answer) *Violation {
	return func(c cute.Case, a cute.Answer, needs []cute.Answer) *Violation {
		if needs[0].Rejected != "" {
			return nil
		}
		want, ok := zipped(needs[0].Layout, raked, max(c.A.Rank(), c.B.Rank()))
		if !ok {
			return violation("logical_product's answer %v has no two halves of one rank", needs[0].Layout)
		}
		return sameFunction(what, want, a)
	}
}

// Blocked is blocked_product's definition.
var Blocked = &Property{
	ID:    "L-blocked",
	Doc:   "blocked_product(A, B): mode i is (A_i, P_i) of P = logical_product(A, B) with A and B padded to one rank",
	Ops:   []cute.Op{cute.OpBlockedProduct},
	Needs: zipNeeds,
	Check: zipCheck(false, "blocked_product against logical_product zipped (A_i, P_i)"),
}

// Raked is raked_product's definition.
var Raked = &Property{
	ID:    "L-raked",
	Doc:   "raked_product(A, B): mode i is (P_i, A_i) of P = logical_product(A, B) with A and B padded to one rank",
	Ops:   []cute.Op{cute.OpRakedProduct},
	Needs: zipNeeds,
	Check: zipCheck(true, "raked_product against logical_product zipped (P_i, A_i)"),
}
