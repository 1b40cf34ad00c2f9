package cute

import "fmt"

// Layout is CuTe's Layout<Shape,Stride>: a function from coordinates in
// Shape's domain to offsets, the inner product of a coordinate with Stride.
// Shape and Stride are congruent.
type Layout struct {
	Shape, Stride IntTuple
}

// MakeLayout is the layout shape:stride; it refuses a pair that is not
// congruent.
func MakeLayout(shape, stride IntTuple) (Layout, error) {
	if !Congruent(shape, stride) {
		return Layout{}, fmt.Errorf("shape %v and stride %v are not congruent", shape, stride)
	}
	return Layout{Shape: shape, Stride: stride}, nil
}

// Concat is CuTe's make_layout(l0, l1, ...): the layout whose modes are the
// given layouts.
func Concat(ls ...Layout) Layout {
	sh := make([]IntTuple, len(ls))
	st := make([]IntTuple, len(ls))
	for i, l := range ls {
		sh[i], st[i] = l.Shape, l.Stride
	}
	return Layout{Shape: Tuple(sh...), Stride: Tuple(st...)}
}

// Compact is CuTe's make_layout(shape): column-major (LayoutLeft) strides,
// the prefix products of the shape, starting at 1.
func Compact(shape IntTuple) (Layout, error) {
	st, _, err := prefixProduct(shape, 1)
	if err != nil {
		return Layout{}, err
	}
	return Layout{Shape: shape, Stride: st}, nil
}

// prefixProduct gives the exclusive prefix products of shape from init, and
// the product after the last.
func prefixProduct(shape IntTuple, init int64) (IntTuple, int64, error) {
	if !shape.IsTuple() {
		next, err := mul(init, shape.Val)
		return IntTuple{Val: init, Static: shape.Static}, next, err
	}
	out := make([]IntTuple, len(shape.Elems))
	for i, e := range shape.Elems {
		var err error
		out[i], init, err = prefixProduct(e, init)
		if err != nil {
			return IntTuple{}, 0, err
		}
	}
	return Tuple(out...), init, nil
}

// Rank is the number of top-level modes.
func (l Layout) Rank() int { return l.Shape.Rank() }

// Depth is the shape's nesting depth.
func (l Layout) Depth() int { return l.Shape.Depth() }

// Mode is CuTe's layout<i>(l): the i-th top-level mode.
func (l Layout) Mode(i int) Layout {
	return Layout{Shape: l.Shape.Mode(i), Stride: l.Stride.Mode(i)}
}

// Modes lists the top-level modes.
func (l Layout) Modes() []Layout {
	out := make([]Layout, l.Rank())
	for i := range out {
		out[i] = l.Mode(i)
	}
	return out
}

// Size is the size of the domain, the product of the shape.
func (l Layout) Size() (int64, error) { return l.Shape.Product() }

// Cosize is CuTe's cosize: l(size-1)+1, the extent of the codomain of a
// layout with non-negative strides.
func (l Layout) Cosize() (int64, error) {
	n, err := l.Size()
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, fmt.Errorf("cosize of %v: empty domain", l)
	}
	last, err := l.At(n - 1)
	if err != nil {
		return 0, err
	}
	return add(last, 1)
}

// At is l(i) for a 1-D index i, as CuTe's crd2idx computes it: each mode
// but the last takes i modulo its size and passes the quotient on; the last
// takes the whole remainder, so an index past the size extends the last
// mode rather than wrapping.
func (l Layout) At(i int64) (int64, error) {
	return crd2idx(i, l.Shape, l.Stride)
}

func crd2idx(c int64, shape, stride IntTuple) (int64, error) {
	if !shape.IsTuple() {
		return mul(c, stride.Val)
	}
	var sum int64
	n := len(shape.Elems)
	for i := 0; i < n; i++ {
		c0 := c
		if i < n-1 {
			p, err := shape.Elems[i].Product()
			if err != nil {
				return 0, err
			}
			if p == 0 {
				return 0, fmt.Errorf("mode of size 0 in shape %v", shape)
			}
			c0, c = c%p, c/p
		}
		v, err := crd2idx(c0, shape.Elems[i], stride.Elems[i])
		if err != nil {
			return 0, err
		}
		if sum, err = add(sum, v); err != nil {
			return 0, err
		}
	}
	return sum, nil
}

// Coord is CuTe's idx2crd for the compact order of l's shape: the
// colexicographic coordinate of index i (0 <= i < size).
func (l Layout) Coord(i int64) (IntTuple, error) {
	c, _, err := idx2crd(i, l.Shape)
	return c, err
}

func idx2crd(i int64, shape IntTuple) (IntTuple, int64, error) {
	if !shape.IsTuple() {
		if shape.Val <= 0 {
			return IntTuple{}, 0, fmt.Errorf("extent %d", shape.Val)
		}
		return Int(i % shape.Val), i / shape.Val, nil
	}
	out := make([]IntTuple, len(shape.Elems))
	for k, e := range shape.Elems {
		var err error
		if out[k], i, err = idx2crd(i, e); err != nil {
			return IntTuple{}, 0, err
		}
	}
	return Tuple(out...), i, nil
}

// AtCoord is l(c) for a coordinate congruent with (or an integer within) a
// prefix of l's shape, the inner product with the stride.
func (l Layout) AtCoord(c IntTuple) (int64, error) {
	return crdInner(c, l.Shape, l.Stride)
}

// At2 is l((m, n)) for a rank-2 layout: AtCoord of the pair, without
// building the coordinate (the hot path of partitioning a tile).
func (l Layout) At2(m, n int64) (int64, error) {
	if !l.Shape.IsTuple() || len(l.Shape.Elems) != 2 {
		return l.AtCoord(Tuple(Int(m), Int(n)))
	}
	a, err := crd2idx(m, l.Shape.Elems[0], l.Stride.Elems[0])
	if err != nil {
		return 0, err
	}
	b, err := crd2idx(n, l.Shape.Elems[1], l.Stride.Elems[1])
	if err != nil {
		return 0, err
	}
	return add(a, b)
}

func crdInner(c, shape, stride IntTuple) (int64, error) {
	if !c.IsTuple() {
		return crd2idx(c.Val, shape, stride)
	}
	if !shape.IsTuple() || len(c.Elems) != len(shape.Elems) {
		return 0, fmt.Errorf("coordinate %v does not fit shape %v", c, shape)
	}
	var sum int64
	for i := range c.Elems {
		v, err := crdInner(c.Elems[i], shape.Elems[i], stride.Elems[i])
		if err != nil {
			return 0, err
		}
		if sum, err = add(sum, v); err != nil {
			return 0, err
		}
	}
	return sum, nil
}

// Image lists l(0), ..., l(size-1); limit bounds the size it will list.
func (l Layout) Image(limit int64) ([]int64, error) {
	n, err := l.Size()
	if err != nil {
		return nil, err
	}
	if n > limit {
		return nil, fmt.Errorf("%v: size %d over the limit %d", l, n, limit)
	}
	out := make([]int64, n)
	e := prepare(l)
	for i := range out {
		if out[i], err = e.at(int64(i)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// IsStatic says whether every shape and stride integer is static.
func (l Layout) IsStatic() bool { return l.Shape.AllStatic() && l.Stride.AllStatic() }

// WithStatic is l with every integer static (s true) or dynamic.
func (l Layout) WithStatic(s bool) Layout {
	return Layout{Shape: l.Shape.WithStatic(s), Stride: l.Stride.WithStatic(s)}
}

// Equal says whether a and b have the same shape and stride, value for
// value; static and dynamic integers of one value are equal.
func (l Layout) Equal(o Layout) bool {
	return Equal(l.Shape, o.Shape) && Equal(l.Stride, o.Stride)
}

// String writes l as cute::print does: "((2,3),4):((1,2),6)".
func (l Layout) String() string { return string(l.appendTo(nil)) }

func (l Layout) appendTo(b []byte) []byte {
	return l.Stride.appendTo(append(l.Shape.appendTo(b), ':'))
}
