package cute

import "sort"

// Complement is complement(A, cotarget): the ordered layout R (positive,
// increasing strides) whose offsets avoid A's (but 0) and that repeats A
// until the codomain reaches cotarget: cosize((A,R)) >= cotarget. Stride-0
// and extent-1 modes of A are ignored; the result is coalesced, 1:0 when
// nothing is needed.
//
// Preconditions: A's strides are non-negative; cotarget >= 1; and A is
// injective in the sense CuTe checks: sorted by stride, each mode starts at
// or past the extent the modes before it reach (stride >= the previous
// stride times its shape), else the modes overlap or interleave and no
// ordered complement exists.
func Complement(a Layout, cotarget int64) (Layout, error) {
	const op = OpComplement
	if err := check(op, "A", a); err != nil {
		return Layout{}, err
	}
	if err := nonNegative(op, "A", a); err != nil {
		return Layout{}, err
	}
	if cotarget < 1 {
		return Layout{}, refuse(op, "cotarget", "cotarget %d: want >= 1", cotarget)
	}
	if !fits(cotarget) {
		return Layout{}, refuse(op, "int32", "cotarget %d: %v", cotarget, ErrOverflow)
	}
	ms, err := complementModes(op, a, cotarget)
	if err != nil {
		return Layout{}, err
	}
	return layoutOf(ms, a.IsStatic()), nil
}

// complementModes gives the coalesced modes of complement(A, cotarget).
func complementModes(op Op, a Layout, cotarget int64) ([]mode, error) {
	var live []mode
	for _, m := range flat(a) {
		if m.s != 1 && m.d != 0 {
			live = append(live, m)
		}
	}
	sort.SliceStable(live, func(i, j int) bool { return live[i].d < live[j].d })
	var out []mode
	reach := int64(1) // the extent of the codomain the modes so far fill
	for _, m := range live {
		if m.d < reach {
			return nil, refuse(op, "injective",
				"mode %d:%d of A overlaps the modes of smaller stride, which reach %d", m.s, m.d, reach)
		}
		out = append(out, mode{m.d / reach, reach})
		var err error
		if reach, err = mul(m.d, m.s); err != nil {
			return nil, within(op, err)
		}
	}
	out = append(out, mode{ceilDiv(cotarget, reach), reach})
	out, err := coalesceModes(out)
	if err != nil {
		return nil, within(op, err)
	}
	return out, nil
}
