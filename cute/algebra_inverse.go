package cute

import "sort"

// sortedByStride gives the indices of ms ordered by stride, ties in order.
func sortedByStride(ms []mode) []int {
	idx := make([]int, len(ms))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return ms[idx[i]].d < ms[idx[j]].d })
	return idx
}

// prefixProducts gives the exclusive prefix products of ms's shapes: the
// index each mode's coordinate is scaled by.
func prefixProducts(ms []mode) ([]int64, error) {
	out := make([]int64, len(ms))
	p := int64(1)
	for i, m := range ms {
		out[i] = p
		var err error
		if p, err = mul(p, m.s); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// RightInverse is right_inverse(A): the largest layout R with A(R(i)) = i
// for every i < size(R), built from A's coalesced modes that chain from
// stride 1 (each stride the previous stride times its shape). Modes whose
// strides do not continue the chain (stride 0, negative, or past a gap)
// are skipped; R is 1:0 when none starts it. It has no preconditions.
func RightInverse(a Layout) (Layout, error) {
	const op = OpRightInverse
	if err := check(op, "A", a); err != nil {
		return Layout{}, err
	}
	ms, err := coalesceModes(flat(a))
	if err != nil {
		return Layout{}, within(op, err)
	}
	pre, err := prefixProducts(ms)
	if err != nil {
		return Layout{}, within(op, err)
	}
	var out []mode
	next := int64(1)
	for _, i := range sortedByStride(ms) {
		if ms[i].d != next {
			continue
		}
		out = append(out, mode{ms[i].s, pre[i]})
		if next, err = mul(ms[i].s, ms[i].d); err != nil {
			return Layout{}, within(op, err)
		}
	}
	if out, err = coalesceModes(out); err != nil {
		return Layout{}, within(op, err)
	}
	return layoutOf(out, a.IsStatic()), nil
}

// LeftInverse is left_inverse(A): a layout L with A(L(A(i))) = A(i) for
// i < size(A), so L(A(i)) = i when A is injective. Sorted by stride, each
// nonzero stride d_k becomes a mode of extent d_k/d_(k-1) (d_0/1 for the
// first) pointing at that mode's index scale, and the largest-stride mode's
// shape closes it; the result is coalesced.
//
// Preconditions: A's strides are non-negative, and each nonzero stride,
// sorted, is a multiple of the one before it (CuTe's "left inverse
// divisibility condition").
func LeftInverse(a Layout) (Layout, error) {
	const op = OpLeftInverse
	if err := check(op, "A", a); err != nil {
		return Layout{}, err
	}
	if err := nonNegative(op, "A", a); err != nil {
		return Layout{}, err
	}
	ms, err := coalesceModes(flat(a))
	if err != nil {
		return Layout{}, within(op, err)
	}
	if len(ms) == 0 {
		return layoutOf(nil, a.IsStatic()), nil
	}
	pre, err := prefixProducts(ms)
	if err != nil {
		return Layout{}, within(op, err)
	}
	order := sortedByStride(ms)
	var shapes []int64
	strides := []int64{0}
	prev := int64(1) // the size of the inverse built so far
	for _, i := range order {
		d := ms[i].d
		if d == 0 {
			continue
		}
		if d%prev != 0 {
			return Layout{}, refuse(op, "divisibility",
				"stride %d is not a multiple of %d, the stride before it", d, prev)
		}
		shapes = append(shapes, d/prev)
		strides = append(strides, pre[i])
		prev = d
	}
	shapes = append(shapes, ms[order[len(order)-1]].s)
	out := make([]mode, len(shapes))
	for i := range out {
		out[i] = mode{shapes[i], strides[i]}
	}
	if out, err = coalesceModes(out); err != nil {
		return Layout{}, within(op, err)
	}
	return layoutOf(out, a.IsStatic()), nil
}

// MaxCommonVector is max_common_vector(A, B): the largest N such that A
// and B agree on the first N offsets of B's codomain, contiguously: with R
// = right_inverse(B), A(R(n)) = n = B(R(n)) for n < N. It is the extent of
// the first mode of coalesce(A o R) when that mode has stride 1, else 1.
// The preconditions are Composition's.
func MaxCommonVector(a, b Layout) (int64, error) {
	const op = OpMaxCommonVector
	if err := check(op, "A", a); err != nil {
		return 0, err
	}
	if err := check(op, "B", b); err != nil {
		return 0, err
	}
	r, err := RightInverse(b)
	if err != nil {
		return 0, within(op, err)
	}
	c, err := Composition(a, r)
	if err != nil {
		return 0, within(op, err)
	}
	ms, err := coalesceModes(flat(c))
	if err != nil {
		return 0, within(op, err)
	}
	if len(ms) > 0 && ms[0].d == 1 {
		return ms[0].s, nil
	}
	return 1, nil
}

// staticStrides states the inverses' documented precondition as CuTe's
// C++ offers them (its "@pre is_static<Layout>"): the inverse is found by
// sorting the strides at compile time, so a dynamic stride has no inverse
// to offer. Case.Eval applies it; the functions themselves take any
// integers, as the mathematics does.
func staticStrides(op Op, a Layout) error {
	for _, d := range a.Stride.Flatten() {
		if !d.Static {
			return refuse(op, "static", "stride %d of %v is dynamic; the inverse needs static strides", d.Val, a)
		}
	}
	return nil
}
