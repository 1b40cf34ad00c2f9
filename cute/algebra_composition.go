package cute

// Composition is composition(A, B) = A o B: a layout C compatible with B
// (C has B's structure, mode for mode) with C(i) = A(B(i)) for every i
// below size(B). A is first coalesced (keeping its function past its
// domain), then each integral mode s:d of B picks every d-th element of A
// ("dividing out" d from A's shape from the left) and keeps the first s of
// them ("modding out" s).
//
// Preconditions, from 02_layout_algebra.md: at each mode of A but the last,
// the running stride and the mode's shape divide one another (stride
// divisibility), and the shape still to be placed is divisible by the part
// the mode takes (shape divisibility). CuTe's C++ accepts a running stride
// smaller than the shape without dividing it; the model does not, since
// the result then breaks C(i) = A(B(i)) (e.g. (4,6,8):(2,3,5) o 6:3).
// Once all of B's shape is placed nothing is divided, so nothing is
// checked. A stride-0 mode of B composes to itself.
func Composition(a, b Layout) (Layout, error) {
	if err := check(OpComposition, "A", a); err != nil {
		return Layout{}, err
	}
	if err := check(OpComposition, "B", b); err != nil {
		return Layout{}, err
	}
	if err := distributive(b); err != nil {
		return Layout{}, err
	}
	am, err := coalesceExtending(flat(a))
	if err != nil {
		return Layout{}, within(OpComposition, err)
	}
	static := a.IsStatic() && b.IsStatic()
	return composeTree(am, b.Shape, b.Stride, static)
}

// maxInjectiveCheck bounds the size of a B whose injectivity Composition
// checks; a larger B is taken as given.
const maxInjectiveCheck = 1 << 16

// distributive states the documentation's condition for composing with B
// mode by mode ("when B is injective, composition is left-distributive
// with concatenation"): a B of more than one mode must be injective once
// its stride-0 modes, which add nothing to an offset, are set aside.
// Without it C(i) = A(B(i)) fails, e.g. (2,2):(2,1) o (2,2):(1,1).
func distributive(b Layout) error {
	if !b.Shape.IsTuple() {
		return nil
	}
	var ms []mode
	for _, m := range flat(b) {
		if m.d != 0 {
			ms = append(ms, m)
		}
	}
	if len(ms) < 2 {
		return nil
	}
	f := layoutOf(ms, false)
	n, err := f.Size()
	if err != nil || n > maxInjectiveCheck {
		return nil
	}
	seen := make(map[int64]int64, n)
	e := prepare(f)
	for i := int64(0); i < n; i++ {
		v, err := e.at(i)
		if err != nil {
			return nil
		}
		if j, dup := seen[v]; dup {
			return refuse(OpComposition, "injective", "B %v takes offset %d at indices %d and %d (stride-0 modes aside), so it does not distribute over its modes", b, v, j, i)
		}
		seen[v] = i
	}
	return nil
}

// composeTree distributes composition over B's modes: A o (B0,B1,...) =
// (A o B0, A o B1, ...).
func composeTree(am []mode, shape, stride IntTuple, static bool) (Layout, error) {
	if !shape.IsTuple() {
		ms, err := composeMode(am, shape.Val, stride.Val)
		if err != nil {
			return Layout{}, err
		}
		return layoutOf(ms, static), nil
	}
	parts := make([]Layout, len(shape.Elems))
	for i := range shape.Elems {
		var err error
		if parts[i], err = composeTree(am, shape.Elems[i], stride.Elems[i], static); err != nil {
			return Layout{}, err
		}
	}
	return Concat(parts...), nil
}

// composeMode is A o s:d for coalesced flat A. Its result has one mode
// per mode of A that contributes more than one element, plus what is left
// for A's last mode; an integral result when that is one mode.
func composeMode(am []mode, s, d int64) ([]mode, error) {
	if d == 0 {
		return []mode{{s, 0}}, nil
	}
	last := am[len(am)-1]
	restShape, restStride := s, d
	var out []mode
	for i, m := range am[:len(am)-1] {
		if restShape == 1 {
			// Nothing left to place; later modes only pass a stride on,
			// and the last mode then receives extent 1.
			restStride = signum(restStride) * ceilDiv(abs64(restStride), m.s)
			continue
		}
		rs := abs64(restStride)
		if rs%m.s != 0 && m.s%rs != 0 {
			return nil, refuse(OpComposition, "stride-divisibility",
				"%d and %d do not divide one another (A mode %d shape %d, B stride %d)", rs, m.s, i, m.s, restStride)
		}
		nextShape := ceilDiv(m.s, rs)
		nextStride := signum(restStride) * ceilDiv(rs, m.s)
		if nextShape != 1 {
			newShape := min(nextShape, restShape)
			if restShape%newShape != 0 {
				return nil, refuse(OpComposition, "shape-divisibility",
					"B shape %d is not divisible by %d (A mode %d shape %d, running stride %d)", s, newShape, i, m.s, restStride)
			}
			st, err := mul(restStride, m.d)
			if err != nil {
				return nil, within(OpComposition, err)
			}
			out = append(out, mode{newShape, st})
			restShape /= newShape
		}
		restStride = nextStride
	}
	if restShape != 1 || len(out) == 0 {
		st, err := mul(restStride, last.d)
		if err != nil {
			return nil, within(OpComposition, err)
		}
		out = append(out, mode{restShape, st})
	}
	return out, nil
}

// CompositionTiler is composition(A, <T0, T1, ...>): mode i of A composed
// with tiler[i]; A's modes past the tiler are kept. (CuTe's C++ drops those
// modes from the result; the model keeps them, as pycute and the by-mode
// divide and product do.)
func CompositionTiler(a Layout, tiler []Layout) (Layout, error) {
	return byMode(OpCompositionTiler, a, tiler, Composition)
}

// byMode applies f to each mode of A and the tiler's layout for it,
// keeping A's modes past the tiler.
func byMode(op Op, a Layout, tiler []Layout, f func(a, b Layout) (Layout, error)) (Layout, error) {
	if err := check(op, "A", a); err != nil {
		return Layout{}, err
	}
	if len(tiler) > a.Rank() {
		return Layout{}, refuse(op, "rank", "tiler has %d modes, A %v has rank %d", len(tiler), a, a.Rank())
	}
	modes := a.Modes()
	for i, t := range tiler {
		r, err := f(modes[i], t)
		if err != nil {
			return Layout{}, within(op, err)
		}
		modes[i] = r
	}
	return Concat(modes...), nil
}
