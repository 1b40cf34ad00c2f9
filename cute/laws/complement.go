package laws

import (
	"github.com/tilecheck/tilecheck/cute"
)

// Complement is complement's contract, the postconditions CuTe's
// documentation lists.
var Complement = &Property{
	ID: "L-complement",
	Doc: "complement: R = complement(A, M) is ordered (R(i-1) < R(i)), its offsets after R(0) miss A's image, " +
		"(A, R) is injective where A is, and cosize((A, R)) >= M",
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
		cj, err := joint.Cosize()
		if err != nil {
			return nil // a cosize outside CuTe's int: the model refuses what would need it
		}
		if cj < c.Cotarget {
			return violation("cosize((A, R)) = %d < M = %d", cj, c.Cotarget)
		}
		// The documentation also bounds cosize(R) by M (its listing with
		// >= round_up(M, cosize(A)), CuTe's unit test with <=). Neither
		// holds in general: complement(3:3, 28) = (3,4):(1,9) has cosize
		// 30, and no ordered complement disjoint from 3:3 whose (A, R)
		// reaches 28 has less. That bound is not judged.
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
