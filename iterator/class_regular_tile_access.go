package iterator

// RegularTileAccess is RegularTileAccessIterator<Shape, Element, Layout,
// AdvanceRank, ThreadMap>: hands out one access at a time (accesses(), ++
// the next access), no guards; refRegularAccess and cutlassRegularAccess
// model it.
const RegularTileAccess Class = 1

func init() {
	registerClass(RegularTileAccess, ClassInfo{
		Name:          "RegularTileAccessIterator",
		Family:        true,
		Predicated:    false,
		Fragments:     false,
		IncMovesTile:  false,
		LoadWalks:     false,
		AlignedAccess: false,
		CxxWrappers:   false,
		InlinePTX:     false,
		AccessArg:     NoAccessArg,
		Ops:           []OpKind{AddTileOffset, AddPointerOffset, Inc, Accesses, AccessesInc},
		RecordOps:     []OpKind{Accesses},
	})
}
