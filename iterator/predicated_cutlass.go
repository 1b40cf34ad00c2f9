package iterator

import "github.com/tilecheck/tilecheck/layout"

// cutlassPredicated is PredicatedTileAccessIterator<PitchLinear> as CUTLASS
// v4.7 implements it (non-gather, no permute); PredicatedTileIterator
// drives the same state through its load/store loop. The pointer is a byte
// pointer moved by int64 increments; predicates are computed against the
// residue extent at construction and against the full extent, in the
// non-advance dimension only, at the first add_tile_offset, and never again.
type cutlassPredicated struct {
	g *famGeom
	a *arith

	p          int64 // pointer_, bytes from ref.data()
	incS       int64 // inc_strided_
	incA       int64 // inc_advance_
	incN       int64 // inc_next_
	asz        int64 // sizeof(AccessType)
	o          layout.Coord
	residueOff layout.Coord
	residue    bool // is_residue_tile_
	// pre31: before CUTLASS v3.1 the residue step's cross-rank term is
	// Sc·tc (Ss·ts) bytes, not scaled by B/8 as in the steady state.
	pre31 bool
	predicatedLoop
	passOff int64 // the byte offset of the current pass
}

// predicatedResidue is the residue: its size along the advance
// rank (the extent left after tb, mod the tile, or a whole tile when that is
// 0), the offset to the first steady-state tile, and the residue extent.
// ignoreTB computes the size as extent mod tile (the C-residue-no-tb control).
func predicatedResidue(g *famGeom, ignoreTB bool) (off, ext layout.Coord) {
	if g.rank == 1 {
		r := residueSize(g.ext.S, g.tb.S, g.shape.S, ignoreTB)
		return layout.Coord{S: r}, layout.Coord{C: g.ext.C, S: min(g.tb.S+r, g.ext.S)}
	}
	r := residueSize(g.ext.C, g.tb.C, g.shape.C, ignoreTB)
	return layout.Coord{C: r}, layout.Coord{C: min(g.ext.C, g.tb.C+r), S: g.ext.S}
}

// predicatedGuards is compute_predicates_: the guard of every access (s, c, v)
// at thread offset o, judged on the vector's first element
// o + (c·Dc + v·access_elems, s·Ds) — both dimensions against ext, or in
// steady state only the dimension the iterator does not advance along. The
// guards are written over buf (an iterator's previous guards, which nothing
// else holds), so that a thread reuses the memory of the one before.
func predicatedGuards(g *famGeom, o, ext layout.Coord, steady bool, buf []bool) []bool {
	m := g.m
	guards := buf[:0]
	for s := int64(0); s < m.Iter.S; s++ {
		for c := int64(0); c < m.Iter.C; c++ {
			for v := int64(0); v < g.apv; v++ {
				x := layout.Coord{C: o.C + c*m.Delta.C + v*g.ae, S: o.S + s*m.Delta.S}
				var ok bool
				switch {
				case !steady:
					ok = x.S < ext.S && x.C < ext.C
				case g.rank == 0:
					ok = x.S < ext.S
				default:
					ok = x.C < ext.C
				}
				guards = append(guards, ok)
			}
		}
	}
	return guards
}

// reset is the constructor for thread g.thread, whose initial offset is init.
// It overwrites the iterator, keeping only its guards' memory.
func (it *cutlassPredicated) reset(g *famGeom, a *arith, init layout.Coord) {
	m := g.m
	*it = cutlassPredicated{g: g, a: a, residue: true, predicatedLoop: newPredicatedLoop(g, it.preds),
		asz: int64(layout.ArrayBytes(layout.Elements(g.ae), g.cfg.Elem.Bits))}
	var resExt layout.Coord
	it.residueOff, resExt = predicatedResidue(g, false)
	it.o = layout.Coord{C: g.tb.C + init.C, S: g.tb.S + init.S}
	it.preds = predicatedGuards(g, it.o, resExt, false, it.preds)
	it.addPointerOffset(a.add(it.o.C, a.mul(it.o.S, g.L)))

	rowBits := a.mul(g.L, g.B)
	it.incS = a.bitsToBytes("inc_strided_ = L·Ds·B/8", a.mul(rowBits, m.Delta.S))
	if g.rank == 1 {
		it.incA = a.bitsToBytes("inc_advance_ = Ss·L·B/8", a.mul(g.shape.S, rowBits))
	} else {
		it.incA = a.bitsToBytes("inc_advance_ = Sc·B/8", a.mul(g.shape.C, g.B))
	}
	back := a.bitsToBytes("inc_next_: (Is-1)·Ds·L·B/8", a.mul(a.mul(m.Iter.S-1, m.Delta.S), rowBits))
	it.incN = it.incA - back
}

func (it *cutlassPredicated) accessBytes() int64 { return it.asz }

// beginPass is load_with_pointer_offset's conversion of n elements to the
// byte offset of load_with_byte_offset: i32(n·B)/8.
func (it *cutlassPredicated) beginPass(n int64) {
	it.passOff = 0
	if n != 0 {
		a := it.a
		it.passOff = a.bitsToBytes("load_with_pointer_offset: n·B/8", a.i32("load_with_pointer_offset: n·B", a.mul(n, it.g.B)))
	}
}

// addr is get() plus the pass's byte offset.
func (it *cutlassPredicated) addr() (int64, bool) {
	a, m := it.a, it.g.m
	col := a.bitsToBytes("get(): c·(Dc·B)/8", a.mul(it.ic, a.mul(m.Delta.C, it.g.B)))
	return a.add(a.add(a.add(it.p, col), a.mul(it.iv, it.asz)), it.passOff), true
}

// step is operator++: iv, then ic, then is; a new strided iteration adds
// inc_strided_, the end of the tile inc_next_ − inc_advance_.
func (it *cutlassPredicated) step() {
	switch it.advance() {
	case stepNextRow:
		it.p = it.a.add(it.p, it.incS)
	case stepWrapped:
		it.p = it.a.add(it.p, it.incN-it.incA)
	}
}

// addPointerOffset: pointer_ += sizeof_bits·pointer_offset/8 (elements).
func (it *cutlassPredicated) addPointerOffset(n int64) {
	it.p = it.a.add(it.p, it.a.bitsToBytes("add_pointer_offset: B·n/8", it.a.mul(it.g.B, n)))
}

// addTileOffset is add_tile_offset. The first call moves by the residue and
// recomputes the predicates; its cross-rank term is scaled by B/8. Later calls
// add the cross-rank term unscaled (#3487); for rank 0 the strided cross
// term has no L at all, in both.
func (it *cutlassPredicated) addTileOffset(t layout.Coord) {
	a, sh, B := it.a, it.g.shape, it.g.B
	if it.residue {
		it.o = layout.Coord{C: it.o.C + it.residueOff.C, S: it.o.S + it.residueOff.S}
		it.preds = predicatedGuards(it.g, it.o, it.g.ext, true, it.preds)
		it.addPointerOffset(a.add(it.residueOff.C, a.mul(it.residueOff.S, it.g.L)))
		switch {
		case it.pre31 && it.g.rank == 1:
			it.p = a.add(it.p, a.mul(it.incA, t.S-1))
			it.p = a.add(it.p, a.i32("add_tile_offset: Sc·tc", a.mul(sh.C, t.C)))
		case it.pre31:
			it.p = a.add(it.p, a.mul(it.incA, t.C-1))
			it.p = a.add(it.p, a.i32("add_tile_offset: Ss·ts", a.mul(sh.S, t.S)))
		case it.g.rank == 1:
			it.p = a.add(it.p, a.mul(it.incA, t.S-1))
			it.p = a.add(it.p, a.bitsToBytes("add_tile_offset: Sc·tc·B/8", a.i32("add_tile_offset: Sc·tc·B", a.mul(a.mul(sh.C, t.C), B))))
		default:
			it.p = a.add(it.p, a.mul(it.incA, t.C-1))
			it.p = a.add(it.p, a.bitsToBytes("add_tile_offset: Ss·ts·B/8", a.i32("add_tile_offset: Ss·ts·B", a.mul(a.mul(sh.S, t.S), B))))
		}
		it.residue = false
		return
	}
	if it.g.rank == 1 {
		it.p = a.add(it.p, a.mul(it.incA, t.S))
		it.p = a.add(it.p, a.i32("add_tile_offset: Sc·tc", a.mul(sh.C, t.C)))
	} else {
		it.p = a.add(it.p, a.mul(it.incA, t.C))
		it.p = a.add(it.p, a.i32("add_tile_offset: Ss·ts", a.mul(sh.S, t.S)))
	}
}
