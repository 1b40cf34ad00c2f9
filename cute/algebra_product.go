package cute

// LogicalProduct is logical_product(A, B) = (A, A* o B) with A* =
// complement(A, size(A)*cosize(B)): mode 0 is A, mode 1 places one copy of
// A at each element of B. B's strides must be non-negative (cosize is its
// last offset plus one only then); the preconditions of Complement (on A)
// and Composition apply.
func LogicalProduct(a, b Layout) (Layout, error) {
	const op = OpLogicalProduct
	if err := check(op, "A", a); err != nil {
		return Layout{}, err
	}
	if err := check(op, "B", b); err != nil {
		return Layout{}, err
	}
	if err := nonNegative(op, "B", b); err != nil {
		return Layout{}, err
	}
	n, err := a.Size()
	if err != nil {
		return Layout{}, within(op, err)
	}
	co, err := b.Cosize()
	if err != nil {
		return Layout{}, within(op, err)
	}
	m, err := mul(n, co)
	if err != nil {
		return Layout{}, within(op, err)
	}
	rep, err := Complement(a, m)
	if err != nil {
		return Layout{}, within(op, err)
	}
	c, err := Composition(rep, b)
	if err != nil {
		return Layout{}, within(op, err)
	}
	return Concat(a, c), nil
}

// padTo appends 1:0 modes to l until it has rank r (CuTe's append<R>); an
// integral layout becomes the first mode of a tuple.
func padTo(l Layout, r int) Layout {
	if l.Rank() >= r {
		return l
	}
	modes := l.Modes()
	for len(modes) < r {
		modes = append(modes, Layout{Shape: SInt(1), Stride: SInt(0)})
	}
	return Concat(modes...)
}

// rankedProduct is the rank-sensitive product CuTe builds blocked_product
// and raked_product on: both operands padded with 1:0 modes to the larger
// rank R, the 1-D logical_product (A, C) of the padded pair taken, and its
// two modes zipped mode by mode: mode i of the result is (A_i, C_i) for
// blocked, (C_i, A_i) for raked. For R = 1 the result has the one mode
// (A, C).
func rankedProduct(op Op, a, b Layout, raked bool) (Layout, error) {
	if err := check(op, "A", a); err != nil {
		return Layout{}, err
	}
	if err := check(op, "B", b); err != nil {
		return Layout{}, err
	}
	r := max(a.Rank(), b.Rank())
	pa, pb := padTo(a, r), padTo(b, r)
	lp, err := LogicalProduct(pa, pb)
	if err != nil {
		return Layout{}, within(op, err)
	}
	blk, rep := lp.Mode(0), lp.Mode(1)
	pair := func(x, y Layout) Layout {
		if raked {
			return Concat(y, x)
		}
		return Concat(x, y)
	}
	if !blk.Shape.IsTuple() {
		return Concat(pair(blk, rep)), nil
	}
	if rep.Rank() != blk.Rank() || !rep.Shape.IsTuple() {
		return Layout{}, refuse(op, "rank", "cannot zip %v with %v: ranks %d and %d", blk, rep, blk.Rank(), rep.Rank())
	}
	modes := make([]Layout, r)
	for i := range modes {
		modes[i] = pair(blk.Mode(i), rep.Mode(i))
	}
	return Concat(modes...), nil
}

// BlockedProduct is blocked_product(A, B): mode i is (A_i, (A* o B)_i), so
// A is a block repeated in B's arrangement, mode by mode.
func BlockedProduct(a, b Layout) (Layout, error) {
	return rankedProduct(OpBlockedProduct, a, b, false)
}

// RakedProduct is raked_product(A, B): mode i is ((A* o B)_i, A_i), so the
// copies of A are interleaved (a cyclic distribution).
func RakedProduct(a, b Layout) (Layout, error) {
	return rankedProduct(OpRakedProduct, a, b, true)
}
