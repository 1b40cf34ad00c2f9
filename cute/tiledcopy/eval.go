package tiledcopy

import (
	"errors"
	"fmt"
)

// Shape is the tile's shape (M, N): Src's layout's modes' sizes.
func (c Case) Shape() (m, n int64, err error) {
	l := c.Src.Layout
	if l.Rank() != 2 || c.Dst.Layout.Rank() != 2 {
		return 0, 0, fmt.Errorf("src %v and dst %v: want rank-2 (m, n) layouts", l, c.Dst.Layout)
	}
	m, n = size(l.Mode(0)), size(l.Mode(1))
	if size(c.Dst.Layout.Mode(0)) != m || size(c.Dst.Layout.Mode(1)) != n {
		return 0, 0, fmt.Errorf("src %v and dst %v: the tile's shapes differ", l, c.Dst.Layout)
	}
	return m, n, nil
}

// Inside says whether coordinate (m, n) lies inside the case's extent.
func (c Case) Inside(m, n int64) bool {
	return c.Extent == nil || m < c.Extent[0] && n < c.Extent[1]
}

// Eval is the Go model's trace for c: the partitions of every thread,
// copy_if's predicate, the vector widths, and the copy executed on tagged
// data by the instruction's semantics.
func (c Case) Eval() Trace {
	return answer(c.eval(false, nil))
}

// EvalWith is Eval with CuTe's traits for the atom replaced by tr, the
// instruction kept: what CuTe would partition with those layouts, and
// what the instruction then does with it. It checks a new atom's traits
// against its instruction.
func (c Case) EvalWith(tr Traits) Trace { return answer(c.eval(false, &tr)) }

// EvalPartitions is Eval without the vectorisation refusal: what the
// partitions give whether or not copy_unpack could recast them (for
// controls that model a copy which does not check).
func (c Case) EvalPartitions() (Trace, error) { return c.eval(true, nil) }

func answer(tr Trace, err error) Trace {
	if err != nil {
		return Trace{Rejected: err.Error()}
	}
	return tr
}

func (c Case) eval(lax bool, traits *Traits) (Trace, error) {
	m, n, err := c.Shape()
	if err != nil {
		return Trace{}, err
	}
	if m*n > MaxTile {
		return Trace{}, outside("tile %dx%d: over the model's %d elements", m, n, MaxTile)
	}
	if c.Extent != nil && (len(c.Extent) != 2 || c.Extent[0] < 0 || c.Extent[1] < 0) {
		return Trace{}, fmt.Errorf("extent %v: want two non-negative integers", c.Extent)
	}
	for _, x := range []Tensor{c.Src, c.Dst} {
		if x.Swizzle != nil {
			if err := x.Swizzle.Check(); err != nil {
				return Trace{}, err
			}
		}
	}
	t, err := makeTiled(c.Atom, c.Element, traits, c.Thr, c.Val)
	if err != nil {
		return Trace{}, err
	}
	if m%t.TileM != 0 || n%t.TileN != 0 {
		return Trace{}, outside("the tile (%d,%d) is not divisible by Tiler_MN (%d,%d): CuTe rounds zipped_divide's rest up and partitions past the tensor's end (predicate a partial tile with an extent)", m, n, t.TileM, t.TileN)
	}
	tr := Trace{AtomThreads: int(t.AtomThreads), SrcAtomVals: Elements(t.SrcVals), DstAtomVals: Elements(t.DstVals)}
	tr.VectorBits, tr.DstVectorBits = Bits(t.SrcVals)*c.Element.Bits, Bits(t.DstVals)*c.Element.Bits
	for tid := int64(0); tid < t.Threads; tid++ {
		var th Thread
		if th.Src, err = t.Partition(c.Src, m, n, tid, true); err != nil {
			return Trace{}, err
		}
		if th.Dst, err = t.Partition(c.Dst, m, n, tid, false); err != nil {
			return Trace{}, err
		}
		if !lax {
			if err := c.vectorises(th, tr); err != nil {
				return Trace{}, err
			}
		}
		if c.Extent != nil {
			th.Pred, th.DstPred = c.preds(th.Src, int(t.SrcVals), m), c.preds(th.Dst, int(t.DstVals), m)
		}
		tr.Threads = append(tr.Threads, th)
	}
	tr.Landed, err = Execute(c, tr)
	return tr, err
}

// preds is copy_if's predicate per slot: each atom call of per values
// copies or not as its first value lies inside the extent.
func (c Case) preds(slots []Slot, per int, m int64) []bool {
	out := make([]bool, len(slots))
	for k := 0; k < len(slots); k += per {
		first := slots[k].Coord
		in := c.Inside(first%m, first/m)
		for j := k; j < k+per && j < len(slots); j++ {
			out[j] = in
		}
	}
	return out
}

// vectorises states copy_unpack's static_assert: recast to the register
// type must give whole registers, so each thread's values of one atom call
// are consecutive in the tensor's layout, and a swizzle must not split
// them (CuTe's upcast of Swizzle<B,M,S> by a vector of 2^k elements needs
// k <= M).
func (c Case) vectorises(th Thread, tr Trace) error {
	for _, side := range []struct {
		name  string
		x     Tensor
		slots []Slot
		per   int
		m     int64
	}{{"src", c.Src, th.Src, int(tr.SrcAtomVals), size(c.Src.Layout.Mode(0))}, {"dst", c.Dst, th.Dst, int(tr.DstAtomVals), size(c.Dst.Layout.Mode(0))}} {
		if side.per <= 1 {
			continue
		}
		if side.x.Swizzle != nil && int64(side.per) > int64(1)<<side.x.Swizzle.M {
			return refusef("Copy_Traits: %s failed to vectorize into registers: %v splits a vector of %d elements", side.name, *side.x.Swizzle, side.per)
		}
		for k := 0; k+side.per <= len(side.slots); k += side.per {
			first := side.slots[k].Coord
			base, err := side.x.RawOffset(first%side.m, first/side.m)
			if err != nil {
				return err
			}
			for j := 1; j < side.per; j++ {
				s := side.slots[k+j].Coord
				o, err := side.x.RawOffset(s%side.m, s/side.m)
				if err != nil {
					return err
				}
				if o != base+int64(j) {
					return refusef("Copy_Traits: %s failed to vectorize into registers: a thread's %d values of one call are not consecutive in %v", side.name, side.per, side.x.Layout)
				}
			}
		}
	}
	return nil
}

// IsRejection says whether err is the model's refusal (a static_assert or
// bound) rather than an input error.
func IsRejection(err error) bool {
	var r *reject
	return errors.As(err, &r)
}
