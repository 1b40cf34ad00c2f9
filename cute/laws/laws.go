// Package laws holds the layout algebra's documented laws as properties:
// values with an id, the document's words and a check over a source's
// answers (the trace a case leaves), whichever source made them: the Go
// model or compiled CuTe. A property never calls the algebra; it judges
// the values an answer holds and evaluates the operand layouts it was given.
package laws

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cute"
)

// Property is one law.
type Property struct {
	ID  string
	Doc string
	// Ops are the operations whose answers it judges.
	Ops []cute.Op
	// Needs lists the further cases whose answers, from the same source, the
	// check compares with (nil: none).
	Needs func(c cute.Case) []cute.Case
	// Check judges the answer a to case c, given the answers to Needs(c) in
	// order; nil means the law holds. It is called only on answers that are
	// not rejections, and only for cases inside the model's preconditions.
	Check func(c cute.Case, a cute.Answer, needs []cute.Answer) *Violation
}

// Judges says whether p judges op.
func (p *Property) Judges(op cute.Op) bool {
	for _, o := range p.Ops {
		if o == op {
			return true
		}
	}
	return false
}

// Violation is a law broken: where, and the offsets expected and found.
type Violation struct {
	Detail           string
	Index            int64 // the first index where they differ; -1 when the law is not pointwise
	Expected, Actual []int64
}

func violation(format string, args ...any) *Violation {
	return &Violation{Detail: fmt.Sprintf(format, args...), Index: -1}
}

// MaxEval bounds how many indices a law evaluates an operand layout at;
// a law judges a layout bigger than that only up to it.
const MaxEval = 1 << 14

// values are the answer's offsets, as its source computed them.
func values(a cute.Answer) []int64 { return a.Values }

// eval lists l(0..n-1) for n = min(size(l), MaxEval) computed in Go.
func eval(l cute.Layout) ([]int64, error) {
	n, err := l.Size()
	if err != nil {
		return nil, err
	}
	return evalN(l, min(n, MaxEval))
}

func evalN(l cute.Layout, n int64) ([]int64, error) {
	out, err := l.Values(n)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// firstDiff compares want and got over their common prefix.
func firstDiff(what string, want, got []int64) *Violation {
	n := min(len(want), len(got))
	for i := 0; i < n; i++ {
		if want[i] != got[i] {
			lo := max(0, i-4)
			hi := min(n, i+4)
			return &Violation{Detail: fmt.Sprintf("%s: at index %d want %d, got %d", what, i, want[i], got[i]),
				Index: int64(i), Expected: want[lo:hi], Actual: got[lo:hi]}
		}
	}
	return nil
}

// sameFunction says whether l (evaluated in Go) and vals agree wherever
// both are known, and that l's size is the answer's size.
func sameFunction(what string, l cute.Layout, a cute.Answer) *Violation {
	n, err := l.Size()
	if err != nil {
		return violation("%s: %v", what, err)
	}
	got := values(a)
	if !a.Truncated && int64(len(got)) != n {
		return violation("%s: size %d, want %d", what, len(got), n)
	}
	want, err := evalN(l, min(n, int64(len(got))))
	if err != nil {
		return violation("%s: %v", what, err)
	}
	return firstDiff(what, want, got)
}

// layoutValues evaluates an answer's layout in Go, for a law that compares
// a part (a mode) of one answer with another answer.
func layoutValues(l cute.Layout) []int64 {
	v, err := eval(l)
	if err != nil {
		return nil
	}
	return v
}

// All lists every law, in a report's order.
func All() []*Property {
	return []*Property{
		Compose, ComposeByMode, Coalesce, CoalesceByMode, Filter, Complement,
		Divide, DivideByMode, Zipped, Tiled, Product, Blocked, Raked,
		RightInverse, LeftInverse, MaxCommonVector, Swizzle,
	}
}

// ByID finds a law.
func ByID(id string) *Property {
	for _, p := range append(All(), StaticDynamic, Model) {
		if p.ID == id {
			return p
		}
	}
	return nil
}
