package cuda

import (
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// familyGeometry sizes a family case: an access is
// Array<Element, V> for RegularTileAccessIterator and Array<Element,
// access_elems> for the predicated classes, V/access_elems of them per
// vector; the fragment box also holds an accesses() pass (two int64 per
// access); the tensor is the extent's rows.
func familyGeometry(pc *plannedCase, tm iterator.ThreadMap) {
	cfg := pc.Config
	ae := int64(cfg.Access)
	if cfg.Class.Predicated() {
		ae = int64(cfg.ElemsPerAccessType())
	}
	pc.AccessBytes = int64(layout.ArrayBytes(layout.Elements(ae), cfg.Elem.Bits))
	pc.Count = tm.Count() * (int64(cfg.Access) / ae)
	frag := int64(iterator.FragmentBytes(cfg, tm))
	pc.FragBox = roundUp(max(frag, pc.AccessBytes*pc.Count, 16*pc.Count), 16) + 16
	if cfg.Class.Predicated() {
		ext := cfg.PitchExtent()
		pc.AllocBytes = max(pc.AllocBytes, (ext.S*cfg.Pitch()*int64(cfg.Elem.Bits)+7)/8)
	}
}

// validAt is the guard of access i of a record; unguarded records (no Valid)
// are valid everywhere.
func validAt(r iterator.Record, i int) bool {
	return r.Valid == nil || (i < len(r.Valid) && r.Valid[i])
}
