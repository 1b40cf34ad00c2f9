package tiledcopy

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cute"
)

// MaxTile bounds the elements of a tile the model partitions.
const MaxTile = 1 << 14

// Tiled is a TiledCopy: make_tiled_copy's TV layout and tiler, and the
// atom's layouts recast to the element type.
type Tiled struct {
	Atom    Atom
	Element Element
	// LayoutMN is raked_product(thr, val): (m, n) -> (thread, value)
	// index; LayoutTV its right inverse with shape (threads, values):
	// (thread, value) -> the colexicographic index of (m, n) in the tiler.
	LayoutMN, LayoutTV cute.Layout
	TileM, TileN       int64 // Tiler_MN = product_each(shape(LayoutMN))
	Threads, Vals      int64 // TiledNumThr, TiledNumVal
	// The atom's Copy_Atom layouts (ValLayoutSrc, ValLayoutDst,
	// ValLayoutRef) and right_inverse(ValLayoutRef).
	Src, Dst, Ref ValLayout
	RefInv        cute.Layout
	AtomThreads   int64 // AtomNumThr
	AtomVals      int64 // AtomNumVal, of the reference layout
	SrcVals       int64 // NumValSrc
	DstVals       int64 // NumValDst
}

// reject is a refusal, as CuTe's static_assert or the model's bound says.
type reject struct{ msg string }

func (r *reject) Error() string { return r.msg }

func refusef(format string, args ...any) error { return &reject{fmt.Sprintf(format, args...)} }

// OutsideModel begins every refusal the model makes where CuTe does not
// refuse: its own bounds and domain (rank-2 layouts, a tile of at most
// MaxTile elements, thread and value layouts that tile their tile, a tile
// Tiler_MN divides: CuTe rounds zipped_divide's rest up and partitions
// past the tensor's end, where a slot's coordinate has no index in the
// tile). A compiled source may answer such a case; P-model leaves it
// unjudged.
const OutsideModel = "outside the model: "

// outside is a refusal of a case CuTe accepts but the model does not
// cover.
func outside(format string, args ...any) error {
	return &reject{OutsideModel + fmt.Sprintf(format, args...)}
}

// MakeTiledCopy is make_tiled_copy(Copy_Atom<a, e>{}, thr, val).
func MakeTiledCopy(a Atom, e Element, thrL, valL cute.Layout) (*Tiled, error) {
	return makeTiled(a, e, nil, thrL, valL)
}

// makeTiled is MakeTiledCopy, with the atom's traits replaced by tr when
// not nil.
func makeTiled(a Atom, e Element, tr *Traits, thrL, valL cute.Layout) (*Tiled, error) {
	d, ok := atoms[a]
	if !ok {
		return nil, refusef("unknown atom %q", a)
	}
	if err := Allows(a, e); err != nil {
		return nil, refusef("%v", err)
	}
	traits := d.traits
	if tr != nil {
		traits = *tr
	}
	t := &Tiled{Atom: a, Element: e}
	var err error
	for _, side := range []struct {
		name string
		bl   BitLayout
		out  *ValLayout
	}{{"Src", traits.SrcLayout, &t.Src}, {"Dst", traits.DstLayout, &t.Dst}, {"Ref", traits.RefLayout, &t.Ref}} {
		if *side.out, err = side.bl.Upcast(e.Bits); err != nil {
			return nil, refusef("CopyOperation is not valid for %s of ValType: %v", side.name, err)
		}
		if size(side.out.Mode(0)) != size(traits.ThrID) {
			return nil, refusef("CopyOperation is not valid for %s of ValType: %v has %d threads, ThrID %d", side.name, side.out.Layout, size(side.out.Mode(0)), size(traits.ThrID))
		}
	}
	t.AtomThreads, t.AtomVals = size(t.Ref.Mode(0)), size(t.Ref.Mode(1))
	t.SrcVals, t.DstVals = size(t.Src.Mode(1)), size(t.Dst.Mode(1))
	if t.RefInv, err = cute.RightInverse(t.Ref.Layout); err != nil {
		return nil, outside("right_inverse(%v): %v", t.Ref.Layout, err)
	}
	if thrL.Rank() != 2 || valL.Rank() != 2 {
		return nil, outside("thr %v and val %v: want rank-2 (m, n) layouts", thrL, valL)
	}
	if t.LayoutMN, err = cute.RakedProduct(thrL.WithStatic(true), valL.WithStatic(true)); err != nil {
		return nil, outside("raked_product(thr, val): %v", err)
	}
	t.Threads, t.Vals = size(thrL), size(valL)
	rinv, err := cute.RightInverse(t.LayoutMN)
	if err != nil {
		return nil, outside("right_inverse(%v): %v", t.LayoutMN, err)
	}
	tv, _ := cute.Compact(cute.Tuple(cute.SInt(t.Threads), cute.SInt(t.Vals)))
	if t.LayoutTV, err = cute.Composition(rinv, tv); err != nil {
		return nil, outside("right_inverse(layout_mn).with_shape(%d,%d): %v", t.Threads, t.Vals, err)
	}
	t.TileM, t.TileN = size(t.LayoutMN.Mode(0)), size(t.LayoutMN.Mode(1))
	if t.Threads*t.Vals != t.TileM*t.TileN {
		return nil, outside("thr %v and val %v do not tile their (%d,%d) tile", thrL, valL, t.TileM, t.TileN)
	}
	if t.Threads%t.AtomThreads != 0 {
		return nil, refusef("TiledCopy uses too few thrs for selected CopyAtom: %d threads, the atom %d", t.Threads, t.AtomThreads)
	}
	if t.Vals%t.AtomVals != 0 {
		return nil, refusef("TiledCopy uses too few vals for selected CopyAtom: %d values, the atom %d", t.Vals, t.AtomVals)
	}
	return t, nil
}

// tileIndex is the colexicographic tiler index the TV layout gives thread
// tid's atom value v of atom layout l, in rest value rv: CuTe's
// tile2thrfrg, right_inverse(ValLayoutRef) o l then the TV layout divided
// by (AtomNumThr, AtomNumVal).
func (t *Tiled) tileIndex(l ValLayout, tid, v, rv int64) (int64, error) {
	at, rt := tid%t.AtomThreads, tid/t.AtomThreads
	off, err := l.At(at + t.AtomThreads*v)
	if err != nil {
		return 0, err
	}
	ref, err := t.RefInv.At(off)
	if err != nil {
		return 0, err
	}
	thr, val := ref%t.AtomThreads+t.AtomThreads*rt, ref/t.AtomThreads+t.AtomVals*rv
	return t.LayoutTV.At(thr + t.Threads*val)
}

// Partition is ThrCopy::partition_S (src true) or partition_D of a tensor
// of shape (m, n) for thread tid: each slot's tile coordinate (m + M*n)
// and the tensor's offset, in CuTe's order ((atom vals, rest vals), CPY_M,
// CPY_N).
func (t *Tiled) Partition(tensor Tensor, m, n, tid int64, src bool) ([]Slot, error) {
	l, nv := t.Dst, t.DstVals
	if src {
		l, nv = t.Src, t.SrcVals
	}
	// The tiler index of each (rest value, atom value) is the same in
	// every tile of the tensor.
	nr := t.Vals / t.AtomVals
	idx := make([]int64, nr*nv)
	for rv := int64(0); rv < nr; rv++ {
		for v := int64(0); v < nv; v++ {
			i, err := t.tileIndex(l, tid, v, rv)
			if err != nil {
				return nil, err
			}
			idx[rv*nv+v] = i
		}
	}
	out := make([]Slot, 0, (m/t.TileM)*(n/t.TileN)*int64(len(idx)))
	for cn := int64(0); cn < n/t.TileN; cn++ {
		for cm := int64(0); cm < m/t.TileM; cm++ {
			for _, i := range idx {
				gm, gn := cm*t.TileM+i%t.TileM, cn*t.TileN+i/t.TileM
				off, err := tensor.Offset(gm, gn)
				if err != nil {
					return nil, err
				}
				out = append(out, Slot{Coord: gm + m*gn, Offset: off})
			}
		}
	}
	return out, nil
}

// Offset is the tensor's offset of coordinate (m, n), the swizzle applied.
func (x Tensor) Offset(m, n int64) (int64, error) {
	off, err := x.Layout.At2(m, n)
	if err != nil {
		return 0, err
	}
	if x.Swizzle != nil {
		off = x.Swizzle.Apply(off)
	}
	return off, nil
}

// RawOffset is the tensor's offset of (m, n) before the swizzle.
func (x Tensor) RawOffset(m, n int64) (int64, error) {
	return x.Layout.At2(m, n)
}
