package iterator

import "math"

// Where a control's defect cannot show. A RegularTileIterator control is
// the reference model with one bug injected at one place (referenceModel's
// tileBits, pointerBits, advanceBits, narrow, access, threadMap and the
// cas32 tail rule): where a request never reaches that place, the control
// runs the reference's code, call for call, and its traces and errors are
// the reference's. A sweep then need not trace or judge the control there:
// what the reference's traces give, the control's would.

// SameAsReference reports whether control d's answer to (cfg, prog) is the
// reference model's by construction: every thread's trace and the error,
// byte for byte. False means only that it may differ. It answers for each
// class's own controls (DefectApplies) from the configuration alone;
// Scope.Same also knows its thread map. TestSameAsReference compares both
// models' traces wherever either says true.
func SameAsReference(d Defect, cfg *Config, prog Program) bool {
	s := Scope{cfg: cfg}
	return s.Same(d, prog)
}

// Scope is what Same needs of a configuration beyond its fields, worked
// out once from its thread map: where C-int32, C-pitch-plus-one and
// C-delta-nodiv, which touch every access, still cannot show.
type Scope struct {
	cfg *Config
	// int32Fit: every byte quantity C-int32 narrows (each thread's row
	// offsets, the ++ increment) fits in int32, so it narrows nothing and
	// computes the reference's values in the reference's order.
	int32Fit bool
	// oneRow: a thread makes one row of accesses (s = 0 only) and L+1 does
	// not overflow, so C-pitch-plus-one's strided step is never taken.
	oneRow bool
	// oneCol: one access per row (c = 0 only) and Dc·V does not overflow,
	// so C-delta-nodiv's c·Dc·V is c·Dc = 0.
	oneCol bool
}

// NewScope works out cfg's scope from the thread map the reference
// validates (an invalid configuration has none: nothing more is claimed).
func NewScope(cfg *Config) Scope {
	s := Scope{cfg: cfg}
	if cfg.Class.Family() {
		return s
	}
	tm, err := Validate(*cfg)
	if err != nil {
		return s
	}
	in := newInstance(*cfg)
	rows := int64(0) // the farthest row a thread's access starts on
	for th := 0; th < cfg.Threads; th++ {
		rows = max(rows, capMag(tm.Init(th).S))
	}
	rows = capAdd(rows, capMul(max(tm.Iter.S-1, 0), capMag(tm.Delta.S)))
	L, B := capMag(int64(in.L)), capMag(in.B)
	// Bits whose whole bytes (truncated toward zero) fit in int32.
	const fits = 8 * math.MaxInt32
	row := capMul(capMul(rows, L), B)                                                // (s0 + s·Ds)·L·B
	inc := max(capMul(capMag(int64(in.Sc)), B), capMul(capMul(capMag(in.Ss), L), B)) // Sc·B, Ss·L·B
	s.int32Fit = row <= fits && inc <= fits
	s.oneRow = tm.Iter.S <= 1 && cfg.Pitch() < math.MaxInt64
	s.oneCol = tm.Iter.C <= 1 && capMul(capMag(tm.Delta.C), capMag(int64(in.V))) < fastCap
	return s
}

// Same is SameAsReference, knowing the thread map.
func (s *Scope) Same(d Defect, prog Program) bool {
	cfg := s.cfg
	if d == "" {
		return true
	}
	if cfg.Class.Family() {
		switch d {
		// refPredicated.addTileOffset, reached by add_tile_offset and by ++
		// of PredicatedTileIterator (one tile along the advance rank, which
		// moves nothing across it): C-3487-cross skews by the cross-rank
		// move, C-rank0-nopitch along rank 0 by the strided one, both zero
		// where no add_tile_offset has a tile offset across (ts along rank
		// 0, tc along rank 1).
		case C3487Cross:
			return !hasCross(cfg, prog)
		case CRank0NoPitch:
			return cfg.PitchAdv() == 1 || !hasCross(cfg, prog)
		case CResidueNoTB: // the residue, which tb changes only when non-zero
			return cfg.TB == [2]int64{}
		case CSizeofSubbyte: // sub-byte elements only
			return cfg.Elem.Bits >= 8
		}
		return false
	}
	switch d {
	case CLoadDiv: // tileBits of load(frag, tile) only: tc·Sc/V is tc·Sc at V = 1 or tc = 0
		return cfg.Access == 1 || !hasTileC(cfg, prog, LoadTile, LoadTile)
	case CBothDiv: // tileBits of load and store(frag, tile) only
		return cfg.Access == 1 || !hasTileC(cfg, prog, LoadTile, StoreTile)
	case CPtrBytes: // pointerBits of add_pointer_offset only: n bytes are n elements at B = 8, or n = 0
		return cfg.Elem.Bits == 8 || !hasPtr(prog, AddPointerOffset, AddPointerOffset)
	case CPtrInverted: // every pointerBits: n·8/B bytes are n elements at B = 8, or n = 0
		return cfg.Elem.Bits == 8 || !hasPtr(prog, AddPointerOffset, LoadPtr, StorePtr)
	case CRankSwap: // advanceBits only
		return !hasOp(prog, Inc, Dec)
	case CTruncFirst: // advanceBits along rank 1 only, where a row of whole bytes truncates nothing
		return !hasOp(prog, Inc, Dec) || cfg.PitchAdv() == 0 || wholeByteRows(cfg)
	case CStripedHead: // threadMap of warp-striped-3131 only
		return cfg.Map != WarpStriped3131
	case CCas16Tail: // the cas32 tail rule only
		return cfg.Atomic != "cas32"
	case CDeltaNoDiv: // c·Dc·V is c·Dc at V = 1, or where c = 0 only
		return cfg.Access == 1 || s.oneCol
	case CPitchPlusOne:
		return s.oneRow
	case CInt32:
		return s.int32Fit
	}
	return false // unknown defects are not claimed
}

// hasTileC reports whether prog has a tile op of kind a or b with a
// non-zero contiguous (pitch-linear) tile offset.
func hasTileC(cfg *Config, prog Program, a, b OpKind) bool {
	for _, op := range prog {
		if op.Kind == a || op.Kind == b {
			if tc, _ := tileArg(*cfg, op); tc != 0 {
				return true
			}
		}
	}
	return false
}

// hasCross reports whether prog has an add_tile_offset with a non-zero
// tile offset across the advance rank (pitch-linear ts along rank 0, tc
// along rank 1).
func hasCross(cfg *Config, prog Program) bool {
	rank := cfg.PitchAdv()
	for _, op := range prog {
		if op.Kind != AddTileOffset {
			continue
		}
		if tc, ts := tileArg(*cfg, op); (rank == 0 && ts != 0) || (rank == 1 && tc != 0) {
			return true
		}
	}
	return false
}

// hasPtr reports whether prog has a pointer op of one of the kinds with a
// non-zero offset.
func hasPtr(prog Program, kinds ...OpKind) bool {
	for _, op := range prog {
		for _, k := range kinds {
			if op.Kind == k && op.A != 0 {
				return true
			}
		}
	}
	return false
}

// wholeByteRows reports whether a row, L·B bits, is whole bytes (computed
// only where it cannot overflow).
func wholeByteRows(cfg *Config) bool {
	l := cfg.Pitch()
	return l >= 0 && l < 1<<56 && l*int64(cfg.Elem.Bits)%8 == 0
}

// hasOp reports whether prog has an op of one of the kinds.
func hasOp(prog Program, kinds ...OpKind) bool {
	for _, op := range prog {
		for _, k := range kinds {
			if op.Kind == k {
				return true
			}
		}
	}
	return false
}
