package iterator

import "github.com/tilecheck/tilecheck/layout"

// predicatedLoop is the access loop and predicate state of the predicated
// classes. Both models keep them as CUTLASS does (the contract does
// not question them): accesses are numbered iv (the access within a vector)
// fastest, then ic, then is, and preds holds the guard of every access. It
// computes no address: advance says what kind of step operator++ took, and
// each model moves its own pointer or position.
type predicatedLoop struct {
	iter       layout.Coord // the thread map's (Ic, Is)
	apv        int64        // accesses per vector
	preds      []bool
	iv, ic, is int64
}

// newPredicatedLoop starts the loop; preds is memory for the guards.
func newPredicatedLoop(g *famGeom, preds []bool) predicatedLoop {
	return predicatedLoop{iter: g.m.Iter, apv: g.apv, preds: preds[:0]}
}

// loopStep is what one operator++ did to the access counters.
type loopStep int

const (
	stepWithinRow loopStep = iota // the same strided iteration
	stepNextRow                   // a new strided iteration began
	stepWrapped                   // past the tile's last access, back to its first
)

func (l *predicatedLoop) count() int64 { return l.iter.C * l.iter.S * l.apv }

func (l *predicatedLoop) setIndex(idx int64) {
	l.iv = idx % l.apv
	r := idx / l.apv
	l.ic, l.is = r%l.iter.C, r/l.iter.C
}

func (l *predicatedLoop) valid() bool { return l.preds[l.iv+l.apv*(l.ic+l.is*l.iter.C)] }

// advance steps iv, then ic, then is, as operator++ does.
func (l *predicatedLoop) advance() loopStep {
	if l.iv++; l.iv < l.apv {
		return stepWithinRow
	}
	l.iv = 0
	if l.ic++; l.ic < l.iter.C {
		return stepWithinRow
	}
	l.ic = 0
	if l.is++; l.is < l.iter.S {
		return stepNextRow
	}
	l.is = 0
	return stepWrapped
}

// setMask is clear_mask (every predicate off) or enable_mask (every one on).
func (l *predicatedLoop) setMask(enable bool) {
	for i := range l.preds {
		l.preds[i] = enable
	}
}

// residueSize is the residue's size along one rank: the extent
// left after the threadblock offset tb, mod the tile, or a whole tile when
// that is 0. ignoreTB leaves tb out (the C-residue-no-tb control).
func residueSize(ext, tb, tile int64, ignoreTB bool) int64 {
	left := ext - tb
	if ignoreTB {
		left = ext
	}
	if r := left % tile; r != 0 {
		return r
	}
	return tile
}
