package cutesweep

import (
	"github.com/tilecheck/tilecheck/cute"
)

// Control is a known-bad variant of the model: the reference's answer with
// one defect injected into one operation. A sweep must see each killed by
// the laws it names.
type Control struct {
	ID       string
	Defect   string
	MustKill []string
	// answer is the control's answer to c; ok false leaves the reference's.
	answer func(c cute.Case) (a cute.Answer, ok bool)
}

// Answer is the control's answer to c.
func (k *Control) Answer(c cute.Case) cute.Answer {
	if a, ok := k.answer(c); ok {
		return a
	}
	return c.Eval()
}

// relayout is the model's answer for c with its result replaced by l, and
// the values l takes.
func relayout(c cute.Case, l cute.Layout) (cute.Answer, bool) {
	a := c.Eval()
	if a.Rejected != "" {
		return a, true
	}
	a.Layout = l
	a.Values, a.Truncated = nil, false
	n, err := l.Size()
	if err != nil {
		return a, true
	}
	if m := min(n, cute.MaxValues); m > 0 {
		// The values before the first error, nil when there are none.
		if vs, _ := l.Values(m); len(vs) > 0 {
			a.Values = vs
		}
	}
	a.Truncated = n > cute.MaxValues
	return a, true
}

// Controls lists the known-bad variants, one or more per law.
func Controls() []*Control {
	return []*Control{
		{ID: "C-compose-mode1-stride", Defect: "composition ignores B's second mode's stride (takes the first mode's end, as if B were compact)",
			MustKill: []string{"L-compose"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpComposition || c.B.Rank() < 2 || !c.B.Shape.IsTuple() {
					return cute.Answer{}, false
				}
				b := c.B
				st := append([]cute.IntTuple{}, b.Stride.Elems...)
				n0, err := b.Mode(0).Size()
				if err != nil || st[0].IsTuple() {
					return cute.Answer{}, false
				}
				st[1] = cute.IntTuple{Val: n0 * st[0].Val, Static: st[1].Static}
				b.Stride = cute.Tuple(st...)
				d := c
				d.B = b
				return d.Eval(), true
			}},
		{ID: "C-coalesce-any", Defect: "coalesce merges its first two modes whether or not they are contiguous",
			MustKill: []string{"L-coalesce"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpCoalesce {
					return cute.Answer{}, false
				}
				r := c.Eval().Layout
				s, d := r.Shape.Flatten(), r.Stride.Flatten()
				if len(s) < 2 {
					return cute.Answer{}, false
				}
				sh := append([]cute.IntTuple{cute.Int(s[0].Val * s[1].Val)}, s[2:]...)
				st := append([]cute.IntTuple{d[0]}, d[2:]...)
				l := cute.Layout{Shape: cute.Tuple(sh...), Stride: cute.Tuple(st...)}
				if len(sh) == 1 {
					l = cute.Layout{Shape: sh[0], Stride: st[0]}
				}
				return relayout(c, l)
			}},
		{ID: "C-complement-off-by-one", Defect: "complement's first stride is one less",
			MustKill: []string{"L-complement"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpComplement {
					return cute.Answer{}, false
				}
				r := c.Eval().Layout
				return relayout(c, bumpFirstStride(r, -1))
			}},
		{ID: "C-divide-no-complement", Defect: "logical_divide composes A with B alone, dropping the complement",
			MustKill: []string{"L-divide"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpLogicalDivide {
					return cute.Answer{}, false
				}
				return cute.Case{Op: cute.OpComposition, A: c.A, B: c.B}.Eval(), true
			}},
		{ID: "C-product-swapped", Defect: "logical_product puts the repeat before the block",
			MustKill: []string{"L-product"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpLogicalProduct {
					return cute.Answer{}, false
				}
				r := c.Eval().Layout
				if r.Rank() != 2 {
					return cute.Answer{}, false
				}
				return relayout(c, cute.Concat(r.Mode(1), r.Mode(0)))
			}},
		{ID: "C-blocked-as-raked", Defect: "blocked_product answers raked_product",
			MustKill: []string{"L-blocked"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpBlockedProduct {
					return cute.Answer{}, false
				}
				d := c
				d.Op = cute.OpRakedProduct
				return d.Eval(), true
			}},
		{ID: "C-raked-as-blocked", Defect: "raked_product answers blocked_product",
			MustKill: []string{"L-raked"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpRakedProduct {
					return cute.Answer{}, false
				}
				d := c
				d.Op = cute.OpBlockedProduct
				return d.Eval(), true
			}},
		{ID: "C-zipped-swapped", Defect: "zipped_divide puts the rest before the tiles",
			MustKill: []string{"L-zipped"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpZippedDivide {
					return cute.Answer{}, false
				}
				r := c.Eval().Layout
				if r.Rank() != 2 {
					return cute.Answer{}, false
				}
				return relayout(c, cute.Concat(r.Mode(1), r.Mode(0)))
			}},
		{ID: "C-tiled-as-zipped", Defect: "tiled_divide answers zipped_divide, its rest not unpacked",
			MustKill: []string{"L-tiled"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpTiledDivide {
					return cute.Answer{}, false
				}
				d := c
				d.Op = cute.OpZippedDivide
				return d.Eval(), true
			}},
		{ID: "C-bymode-compose-whole", Defect: "by-mode composition composes mode 0 with the first tile and drops A's other modes",
			MustKill: []string{"L-compose-bymode"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpCompositionTiler {
					return cute.Answer{}, false
				}
				return cute.Case{Op: cute.OpComposition, A: c.A.Mode(0), B: c.Tiler[0]}.Eval(), true
			}},
		{ID: "C-bymode-divide-whole", Defect: "by-mode logical_divide divides mode 0 by the first tile and drops A's other modes",
			MustKill: []string{"L-divide-bymode"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpLogicalDivideTile {
					return cute.Answer{}, false
				}
				return cute.Case{Op: cute.OpLogicalDivide, A: c.A.Mode(0), B: c.Tiler[0]}.Eval(), true
			}},
		{ID: "C-coalesce-profile-flat", Defect: "by-mode coalesce coalesces the whole layout, ignoring the profile",
			MustKill: []string{"L-coalesce-bymode"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpCoalesceProfile {
					return cute.Answer{}, false
				}
				return cute.Case{Op: cute.OpCoalesce, A: c.A}.Eval(), true
			}},
		{ID: "C-filter-keeps-broadcast", Defect: "filter answers coalesce, keeping stride-0 modes",
			MustKill: []string{"L-filter"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpFilter {
					return cute.Answer{}, false
				}
				return cute.Case{Op: cute.OpCoalesce, A: c.A}.Eval(), true
			}},
		{ID: "C-right-inverse-stride", Defect: "right_inverse's first stride is one more",
			MustKill: []string{"L-right-inverse"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpRightInverse {
					return cute.Answer{}, false
				}
				return relayout(c, bumpFirstStride(c.Eval().Layout, 1))
			}},
		{ID: "C-left-inverse-stride", Defect: "left_inverse's first stride is one more",
			MustKill: []string{"L-left-inverse"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpLeftInverse {
					return cute.Answer{}, false
				}
				return relayout(c, bumpFirstStride(c.Eval().Layout, 1))
			}},
		{ID: "C-max-common-vector-double", Defect: "max_common_vector answers twice the common vector",
			MustKill: []string{"L-max-common-vector"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpMaxCommonVector {
					return cute.Answer{}, false
				}
				a := c.Eval()
				a.Vector *= 2
				return a, true
			}},
		{ID: "C-swizzle-short-shift", Defect: "the swizzle shifts its YYY bits one place too few",
			MustKill: []string{"L-swizzle"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if c.Op != cute.OpSwizzle || c.Sw.B == 0 {
					return cute.Answer{}, false
				}
				d := c
				d.Sw.S-- // may break |S| >= B: Apply does not check
				a := c.Eval()
				if a.Rejected != "" {
					return a, true
				}
				for i := range a.Values {
					v, _ := c.A.At(int64(i))
					a.Values[i] = d.Sw.Apply(v)
				}
				return a, true
			}},
		{ID: "C-static-differs", Defect: "with static integers, every result's offsets are one more",
			MustKill: []string{"L-static-dynamic"},
			answer: func(c cute.Case) (cute.Answer, bool) {
				if !c.IsStatic() {
					return cute.Answer{}, false
				}
				a := c.Eval()
				for i := range a.Values {
					a.Values[i]++
				}
				return a, true
			}},
	}
}

// bumpFirstStride adds delta to l's first non-zero stride.
func bumpFirstStride(l cute.Layout, delta int64) cute.Layout {
	done := false
	var walk func(t cute.IntTuple) cute.IntTuple
	walk = func(t cute.IntTuple) cute.IntTuple {
		if !t.IsTuple() {
			if !done && t.Val != 0 {
				done = true
				return cute.Int(t.Val + delta)
			}
			return t
		}
		out := make([]cute.IntTuple, len(t.Elems))
		for i, e := range t.Elems {
			out[i] = walk(e)
		}
		return cute.Tuple(out...)
	}
	return cute.Layout{Shape: l.Shape, Stride: walk(l.Stride)}
}
