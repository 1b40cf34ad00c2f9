package cute

// mode is one integral mode s:d of a flattened layout.
type mode struct{ s, d int64 }

// flat lists l's integral modes, left to right.
func flat(l Layout) []mode {
	sh, st := l.Shape.Flatten(), l.Stride.Flatten()
	out := make([]mode, len(sh))
	for i := range sh {
		out[i] = mode{sh[i].Val, st[i].Val}
	}
	return out
}

// layoutOf builds the layout of flat modes as CuTe prints a coalesced
// result: no modes is 1:0, one mode is an integral layout, more a flat tuple.
// Its integers are static when static is.
func layoutOf(ms []mode, static bool) Layout {
	switch len(ms) {
	case 0:
		return Layout{Shape: IntTuple{Val: 1, Static: static}, Stride: IntTuple{Val: 0, Static: static}}
	case 1:
		return Layout{Shape: IntTuple{Val: ms[0].s, Static: static}, Stride: IntTuple{Val: ms[0].d, Static: static}}
	}
	sh := make([]IntTuple, len(ms))
	st := make([]IntTuple, len(ms))
	for i, m := range ms {
		sh[i] = IntTuple{Val: m.s, Static: static}
		st[i] = IntTuple{Val: m.d, Static: static}
	}
	return Layout{Shape: Tuple(sh...), Stride: Tuple(st...)}
}

// merge appends m to the coalesced modes out by the docs' four rules: an
// extent-1 mode is dropped, an extent-1 last mode is replaced, s1:s0*d0
// after s0:d0 merges into s0*s1:d0, anything else is appended. keep says m
// must not be dropped for its extent (the mode that extends past the
// domain).
func merge(out []mode, m mode, keep bool) ([]mode, error) {
	if m.s == 1 && !keep {
		return out, nil
	}
	if len(out) == 0 {
		return append(out, m), nil
	}
	last := &out[len(out)-1]
	if last.s == 1 {
		*last = m
		return out, nil
	}
	next, err := mul(last.s, last.d)
	if err != nil {
		return nil, err
	}
	if next == m.d {
		if last.s, err = mul(last.s, m.s); err != nil {
			return nil, err
		}
		return out, nil
	}
	return append(out, m), nil
}

// coalesceModes merges ms as coalesce does; the result is the same
// function on [0, size).
func coalesceModes(ms []mode) ([]mode, error) {
	var out []mode
	for _, m := range ms {
		var err error
		if out, err = merge(out, m, false); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// coalesceExtending is coalesce that also keeps the function past the
// domain, where the last mode extends (CuTe's detail::coalesce_x, which
// composition coalesces A with): the last flat mode is kept even when its
// extent is 1, since its stride is what an index past the size steps by.
func coalesceExtending(ms []mode) ([]mode, error) {
	out, err := coalesceModes(ms[:len(ms)-1])
	if err != nil {
		return nil, err
	}
	return merge(out, ms[len(ms)-1], true)
}

// Coalesce is coalesce(A): the flattest layout with A's size and A's
// values on [0, size). Its result has depth <= 1; a mode of extent 1 is
// dropped whatever its stride, and a result with no modes left is 1:0.
func Coalesce(a Layout) (Layout, error) {
	if err := check(OpCoalesce, "A", a); err != nil {
		return Layout{}, err
	}
	ms, err := coalesceModes(flat(a))
	if err != nil {
		return Layout{}, within(OpCoalesce, err)
	}
	return layoutOf(ms, a.IsStatic()), nil
}

// CoalesceProfile is coalesce(A, profile): where the profile holds an
// integer, that mode of A is coalesced to a layout of depth <= 1; where it
// holds a tuple, the modes are matched one by one; modes of A past the
// profile's rank are kept as they are.
func CoalesceProfile(a Layout, profile IntTuple) (Layout, error) {
	if err := check(OpCoalesceProfile, "A", a); err != nil {
		return Layout{}, err
	}
	return coalesceProfile(a, profile)
}

func coalesceProfile(a Layout, p IntTuple) (Layout, error) {
	if !p.IsTuple() {
		ms, err := coalesceModes(flat(a))
		if err != nil {
			return Layout{}, within(OpCoalesceProfile, err)
		}
		return layoutOf(ms, a.IsStatic()), nil
	}
	if !a.Shape.IsTuple() {
		return Layout{}, refuse(OpCoalesceProfile, "profile", "profile %v is a tuple where A's mode %v is an integer", p, a)
	}
	if p.Rank() > a.Rank() {
		return Layout{}, refuse(OpCoalesceProfile, "rank", "profile %v has %d modes, A %v has %d", p, p.Rank(), a, a.Rank())
	}
	modes := a.Modes()
	for i := range p.Elems {
		var err error
		if modes[i], err = coalesceProfile(modes[i], p.Elems[i]); err != nil {
			return Layout{}, err
		}
	}
	return Concat(modes...), nil
}

// Filter is filter(A): A with every stride-0 mode's extent set to 1, then
// coalesced; the result lists each distinct offset of A once.
func Filter(a Layout) (Layout, error) {
	if err := check(OpFilter, "A", a); err != nil {
		return Layout{}, err
	}
	ms := flat(a)
	for i := range ms {
		if ms[i].d == 0 {
			ms[i].s = 1
		}
	}
	out, err := coalesceModes(ms)
	if err != nil {
		return Layout{}, within(OpFilter, err)
	}
	return layoutOf(out, a.IsStatic()), nil
}
