package laws

import (
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/cute"
)

// StaticDynamic is the law that CuTe's static and dynamic integers are
// two spellings of one function. A sweep asks it only of a sample of
// cases, as every static case is a compile of its own.
var StaticDynamic = &Property{
	ID:  "L-static-dynamic",
	Doc: "static and dynamic integers give the same function: the case with every integer static answers with the same size and offsets",
	Ops: cute.Ops,
	Needs: func(c cute.Case) []cute.Case {
		return []cute.Case{c.WithStatic(true)}
	},
	Check: func(c cute.Case, a cute.Answer, needs []cute.Answer) *Violation {
		s := needs[0]
		if s.Rejected != "" {
			return violation("the static case is refused (%s) where the dynamic one answers %s", s.Rejected, describe(c.Op, a))
		}
		if c.Op == cute.OpMaxCommonVector {
			return nil // static strides only: CuTe answers 1 for dynamic ones, as documented
		}
		if !a.Truncated && !s.Truncated && len(a.Values) != len(s.Values) {
			return violation("static size %d, dynamic size %d", len(s.Values), len(a.Values))
		}
		return firstDiff("static "+describe(c.Op, s)+" against dynamic "+describe(c.Op, a), s.Values, a.Values)
	},
}

// describe names an answer's result in CuTe's notation.
func describe(op cute.Op, a cute.Answer) string {
	switch {
	case a.Rejected != "":
		return "refused (" + a.Rejected + ")"
	case op == cute.OpMaxCommonVector:
		return fmt.Sprint(a.Vector)
	case op == cute.OpSwizzle:
		return a.Swizzled.String()
	}
	return a.Layout.String()
}

// Describe is describe for reports.
func Describe(op cute.Op, a cute.Answer) string { return describe(op, a) }

// Model is the law that compiled CuTe computes what the documentation's
// definitions give (the Go model): it accepts what the model accepts and
// answers the same function, and with static integers (where CuTe checks
// preconditions at compile time) it refuses what the model refuses. With
// dynamic integers CuTe checks no precondition, so a dynamic case outside
// one is not judged by it. A sweep judges it on compiled sources only,
// with the model's answer as the one need.
var Model = &Property{
	ID:  "L-model",
	Doc: "compiled CuTe agrees with the documented definitions: the same result function, and with static integers a refusal exactly where a documented precondition fails",
	Ops: cute.Ops,
	Check: func(c cute.Case, a cute.Answer, needs []cute.Answer) *Violation {
		m := needs[0]
		switch {
		case m.Rejected != "" && a.Rejected == "":
			if !c.IsStatic() {
				return nil
			}
			return violation("compiled CuTe answers %s where the documentation's precondition fails (%s)", describe(c.Op, a), m.Rejected)
		case m.Rejected == "" && a.Rejected != "":
			if !c.IsStatic() && !Crashed(a) {
				return nil // CuTe offers the operation for static integers only: not a wrong answer
			}
			return violation("compiled CuTe refuses (%s) where the model answers %s", a.Rejected, describe(c.Op, m))
		case m.Rejected != "":
			return nil
		case c.Op == cute.OpMaxCommonVector:
			if c.IsStatic() && a.Vector != m.Vector { // with dynamic strides CuTe answers 1, as documented
				return &Violation{Detail: "max_common_vector", Index: -1, Expected: []int64{m.Vector}, Actual: []int64{a.Vector}}
			}
			return nil
		}
		if c.Op == cute.OpFilter && !c.IsStatic() && !a.Truncated && !m.Truncated {
			// A dynamic stride 0 or extent 1 cannot be dropped at compile
			// time: compare the offsets filter promises, as a set.
			return sameSet(describe(c.Op, a)+" against the model's "+describe(c.Op, m), m.Values, a.Values)
		}
		if c.Op == cute.OpFilter && !c.IsStatic() {
			return nil // a prefix of a set is no set
		}
		if !a.Truncated && !m.Truncated && len(a.Values) != len(m.Values) {
			return violation("size %d (%s), the model's %d (%s)", len(a.Values), describe(c.Op, a), len(m.Values), describe(c.Op, m))
		}
		return firstDiff(describe(c.Op, a)+" against the model's "+describe(c.Op, m), m.Values, a.Values)
	},
}

// Crashed says whether a source's refusal was a crash or a hang of the
// compiled program, or a result no layout can be (a GPU does not trap an
// integer division by zero: it answers garbage such as an extent 0), rather
// than a refusal at compile time.
func Crashed(a cute.Answer) bool {
	for _, p := range []string{"crashed", "timed out", "result "} {
		if strings.HasPrefix(a.Rejected, p) {
			return true
		}
	}
	return false
}
