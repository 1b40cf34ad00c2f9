package iterator

// RegularTile is RegularTileIterator<Shape, Element, Layout, AdvanceRank,
// ThreadMap, Alignment>: the shared-memory tile iterator, traced by the
// models' fast paths (regular.go), through its RowMajor and ColumnMajor
// wrappers too.
const RegularTile Class = 0

func init() {
	registerClass(RegularTile, ClassInfo{
		Name:          "RegularTileIterator",
		Family:        false,
		Predicated:    false,
		Fragments:     true,
		IncMovesTile:  true,
		LoadWalks:     false,
		AlignedAccess: true,
		CxxWrappers:   true,
		InlinePTX:     false,
		AccessArg:     AlignmentArg,
		Ops: []OpKind{LoadTile, StoreTile, Load, Store, LoadPtr, StorePtr,
			AddTileOffset, AddPointerOffset, Inc, Dec},
		RecordOps: []OpKind{Load, Store, LoadPtr, StorePtr, LoadTile, StoreTile},
	})
}
