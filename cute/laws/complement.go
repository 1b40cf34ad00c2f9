package laws

import (
	"github.com/tilecheck/tilecheck/cute"
)

// Complement is complement's contract, the postconditions CuTe's
// documentation lists.
var Complement = &Property{
	ID: "L-complement",
	Doc: "complement: R = complement(A, M) is ordered (R(i-1) < R(i)), its offsets after R(0) miss A's image, " +
		"(A, R) is injective where A is, cosize((A, R)) >= M and cosize(R) <= round_up(M, cosize(A))",
	Ops: []cute.Op{cute.OpComplement},
	Check: func(c cute.Case, a cute.Answer, _ []cute.Answer) *Violation {
		r := values(a)
		for i := 1; i < len(r); i++ {
			if r[i-1] >= r[i] {
				return &Violation{Detail: "R is not ordered", Index: int64(i), Expected: []int64{r[i-1] + 1}, Actual: []int64{r[i]}}
			}
		}
		img, err := eval(c.A)
		if err != nil {
			return violation("A: %v", err)
		}
		inA := map[int64]bool{}
		for _, x := range img {
			inA[x] = true
		}
		for i := 1; i < len(r); i++ {
			if inA[r[i]] {
				return &Violation{Detail: "R(i) is in A's image", Index: int64(i), Actual: []int64{r[i]}}
			}
		}
		joint := cute.Concat(c.A, a.Layout)
		if _, err := joint.Size(); err != nil {
			return nil // (A, R) is larger than CuTe's int: the model refuses what would need it
		}
		if injective("A", c.A) == nil {
			if v := injective("(A, R)", joint); v != nil {
				return v
			}
		}
		cj, err1 := joint.Cosize()
		ca, err2 := c.A.Cosize()
		cr, err3 := a.Layout.Cosize()
		if err1 != nil || err2 != nil || err3 != nil {
			return nil // a cosize outside CuTe's int: the model refuses such cases
		}
		if cj < c.Cotarget {
			return violation("cosize((A, R)) = %d < M = %d", cj, c.Cotarget)
		}
		if ca > 0 {
			// CuTe's unit test bounds cosize(R) from above (its
			// documentation's listing writes >=, which no size-1
			// complement can meet).
			if up := (c.Cotarget + ca - 1) / ca * ca; cr > up {
				return violation("cosize(R) = %d > round_up(M, cosize(A)) = %d", cr, up)
			}
		}
		return nil
	},
}

// injective checks that l takes no offset twice on its domain (up to
// MaxEval indices).
func injective(what string, l cute.Layout) *Violation {
	vals, err := eval(l)
	if err != nil {
		return violation("%s: %v", what, err)
	}
	seen := make(map[int64]int, len(vals))
	for i, x := range vals {
		if j, ok := seen[x]; ok {
			return &Violation{Detail: what + " is not injective", Index: int64(i), Expected: []int64{int64(j)}, Actual: []int64{x}}
		}
		seen[x] = i
	}
	return nil
}
