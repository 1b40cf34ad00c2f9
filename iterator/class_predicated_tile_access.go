package iterator

// PredicatedTileAccess is PredicatedTileAccessIterator<Shape, Element,
// Layout, AdvanceRank, ThreadMap, AccessType>: one guarded access at a
// time over an extent from a threadblock offset, residue first;
// refPredicated and cutlassPredicated model it.
const PredicatedTileAccess Class = 2

func init() {
	registerClass(PredicatedTileAccess, ClassInfo{
		Name:          "PredicatedTileAccessIterator",
		Family:        true,
		Predicated:    true,
		Fragments:     false,
		IncMovesTile:  false,
		LoadWalks:     false,
		AlignedAccess: false,
		CxxWrappers:   false,
		InlinePTX:     false,
		AccessArg:     AccessTypeArg,
		Ops:           []OpKind{AddTileOffset, AddPointerOffset, ClearMask, EnableMask, Accesses, AccessesInc},
		RecordOps:     []OpKind{Accesses},
	})
}
