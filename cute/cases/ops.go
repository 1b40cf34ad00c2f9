package cases

import (
	"pgregory.net/rapid"

	"github.com/tilecheck/tilecheck/cute"
)

// opGen draws the operands of op: mostly operands that meet its
// precondition, some that just miss it (a stride or an extent one off),
// and some wide ones whose cosize nears CuTe's 2^31 limit.
func opGen(op cute.Op) *rapid.Generator[cute.Case] {
	return rapid.Custom(func(t *rapid.T) cute.Case {
		c := cute.Case{Op: op}
		switch op {
		case cute.OpCoalesce, cute.OpFilter:
			c.A = anyA(t)
		case cute.OpCoalesceProfile:
			c.A = anyA(t)
			c.Profile = profileOf(t, c.A.Shape)
		case cute.OpComposition:
			c.A = anyA(t)
			c.B = meetingLayout(t, c.A)
		case cute.OpCompositionTiler, cute.OpLogicalDivideTile, cute.OpZippedDivide, cute.OpTiledDivide:
			c.A = layoutGen(2).Draw(t, "A")
			c.Tiler = tilerFor(t, c.A)
		case cute.OpComplement:
			c.A = injectiveA(t)
			c.Cotarget = cotargetFor(t, c.A)
		case cute.OpLogicalDivide:
			c.A = anyA(t)
			c.B = meetingLayout(t, c.A)
		case cute.OpLogicalProduct, cute.OpBlockedProduct, cute.OpRakedProduct:
			c.A = injectiveGen(2).Draw(t, "A")
			c.B = productB(t, c.A, op != cute.OpLogicalProduct)
		case cute.OpRightInverse, cute.OpLeftInverse:
			c.A = injectiveA(t)
		case cute.OpMaxCommonVector:
			c.A = injectiveGen(2).Draw(t, "A")
			c.B = withStrides(t, c.A.Shape, StrideKind(rapid.IntRange(0, 2).Draw(t, "B kind")))
		case cute.OpSwizzle:
			c.Sw, c.A = swizzleCase(t)
		}
		return c
	})
}

func anyA(t *rapid.T) cute.Layout {
	if rapid.IntRange(0, 15).Draw(t, "wide") == 0 {
		return wideGen.Draw(t, "A")
	}
	return layoutGen(3).Draw(t, "A")
}

func injectiveA(t *rapid.T) cute.Layout {
	if rapid.IntRange(0, 15).Draw(t, "wide") == 0 {
		return wideGen.Draw(t, "A")
	}
	if rapid.IntRange(0, 7).Draw(t, "any") == 0 {
		return layoutGen(2).Draw(t, "A") // may not be injective: the precondition's other side
	}
	return injectiveGen(3).Draw(t, "A")
}

// wideGen draws two-mode layouts whose size or cosize nears 2^31: some
// just inside CuTe's int, some just past it.
var wideGen = rapid.Custom(func(t *rapid.T) cute.Layout {
	lo := rapid.SampledFrom([]int64{1 << 15, 3 << 13, 46340, 1 << 16}).Draw(t, "lo")
	hi := rapid.SampledFrom([]int64{1 << 15, 1<<15 - 1, 46341, 1 << 14}).Draw(t, "hi")
	pad := rapid.SampledFrom([]int64{1, 1, 2}).Draw(t, "pad")
	return cute.Layout{Shape: cute.Tuple(cute.Int(lo), cute.Int(hi)), Stride: cute.Tuple(cute.Int(1), cute.Int(lo*pad))}
})

// oneOff perturbs v by one, up or down (never below 1), for the cases that
// just miss a precondition.
func oneOff(t *rapid.T, v int64) int64 {
	if v > 1 && rapid.Bool().Draw(t, "down") {
		return v - 1
	}
	return v + 1
}

func divisors(n int64) []int64 {
	var out []int64
	for d := int64(1); d <= n && d <= 64; d++ {
		if n%d == 0 {
			out = append(out, d)
		}
	}
	return out
}

// meetingMode draws one mode n:d that meets composition's divisibility
// conditions against the flat shape s: d is a prefix product of s times a
// divisor a of the next extent, and n divides what is left of that extent
// (or spans it and the next) — then, one time in four, one of them is
// moved one off.
func meetingMode(t *rapid.T, s []int64) (n, d int64) {
	k := rapid.IntRange(0, len(s)-1).Draw(t, "mode")
	p := int64(1)
	for _, e := range s[:k] {
		p *= e
	}
	a := rapid.SampledFrom(divisors(s[k])).Draw(t, "a")
	rest := s[k] / a
	n = rapid.SampledFrom(divisors(rest)).Draw(t, "n")
	if n == rest && k+1 < len(s) && rapid.Bool().Draw(t, "span") {
		n *= rapid.SampledFrom(divisors(s[k+1])).Draw(t, "next")
	}
	d = p * a
	if rapid.IntRange(0, 3).Draw(t, "miss") == 0 {
		if rapid.Bool().Draw(t, "miss stride") {
			d = oneOff(t, d)
		} else {
			n = oneOff(t, n)
		}
	}
	if rapid.IntRange(0, 5).Draw(t, "broadcast") == 0 {
		d = 0
	}
	return n, d
}

func flatExtents(l cute.Layout) []int64 {
	var out []int64
	for _, e := range l.Shape.Flatten() {
		out = append(out, e.Val)
	}
	return out
}

// meetingLayout draws a B of rank one or two for composing with (or
// dividing) A, each mode drawn by meetingMode.
func meetingLayout(t *rapid.T, a cute.Layout) cute.Layout {
	s := flatExtents(a)
	n0, d0 := meetingMode(t, s)
	if rapid.Bool().Draw(t, "rank 1") {
		return cute.Layout{Shape: cute.Int(n0), Stride: cute.Int(d0)}
	}
	n1, d1 := meetingMode(t, s)
	return cute.Layout{Shape: cute.Tuple(cute.Int(n0), cute.Int(n1)), Stride: cute.Tuple(cute.Int(d0), cute.Int(d1))}
}

// tilerFor draws a tiler of one mode per leading mode of A (one or all).
func tilerFor(t *rapid.T, a cute.Layout) []cute.Layout {
	n := rapid.IntRange(1, a.Rank()).Draw(t, "tiler rank")
	out := make([]cute.Layout, n)
	for i := range out {
		m := a.Mode(i)
		nn, d := meetingMode(t, flatExtents(m))
		out[i] = cute.Layout{Shape: cute.Int(nn), Stride: cute.Int(d)}
	}
	return out
}

// profileOf draws a coalesce profile: a tuple of one integer per leading
// mode of shape, so that by-mode coalesce keeps that many modes.
func profileOf(t *rapid.T, shape cute.IntTuple) cute.IntTuple {
	if !shape.IsTuple() {
		return cute.Int(1) // an integral A is coalesced as a whole
	}
	n := rapid.IntRange(1, shape.Rank()).Draw(t, "profile rank")
	modes := make([]cute.IntTuple, n)
	for i := range modes {
		modes[i] = cute.Int(1)
	}
	return cute.Tuple(modes...)
}

// cotargetFor draws complement's bound: A's cosize times a small factor,
// or a multiple of it plus one (not a multiple: the rounding up).
func cotargetFor(t *rapid.T, a cute.Layout) int64 {
	cs, err := a.Cosize()
	if err != nil || cs <= 0 {
		return 1
	}
	m := cs * rapid.SampledFrom([]int64{1, 2, 3, 4}).Draw(t, "factor")
	if rapid.IntRange(0, 3).Draw(t, "plus one") == 0 {
		m++
	}
	if m > cute.MaxInt {
		m = cute.MaxInt
	}
	return m
}

// productB draws the layout a product repeats A by; for the blocked and
// raked products it has A's rank, as they pair the modes.
func productB(t *rapid.T, a cute.Layout, sameRank bool) cute.Layout {
	if !sameRank {
		return layoutGen(1).Draw(t, "B")
	}
	modes := make([]cute.IntTuple, a.Rank())
	for i := range modes {
		modes[i] = cute.Int(extentGen.Draw(t, "B extent"))
	}
	shape := cute.Tuple(modes...)
	if a.Rank() == 1 && !a.Shape.IsTuple() {
		shape = modes[0]
	}
	return withStrides(t, shape, StrideKind(rapid.IntRange(0, 4).Draw(t, "B kind")))
}

// swizzleCase draws a swizzle and a layout over its domain, so that the
// composition is a permutation of that domain when A is.
func swizzleCase(t *rapid.T) (cute.Swizzle, cute.Layout) {
	b := rapid.IntRange(0, 3).Draw(t, "B")
	m := rapid.IntRange(0, 3).Draw(t, "M")
	s := rapid.IntRange(b, 4).Draw(t, "S")
	if s > 0 && rapid.IntRange(0, 3).Draw(t, "negative") == 0 {
		s = -s
	}
	sw := cute.Swizzle{B: b, M: m, S: s}
	bits := b + m + max(s, -s)
	// Split the domain's bits over one to three modes.
	var modes []cute.IntTuple
	for bits > 0 {
		k := rapid.IntRange(1, bits).Draw(t, "bits")
		modes = append(modes, cute.Int(int64(1)<<k))
		bits -= k
	}
	if len(modes) == 0 {
		modes = []cute.IntTuple{cute.Int(1)}
	}
	kind := StrideKind(rapid.IntRange(0, 1).Draw(t, "kind"))
	return sw, withStrides(t, cute.Tuple(modes...), kind)
}
