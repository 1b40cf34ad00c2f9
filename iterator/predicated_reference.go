package iterator

import "github.com/tilecheck/tilecheck/layout"

// refPredicated is the documented contract for the predicated classes
// (the `reference` model): the thread has a logical element position that
// every tile offset moves by whole tiles in both dimensions (the first one
// along the advance rank consuming the residue instead of a whole tile),
// pointer offsets move elements, and addresses are bit offsets / 8.
//
// It keeps CUTLASS's access loop and predicate state machine, which the
// contract does not question: accesses are stepped as the C++ steps them
// (a new strided iteration moves one strided delta), guards judge a vector's
// first element against the residue extent in both dimensions, then against
// the full extent in the dimension the iterator does not advance along, and
// clear_mask / enable_mask hold until guards are recomputed. Guards are
// recomputed at the first tile offset and whenever a tile offset moves the
// thread across the non-advance dimension (CUTLASS never recomputes there).
//
// With a defect it is that control: C-3487-cross, C-rank0-nopitch,
// C-residue-no-tb, C-sizeof-subbyte, or a RegularTileIterator control where it
// applies (see DefectApplies).
type refPredicated struct {
	g *famGeom
	a *arith
	d Defect

	pos        layout.Coord // the thread's logical position, elements
	ptrBits    int64        // pointer offsets, bits
	skewBits   int64        // the defect's displacement, bits
	residueOff layout.Coord
	residue    bool
	predicatedLoop
	rows     int64 // strided deltas the ++ steps have moved the access pointer
	passBits int64 // the pointer offset of the current pass, bits
}

// reset starts the iterator of thread g.thread, whose initial offset is
// init. It overwrites the iterator, keeping only its guards' memory.
func (it *refPredicated) reset(g *famGeom, d Defect, a *arith, init layout.Coord) {
	*it = refPredicated{g: g, a: a, d: d, residue: true, predicatedLoop: newPredicatedLoop(g, it.preds)}
	var resExt layout.Coord
	it.residueOff, resExt = predicatedResidue(g, d == CResidueNoTB)
	it.pos = layout.Coord{C: g.tb.C + init.C, S: g.tb.S + init.S}
	it.preds = predicatedGuards(g, it.pos, resExt, false, it.preds)
}

func (it *refPredicated) accessBytes() int64 {
	return int64(layout.ArrayBytes(layout.Elements(it.g.ae), it.g.cfg.Elem.Bits))
}

func (it *refPredicated) beginPass(n int64) { it.passBits = refPtrBits(it.g, it.a, it.d, n, false) }

func (it *refPredicated) addr() (int64, bool) {
	a := it.a
	within := layout.Coord{
		C: a.add(refDeltaC(it.g, a, it.d, it.ic), a.mul(it.iv, it.g.ae)),
		S: a.mul(it.rows, it.g.m.Delta.S),
	}
	return refAddress(it.g, a, it.d, it.pos, within, a.add(it.ptrBits, it.passBits), it.skewBits)
}

// step follows operator++: a new strided iteration moves one strided delta,
// the end of the tile moves back to the tile's first row.
func (it *refPredicated) step() {
	switch it.advance() {
	case stepNextRow:
		it.rows++
	case stepWrapped:
		it.rows -= it.g.m.Iter.S - 1
	}
}

func (it *refPredicated) addPointerOffset(n int64) {
	it.ptrBits = it.a.add(it.ptrBits, refPtrBits(it.g, it.a, it.d, n, true))
}

// addTileOffset moves whole tiles in both dimensions; the first tile offset
// along the advance rank is the residue rather than a whole tile.
func (it *refPredicated) addTileOffset(t layout.Coord) {
	a, sh, g := it.a, it.g.shape, it.g
	move := layout.Coord{C: a.mul(t.C, sh.C), S: a.mul(t.S, sh.S)}
	first := it.residue
	if first {
		if g.rank == 1 {
			move.S = a.add(it.residueOff.S, a.mul(t.S-1, sh.S))
		} else {
			move.C = a.add(it.residueOff.C, a.mul(t.C-1, sh.C))
		}
	}
	// The cross-rank term: the move across the dimension not advanced along,
	// in elements of the linear offset.
	cross := move.C
	if g.rank == 0 {
		cross = a.mul(move.S, g.L)
	}
	switch {
	case it.d == C3487Cross && !first:
		it.skewBits = a.add(it.skewBits, a.mul(cross, 8-g.B)) // cross bytes, not cross·B/8
	case it.d == CRank0NoPitch && g.rank == 0:
		it.skewBits = a.add(it.skewBits, a.mul(a.add(move.S, a.mul(cross, -1)), g.B)) // Ss·ts elements, not Ss·ts·L
	}
	it.pos = layout.Coord{C: a.add(it.pos.C, move.C), S: a.add(it.pos.S, move.S)}
	it.residue = false
	crossMoved := (g.rank == 1 && t.C != 0) || (g.rank == 0 && t.S != 0)
	if first || crossMoved {
		it.preds = predicatedGuards(g, it.pos, g.ext, true, it.preds)
	}
}
