package cases

import (
	"github.com/tilecheck/tilecheck/cute"
)

// Target is a coverage floor: the fraction of a sample's cases that must
// reach a corner the generators aim at, or the sample could hide a bug
// there.
type Target struct {
	Name  string
	Floor float64
	// Hit says whether case c, which the model answered m, counts.
	Hit func(c cute.Case, m cute.Answer) bool
}

// operands lists the layouts a case reads.
func operands(c cute.Case) []cute.Layout {
	out := []cute.Layout{c.A}
	hasB, tiler, _, _, _ := c.Op.Operands()
	if hasB {
		out = append(out, c.B)
	}
	if tiler {
		out = append(out, c.Tiler...)
	}
	return out
}

func anyOperand(c cute.Case, f func(cute.Layout) bool) bool {
	for _, l := range operands(c) {
		if f(l) {
			return true
		}
	}
	return false
}

// Targets are the coverage floors of a CuTe sweep, in a report's order.
var Targets = []Target{
	{Name: "depth >= 2", Floor: 0.15, Hit: func(c cute.Case, _ cute.Answer) bool {
		return anyOperand(c, func(l cute.Layout) bool { return l.Depth() >= 2 })
	}},
	{Name: "stride 0 (broadcast)", Floor: 0.10, Hit: func(c cute.Case, _ cute.Answer) bool {
		return anyOperand(c, func(l cute.Layout) bool {
			for _, d := range l.Stride.Flatten() {
				if d.Val == 0 {
					return true
				}
			}
			return false
		})
	}},
	{Name: "extent not a power of two", Floor: 0.30, Hit: func(c cute.Case, _ cute.Answer) bool {
		return anyOperand(c, func(l cute.Layout) bool {
			for _, s := range l.Shape.Flatten() {
				if s.Val&(s.Val-1) != 0 {
					return true
				}
			}
			return false
		})
	}},
	{Name: "refused by a precondition", Floor: 0.05, Hit: func(_ cute.Case, m cute.Answer) bool {
		return m.Rejected != ""
	}},
	{Name: "inside every precondition", Floor: 0.50, Hit: func(_ cute.Case, m cute.Answer) bool {
		return m.Rejected == ""
	}},
	{Name: "static integers", Floor: 0.10, Hit: func(c cute.Case, _ cute.Answer) bool {
		return c.IsStatic()
	}},
	{Name: "cosize >= 2^30", Floor: 0.01, Hit: func(c cute.Case, _ cute.Answer) bool {
		return anyOperand(c, func(l cute.Layout) bool {
			n, err := l.Cosize()
			return err != nil || n >= 1<<30
		})
	}},
}
