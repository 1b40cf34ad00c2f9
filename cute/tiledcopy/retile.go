package tiledcopy

import (
	"github.com/tilecheck/tilecheck/cute"
)

// upcastBy is CuTe's upcast<N>(layout) for static strides: a stride-0 mode
// is kept; any other needs its stride and N to divide one another (the
// "Divisibility condition" static_assert) and becomes shape
// ceil_div(s, ceil_div(N, |d|)), stride signum(d)*ceil_div(|d|, N).
func upcastBy(l cute.Layout, n int64) (cute.Layout, error) {
	shapes, strides := l.Shape.Flatten(), l.Stride.Flatten()
	ns, nd := make([]int64, len(shapes)), make([]int64, len(shapes))
	for i := range shapes {
		s, d := shapes[i].Val, strides[i].Val
		if d == 0 {
			ns[i], nd[i] = s, 0
			continue
		}
		ad := max(d, -d)
		if ad%n != 0 && n%ad != 0 {
			return cute.Layout{}, refusef("upcast<%d>(%v): Divisibility condition: stride %d", n, l, d)
		}
		ns[i] = ceil(s, ceil(n, ad))
		nd[i] = ceil(ad, n)
		if d < 0 {
			nd[i] = -nd[i]
		}
	}
	k := 0
	shape := refill(l.Shape, ns, &k)
	k = 0
	return cute.Layout{Shape: shape, Stride: refill(l.Stride, nd, &k)}, nil
}

func ceil(a, b int64) int64 { return (a + b - 1) / b }

// Retile is ThrCopy::retile_S and retile_D (the same function): a
// thread's fragment frg, of rank at least 3 with mode 0 its values (V),
// re-viewed in the copy's value order ((atom values, rest values), rest
// modes...). It returns the fragment's offsets in that order,
// colexicographically, and the retiled shape's mode sizes. As CuTe
// computes it: frg_layout_mn = upcast<Threads*V>(right_inverse(TV) with
// the tiler's shape), frg_layout_v = zipped_divide(logical_product(V,
// right_inverse(frg_layout_mn)), AtomNumVal), and frg zipped-divided by
// (V, product_each(shape(frg_layout_mn))) composed with frg_layout_v in
// its tile mode, at rest index 0 of mode 0.
func (t *Tiled) Retile(frg cute.Layout) (offsets []int64, modes []int64, err error) {
	if frg.Rank() < 3 {
		return nil, nil, refusef("retile: fragment %v of rank %d, want (V, M, N, ...)", frg, frg.Rank())
	}
	v := size(frg.Mode(0))
	rinv, err := cute.RightInverse(t.LayoutTV)
	if err != nil {
		return nil, nil, refusef("retile: right_inverse(%v): %v", t.LayoutTV, err)
	}
	tile, _ := cute.Compact(cute.Tuple(cute.SInt(t.TileM), cute.SInt(t.TileN)))
	withShape, err := cute.Composition(rinv, tile)
	if err != nil {
		return nil, nil, refusef("retile: with_shape: %v", err)
	}
	mn, err := upcastBy(withShape, t.Threads*v)
	if err != nil {
		return nil, nil, err
	}
	mnInv, err := cute.RightInverse(mn.WithStatic(true))
	if err != nil {
		return nil, nil, refusef("retile: right_inverse(%v): %v", mn, err)
	}
	vl := cute.Layout{Shape: cute.SInt(v), Stride: cute.SInt(1)}
	frgV, err := cute.LogicalProduct(vl, mnInv)
	if err != nil {
		return nil, nil, refusef("retile: logical_product: %v", err)
	}
	// zipped_divide by AtomNumVal:1 keeps frgV's 1-D order; CuTe requires
	// the division to hold.
	n0 := size(frgV)
	if n0%t.AtomVals != 0 {
		return nil, nil, refusef("retile: %d values not divisible by the atom's %d", n0, t.AtomVals)
	}
	f := []int64{v, size(mn.Mode(0)), size(mn.Mode(1))}
	modes = []int64{n0}
	for k := 1; k < frg.Rank(); k++ {
		e := size(frg.Mode(k))
		if k <= 2 {
			if e%f[k] != 0 {
				return nil, nil, refusef("retile: fragment mode %d of %d not divisible by %d", k, e, f[k])
			}
			e /= f[k]
		}
		modes = append(modes, e)
	}
	total := int64(1)
	for _, m := range modes {
		total *= m
	}
	for i := int64(0); i < total; i++ {
		a := i % n0
		rest := i / n0
		j, err := frgV.At(a)
		if err != nil {
			return nil, nil, err
		}
		// j indexes the tile (V, f1, f2) colexicographically.
		crd := []cute.IntTuple{cute.Int(j % f[0]), cute.Int((j / f[0]) % f[1]), cute.Int(j / (f[0] * f[1]))}
		for k := 1; k < frg.Rank(); k++ {
			r := rest % modes[k]
			rest /= modes[k]
			if k <= 2 {
				crd[k] = cute.Int(crd[k].Val + f[k]*r)
			} else {
				crd = append(crd, cute.Int(r))
			}
		}
		off, err := frg.AtCoord(cute.Tuple(crd...))
		if err != nil {
			return nil, nil, err
		}
		offsets = append(offsets, off)
	}
	return offsets, modes, nil
}
