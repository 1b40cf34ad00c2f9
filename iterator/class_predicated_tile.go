package iterator

// PredicatedTile is PredicatedTileIterator<Shape, Element, Layout,
// AdvanceRank, ThreadMap, AccessSize>: loads and stores fragments through
// the predicated access iterator's loop (++ of every access), ++ moving a
// tile; refPredicated and cutlassPredicated model it.
const PredicatedTile Class = 3

func init() {
	registerClass(PredicatedTile, ClassInfo{
		Name:          "PredicatedTileIterator",
		Family:        true,
		Predicated:    true,
		Fragments:     true,
		IncMovesTile:  true,
		LoadWalks:     true,
		AlignedAccess: false,
		CxxWrappers:   false,
		InlinePTX:     true,
		AccessArg:     AccessSizeArg,
		Ops: []OpKind{AddTileOffset, Inc, AddPointerOffset, Load, Store,
			LoadPtr, StorePtr, ClearMask, EnableMask},
		RecordOps: []OpKind{Load, Store, LoadPtr, StorePtr},
	})
}
