package laws

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cute"
)

// RightInverse is right_inverse's contract.
var RightInverse = &Property{
	ID:  "L-right-inverse",
	Doc: "right_inverse: A(R(i)) = i for every i in R's domain",
	Ops: []cute.Op{cute.OpRightInverse},
	Check: func(c cute.Case, a cute.Answer, _ []cute.Answer) *Violation {
		for i, r := range values(a) {
			got, err := c.A.At(r)
			if err != nil {
				return violation("A(R(%d)): %v", i, err)
			}
			if got != int64(i) {
				return &Violation{Detail: fmt.Sprintf("A(R(%d)) = A(%d) = %d", i, r, got), Index: int64(i),
					Expected: []int64{int64(i)}, Actual: []int64{got}}
			}
		}
		return nil
	},
}

// LeftInverse is left_inverse's contract, where A is injective.
var LeftInverse = &Property{
	ID:  "L-left-inverse",
	Doc: "left_inverse: L(A(i)) = i for every i in A's domain, where A is injective",
	Ops: []cute.Op{cute.OpLeftInverse},
	Check: func(c cute.Case, a cute.Answer, _ []cute.Answer) *Violation {
		if injective("A", c.A) != nil {
			return nil // the law holds only where A is injective
		}
		img, err := eval(c.A)
		if err != nil {
			return violation("A: %v", err)
		}
		for i, x := range img {
			got, err := a.Layout.At(x)
			if err != nil {
				return violation("L(A(%d)): %v", i, err)
			}
			if got != int64(i) {
				return &Violation{Detail: fmt.Sprintf("L(A(%d)) = L(%d) = %d", i, x, got), Index: int64(i),
					Expected: []int64{int64(i)}, Actual: []int64{got}}
			}
		}
		return nil
	},
}

// MaxCommonVector is max_common_vector's postcondition.
var MaxCommonVector = &Property{
	ID:  "L-max-common-vector",
	Doc: "max_common_vector(A, B) = N >= 1, and for every n < N, A(i) = n at the index i where B(i) = n",
	Ops: []cute.Op{cute.OpMaxCommonVector},
	Check: func(c cute.Case, a cute.Answer, _ []cute.Answer) *Violation {
		n := a.Vector
		if n < 1 {
			return violation("N = %d, want at least 1", n)
		}
		bs, err := eval(c.B)
		if err != nil {
			return violation("B: %v", err)
		}
		at := map[int64]int64{}
		for i := len(bs) - 1; i >= 0; i-- {
			at[bs[i]] = int64(i)
		}
		for k := int64(0); k < n; k++ {
			i, ok := at[k]
			if !ok {
				return violation("N = %d but B takes no index to %d", n, k)
			}
			got, err := c.A.At(i)
			if err != nil {
				return violation("A(%d): %v", i, err)
			}
			if got != k {
				return &Violation{Detail: fmt.Sprintf("N = %d but A(%d) = %d where B(%d) = %d", n, i, got, i, k),
					Index: i, Expected: []int64{k}, Actual: []int64{got}}
			}
		}
		return nil
	},
}

// Swizzle is a swizzle's contract and its composition with a layout.
var Swizzle = &Property{
	ID: "L-swizzle",
	Doc: "composition(Sw<B,M,S>, A)(i) = Sw(A(i)), and Sw is a bijection on [0, 2^(B+M+|S|)): " +
		"where A's image is that range, so is the composition's",
	Ops: []cute.Op{cute.OpSwizzle},
	Check: func(c cute.Case, a cute.Answer, _ []cute.Answer) *Violation {
		img, err := eval(c.A)
		if err != nil {
			return violation("A: %v", err)
		}
		want := make([]int64, len(img))
		for i, x := range img {
			want[i] = c.Sw.Apply(x)
		}
		if v := firstDiff("(Sw o A)(i) against Sw(A(i))", want, values(a)); v != nil {
			return v
		}
		dom := c.Sw.Size()
		if a.Truncated || int64(len(img)) != dom || sameSet("A", rangeOf(dom), img) != nil {
			return nil
		}
		return sameSet("Sw o A against [0, 2^(B+M+|S|))", rangeOf(dom), values(a))
	},
}

func rangeOf(n int64) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i)
	}
	return out
}
