package tiledcopy

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cute"
)

// Bits counts bits: Copy_Traits' layouts and an instruction's registers
// are in bits.
type Bits int

// Elements counts values of the case's element type: a Copy_Atom's value
// layouts, partitions and offsets are in elements.
type Elements int

// BitLayout is a Copy_Traits layout: (thread, value) -> bit offset.
type BitLayout struct{ cute.Layout }

// ValLayout is a Copy_Atom layout in elements of its value type:
// (thread, value) -> element offset.
type ValLayout struct{ cute.Layout }

// Upcast is CuTe's recast_layout<uint1_t, T> for a T of width w: each
// stride-1 mode's extent, and every other non-zero stride, divided by w.
// It is stricter than CuTe's upcast, which rounds a stride-1 mode
// narrower than w up to one element: Upcast refuses it. Every case where
// the two differ CuTe refuses a step later (Copy_Atom's thread-count
// static_assert, or copy_unpack's register count), so the model refuses
// the same cases, naming the first condition broken.
func (l BitLayout) Upcast(w Bits) (ValLayout, error) {
	if w <= 0 {
		return ValLayout{}, fmt.Errorf("element width %d bits", w)
	}
	shapes, strides := l.Shape.Flatten(), l.Stride.Flatten()
	ns, nd := make([]int64, len(shapes)), make([]int64, len(shapes))
	for i := range shapes {
		s, d := shapes[i].Val, strides[i].Val
		switch {
		case d == 1 && s%int64(w) == 0:
			ns[i], nd[i] = s/int64(w), 1
		case d == 1 && s == 1:
			ns[i], nd[i] = 1, 1
		case d == 1:
			return ValLayout{}, fmt.Errorf("%v: a run of %d bits does not hold whole %d-bit elements", l.Layout, s, w)
		case d == 0 || s == 1:
			ns[i], nd[i] = s, 0
		case d%int64(w) == 0:
			ns[i], nd[i] = s, d/int64(w)
		default:
			return ValLayout{}, fmt.Errorf("%v: stride %d bits is not a whole number of %d-bit elements", l.Layout, d, w)
		}
	}
	k := 0
	shape := refill(l.Shape, ns, &k)
	k = 0
	return ValLayout{cute.Layout{Shape: shape, Stride: refill(l.Stride, nd, &k)}.WithStatic(true)}, nil
}

// refill is t with its integers replaced, left to right, by vs.
func refill(t cute.IntTuple, vs []int64, k *int) cute.IntTuple {
	if !t.IsTuple() {
		v := vs[*k]
		*k++
		return cute.SInt(v)
	}
	out := make([]cute.IntTuple, len(t.Elems))
	for i, e := range t.Elems {
		out[i] = refill(e, vs, k)
	}
	return cute.Tuple(out...)
}

// size is the layout's size, or of mode i.
func size(l cute.Layout) int64 {
	n, _ := l.Size()
	return n
}
