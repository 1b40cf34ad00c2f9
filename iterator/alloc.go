package iterator

import (
	"math"

	"github.com/tilecheck/tilecheck/layout"
)

// Allocation is the byte range [lo, hi) of the tensor the program runs on,
// for P-bounds and for the reference's cas32 tail rule: rows whole rows of
// pitch L, [0, ceil(rows·L·B/8)).
//
// rows is cfg.Rows when given. Otherwise it is the fewest rows that hold, for
// every load and store the program makes, the whole tile at the position the
// documented contract puts it (SPEC §4: tile offsets and ++/-- in whole
// tiles, pointer offsets in elements), and at least one tile. A tile whose
// origin is at linear element offset p spans elements [p, p + (Ss−1)·L + Sc),
// so it needs ceil((p + (Ss−1)·L + Sc) / L) rows; tiles before the data
// pointer (p < 0) are outside the allocation whatever its size, and are not
// counted. The contract, not a model, fixes the allocation: every model of a
// case is judged against the same tensor.
func Allocation(cfg Config, prog Program) (lo, hi layout.Bytes) {
	rows := cfg.Rows
	if rows <= 0 {
		rows = rowsReached(cfg, prog)
	}
	l, b := cfg.Pitch(), int64(cfg.Elem.Bits)
	bits, err := layout.Mul(rows, l)
	if err == nil {
		bits, err = layout.Mul(bits, b)
	}
	if err != nil || bits > math.MaxInt64-7 {
		return 0, math.MaxInt64
	}
	return 0, layout.Bytes((bits + 7) / 8)
}

// rowsReached is the default row count of Allocation, saturating at
// MaxInt64 rows where tilecheck's arithmetic would overflow.
func rowsReached(cfg Config, prog Program) int64 {
	shape, l := cfg.PitchShape(), cfg.Pitch()
	if l <= 0 {
		l = 1
	}
	var a arith
	tile := func(c, s int64) int64 {
		t := cfg.Layout.ToPitch(c, s)
		return a.add(a.mul(t.C, shape.C), a.mul(a.mul(t.S, shape.S), l))
	}
	// ++/-- move one tile along the pitch-linear advance rank.
	step := a.mul(shape.S, l)
	if cfg.PitchAdv() == 0 {
		step = shape.C
	}
	span := a.add(a.mul(shape.S-1, l), shape.C) // elements of one tile
	rows := shape.S
	var pos int64 // element offset of the tile origin
	for _, op := range prog {
		at, records := pos, true
		switch op.Kind {
		case LoadTile, StoreTile:
			at = a.add(pos, tile(op.A, op.B))
		case LoadPtr, StorePtr:
			at = a.add(pos, op.A)
		case Load, Store, Accesses:
		case AddTileOffset:
			pos, records = a.add(pos, tile(op.A, op.B)), false
		case AddPointerOffset:
			pos, records = a.add(pos, op.A), false
		case Inc:
			pos, records = a.add(pos, step), false
		case Dec:
			pos, records = a.add(pos, -step), false
		default:
			records = false
		}
		if a.err != nil {
			return math.MaxInt64
		}
		if !records || at < 0 {
			continue
		}
		end := a.add(at, span)
		if a.err != nil {
			return math.MaxInt64
		}
		rows = max(rows, (end+l-1)/l)
	}
	return rows
}
