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
// documented contract puts it (tile offsets and ++/-- in whole
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
	elems, err := layout.Mul(rows, cfg.Pitch()) // rows of pitch L
	var bits layout.Bits
	if err == nil {
		bits, err = layout.Elements(elems).ToBits(cfg.Elem.Bits)
	}
	if err != nil || bits > math.MaxInt64-7 {
		return 0, math.MaxInt64
	}
	// The whole bytes holding the bits, rounded up (bits >= 0 here for any
	// configuration Validate accepts).
	return 0, layout.Bytes((bits + 7) / 8)
}

// rowsReached is the default row count of Allocation, saturating at
// MaxInt64 rows where tilecheck's arithmetic would overflow.
func rowsReached(cfg Config, prog Program) int64 {
	// Only the tile geometry: newInstance would also size an access, which
	// an unvalidated configuration may not allow.
	shape := cfg.PitchShape()
	in := instance{L: layout.Elements(cfg.Pitch()), Sc: layout.Elements(shape.C), Ss: shape.S, Rank: cfg.PitchAdv()}
	if in.L <= 0 {
		in.L = 1
	}
	var a arith
	tile := func(op Op) layout.Elements {
		tc, ts := tileArg(cfg, op)
		return plus(&a, in.contigTiles(&a, tc), in.stridedTiles(&a, ts))
	}
	// ++/-- move one tile along the pitch-linear advance rank.
	step := times(&a, in.Ss, in.L)
	if in.Rank == 0 {
		step = in.Sc
	}
	span := plus(&a, times(&a, in.Ss-1, in.L), in.Sc) // elements of one tile
	rows := in.Ss
	var pos layout.Elements // the tile origin, from ref.data()
	for _, op := range prog {
		at, records := pos, true
		switch op.Kind {
		case LoadTile, StoreTile:
			at = plus(&a, pos, tile(op))
		case LoadPtr, StorePtr:
			at = plus(&a, pos, pointerArg(op))
		case Load, Store, Accesses, AccessesInc:
		case AddTileOffset:
			pos, records = plus(&a, pos, tile(op)), false
		case AddPointerOffset:
			pos, records = plus(&a, pos, pointerArg(op)), false
		case Inc:
			pos, records = plus(&a, pos, step), false
		case Dec:
			pos, records = plus(&a, pos, -step), false
		default:
			records = false
		}
		if a.err != nil {
			return math.MaxInt64
		}
		if !records || at < 0 {
			continue
		}
		end := plus(&a, at, span)
		if a.err != nil {
			return math.MaxInt64
		}
		// The rows that hold elements [0, end): end/L rounded up.
		rows = max(rows, int64((end+in.L-1)/in.L))
	}
	return rows
}
