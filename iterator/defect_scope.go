package iterator

// Where a control's defect cannot show. A RegularTileIterator control is
// the reference model with one bug injected at one place (referenceModel's
// tileBits, pointerBits, advanceBits, narrow, access, threadMap and the
// cas32 tail rule): where a request never reaches that place, the control
// runs the reference's code, call for call, and its traces and errors are
// the reference's. A sweep then need not trace or judge the control there:
// what the reference's traces give, the control's would (issue 11).

// SameAsReference reports whether control d's answer to (cfg, prog) is the
// reference model's by construction: every thread's trace and the error,
// byte for byte. False means only that it may differ. It answers for each
// class's own controls (DefectApplies); TestSameAsReference compares both
// models' traces wherever it says true.
func SameAsReference(d Defect, cfg *Config, prog Program) bool {
	if d == "" {
		return true
	}
	if cfg.Class != RegularTile {
		switch d {
		case C3487Cross, CRank0NoPitch: // refPredicated.addTileOffset: add_tile_offset, and ++ of PredicatedTileIterator
			return !hasOp(prog, AddTileOffset, Inc)
		case CResidueNoTB: // the residue, which tb changes only when non-zero
			return cfg.TB == [2]int64{}
		case CSizeofSubbyte: // sub-byte elements only
			return cfg.Elem.Bits >= 8
		}
		return false
	}
	switch d {
	case CLoadDiv: // tileBits of load(frag, tile) only
		return !hasOp(prog, LoadTile)
	case CBothDiv: // tileBits of load and store(frag, tile) only
		return !hasOp(prog, LoadTile, StoreTile)
	case CPtrBytes: // pointerBits of add_pointer_offset only
		return !hasOp(prog, AddPointerOffset)
	case CPtrInverted: // every pointerBits
		return !hasOp(prog, AddPointerOffset, LoadPtr, StorePtr)
	case CRankSwap, CTruncFirst: // advanceBits only
		return !hasOp(prog, Inc, Dec)
	case CStripedHead: // threadMap of warp-striped-3131 only
		return cfg.Map != WarpStriped3131
	case CCas16Tail: // the cas32 tail rule only
		return cfg.Atomic != "cas32"
	}
	// C-delta-nodiv, C-pitch-plus-one and C-int32 change every access (and
	// C-int32 the fast path's eligibility); unknown defects are not claimed.
	return false
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
