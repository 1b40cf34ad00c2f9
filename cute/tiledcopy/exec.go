package tiledcopy

import "fmt"

// Torn marks a destination element whose bits came from more than one
// source element, or from one at the wrong bit positions.
const Torn = -2

// maxLanded bounds how far past the tile a copy may write before Execute
// gives up.
const maxLanded = 4 * MaxTile

// Execute runs the copy a trace's partitions describe on tagged data, by
// the atom's instruction semantics (Instruction), not by CuTe's layouts:
// source memory at offset o holds the Coord of the tile element the
// source tensor places there; for each atom call, each source lane reads
// its fragment as consecutive elements from the offset of its call's
// first source slot, the instruction moves every piece, and each
// destination lane writes its fragment as consecutive elements from the
// offset of its call's first destination slot. A call copy_if turns off
// (the slot's predicate false) reads or writes nothing. The result is
// Trace.Landed.
func Execute(c Case, tr Trace) ([]int64, error) {
	in, ok := InstructionOf(c.Atom)
	if !ok {
		return nil, fmt.Errorf("unknown atom %q", c.Atom)
	}
	m, n, err := c.Shape()
	if err != nil {
		return nil, err
	}
	eb := c.Element.Bits
	srcMem, err := memory(c.Src, m, n, true)
	if err != nil {
		return nil, err
	}
	landed, err := memory(c.Dst, m, n, false)
	if err != nil {
		return nil, err
	}
	at, sv, dv := tr.AtomThreads, int(tr.SrcAtomVals), int(tr.DstAtomVals)
	if at <= 0 || sv <= 0 || dv <= 0 {
		return nil, fmt.Errorf("trace: atom threads %d, values %d and %d", at, sv, dv)
	}
	srcElems, dstElems := int(in.SrcBits/eb), int(in.DstBits/eb)
	for g := 0; g*at < len(tr.Threads); g++ {
		calls := len(tr.Threads[g*at].Src) / sv
		for k := 0; k < calls; k++ {
			frag := make([][]int64, in.DstLanes)
			for l := range frag {
				frag[l] = make([]int64, dstElems)
				for e := range frag[l] {
					frag[l][e] = -1
				}
			}
			for l := 0; l < in.SrcLanes && l < at && g*at+l < len(tr.Threads); l++ {
				th := tr.Threads[g*at+l]
				if (k+1)*sv > len(th.Src) || th.Pred != nil && !th.Pred[k*sv] {
					continue
				}
				base := th.Src[k*sv].Offset
				for e := 0; e < srcElems; e++ {
					tag := int64(-1)
					if o := base + int64(e); o >= 0 && o < int64(len(srcMem)) {
						tag = srcMem[o]
					}
					move(in, eb, l, e, tag, frag)
				}
			}
			for l := 0; l < in.DstLanes && l < at && g*at+l < len(tr.Threads); l++ {
				th := tr.Threads[g*at+l]
				if (k+1)*dv > len(th.Dst) || th.DstPred != nil && !th.DstPred[k*dv] {
					continue
				}
				base := th.Dst[k*dv].Offset
				for e, tag := range frag[l] {
					o := base + int64(e)
					if o < 0 {
						continue
					}
					if o >= maxLanded {
						return nil, fmt.Errorf("thread %d writes offset %d, far past the tile", g*at+l, o)
					}
					for int64(len(landed)) <= o {
						landed = append(landed, -1)
					}
					landed[o] = tag
				}
			}
		}
	}
	return landed, nil
}

// move places source lane l's element e, holding tag, into the
// destination fragments.
func move(in Instruction, eb Bits, l, e int, tag int64, frag [][]int64) {
	bit := Bits(e) * eb
	if eb <= in.Granule {
		lane, p := in.Move(l, int(bit/in.Granule))
		if lane < 0 || lane >= len(frag) {
			return
		}
		d := (Bits(p)*in.Granule + bit%in.Granule) / eb
		if int(d) < len(frag[lane]) {
			frag[lane][d] = tag
		}
		return
	}
	pieces := int(eb / in.Granule)
	lane0, p0 := in.Move(l, int(bit/in.Granule))
	whole := Bits(p0)*in.Granule%eb == 0
	for j := 1; j < pieces && whole; j++ {
		lane, p := in.Move(l, int(bit/in.Granule)+j)
		whole = lane == lane0 && p == p0+j
	}
	if lane0 < 0 || lane0 >= len(frag) {
		return
	}
	d := Bits(p0) * in.Granule / eb
	if int(d) < len(frag[lane0]) {
		if !whole {
			tag = Torn
		}
		frag[lane0][d] = tag
	}
}

// memory is a tensor's memory over the tile: for the source, each offset
// holding the Coord of the element placed there (-1 where none); for the
// destination, all -1 (nothing written yet).
func memory(x Tensor, m, n int64, tagged bool) ([]int64, error) {
	var hi int64 = -1
	offs := make([]int64, m*n)
	for j := int64(0); j < n; j++ {
		for i := int64(0); i < m; i++ {
			o, err := x.Offset(i, j)
			if err != nil {
				return nil, err
			}
			offs[i+m*j] = o
			hi = max(hi, o)
		}
	}
	if hi >= maxLanded {
		return nil, fmt.Errorf("tensor %v: offset %d, over the model's bound", x.Layout, hi)
	}
	mem := make([]int64, hi+1)
	for i := range mem {
		mem[i] = -1
	}
	if tagged {
		for coord, o := range offs {
			if o >= 0 {
				mem[o] = int64(coord)
			}
		}
	}
	return mem, nil
}
