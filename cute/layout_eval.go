package cute

import "math/bits"

// evaluator is a layout prepared for evaluation at many indices: at(i) is
// exactly l.At(i), value and error alike. Where the layout qualifies it
// evaluates its leaves as mixed-radix digits, without recomputing the
// products crd2idx takes at every level; any index whose evaluation might
// err goes to crd2idx itself, so errors and their order are crd2idx's.
type evaluator struct {
	l Layout
	// fast says the leaves below describe l: shape and stride are
	// congruent, every product crd2idx takes succeeds, and every extent
	// crd2idx divides by is positive.
	fast bool
	// ext and stride are the leaves' extents and strides, left to right.
	ext, stride []int64
	// shift[j] is log2(ext[j]) when ext[j] is a power of two, else -1.
	shift []int8
	// free says the last leaf takes the whole remaining quotient (it ends
	// the path of last modes from the root), so its extent is never used.
	free bool
}

// prepare readies l for at.
func prepare(l Layout) *evaluator {
	e := &evaluator{l: l}
	if !Congruent(l.Shape, l.Stride) {
		return e
	}
	e.free = endsInLeaf(l.Shape)
	e.leaves(l.Shape, l.Stride)
	divisors := e.ext
	if e.free {
		divisors = e.ext[:len(e.ext)-1]
	}
	for _, x := range divisors {
		if x <= 0 {
			return e
		}
	}
	// Every extent but a free last one is a factor of a product crd2idx
	// takes; those products must succeed, which with positive factors means
	// they do not overflow.
	if !productsOK(l.Shape) {
		return e
	}
	e.shift = make([]int8, len(e.ext))
	for j, x := range e.ext {
		e.shift[j] = -1
		if x > 0 && x&(x-1) == 0 {
			e.shift[j] = int8(bits.TrailingZeros64(uint64(x)))
		}
	}
	e.fast = true
	return e
}

// endsInLeaf says whether following the last mode from t ends at an
// integer rather than an empty tuple.
func endsInLeaf(t IntTuple) bool {
	for t.IsTuple() {
		if len(t.Elems) == 0 {
			return false
		}
		t = t.Elems[len(t.Elems)-1]
	}
	return true
}

// leaves appends the integers of shape and of the congruent stride.
func (e *evaluator) leaves(shape, stride IntTuple) {
	if !shape.IsTuple() {
		e.ext = append(e.ext, shape.Val)
		e.stride = append(e.stride, stride.Val)
		return
	}
	for i := range shape.Elems {
		e.leaves(shape.Elems[i], stride.Elems[i])
	}
}

// productsOK says whether every product crd2idx takes of a mode of shape
// (each tuple's modes but its last) succeeds.
func productsOK(shape IntTuple) bool {
	if !shape.IsTuple() {
		return true
	}
	for i, m := range shape.Elems {
		if i < len(shape.Elems)-1 {
			if _, err := m.Product(); err != nil {
				return false
			}
		}
		if !productsOK(m) {
			return false
		}
	}
	return true
}

// at is l.At(i).
func (e *evaluator) at(i int64) (int64, error) {
	if !e.fast || i < 0 {
		return crd2idx(i, e.l.Shape, e.l.Stride)
	}
	c := i
	var sum, mag int64
	last := len(e.ext) - 1
	for j, x := range e.ext {
		d := c
		if j < last || !e.free {
			if s := e.shift[j]; s >= 0 {
				d, c = c&(x-1), c>>s
			} else {
				d, c = c%x, c/x
			}
		}
		b := e.stride[j]
		if d == 0 || b == 0 {
			continue
		}
		v := d * b
		if v/b != d || !fits(v) {
			return crd2idx(i, e.l.Shape, e.l.Stride)
		}
		sum += v
		if v < 0 {
			v = -v
		}
		mag += v
	}
	// Every partial sum crd2idx forms, nested or not, is a sum of some of
	// the leaves' values, so it fits when the sum of their magnitudes does.
	if mag > MaxInt {
		return crd2idx(i, e.l.Shape, e.l.Stride)
	}
	return sum, nil
}

// Values lists l(0), ..., l(n-1), each exactly as At gives it, preparing
// l once for all of them. At the first index that errs it stops, returning
// the values before that index and At's error there. It panics if n < 0.
func (l Layout) Values(n int64) ([]int64, error) {
	out := make([]int64, n)
	e := prepare(l)
	for i := range out {
		v, err := e.at(int64(i))
		if err != nil {
			return out[:i], err
		}
		out[i] = v
	}
	return out, nil
}
