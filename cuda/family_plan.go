package cuda

import (
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// familyGeometry sizes a family case (SPEC §10): an access is
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

// familyRoundTripPrograms are the single-store round trips of
// PredicatedTileIterator: the residue tile, the first ++ (which moves by
// the residue), a first tile offset across the advance rank, and a
// steady-state one (where the cross terms of #3487 and rank 0 live).
var familyRoundTripPrograms = []string{
	"store()",
	"inc;store()",
	"add_tile_offset(1,1);store()",
	"inc;add_tile_offset(1,1);store()",
}

// familySpecConfigs are the SPEC §10 confirmed numbers' configurations,
// probed first whatever the preset: the rank-0 cross term without L (f16,
// Ss=8, L=200), the #3487 unscaled steady-state cross term (f16 and u4),
// access_elems < V with tb off the tile grid, and RegularTileAccessIterator's
// sizeof offsets for u4 and its L % V != 0 truncation.
var familySpecConfigs = []string{
	"class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 stride=200 extent=192x8",
	"class=PredicatedTileAccessIterator elem=u4 shape=128x8 threads=32 access=32 adv=1 extent=256x20 tb=0x3 access_elems=8",
	"class=PredicatedTileIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=136 extent=128x20 tb=0x3 access_elems=4",
	"class=PredicatedTileIterator elem=f32 shape=32x4 threads=16 access=4 adv=0 stride=100 extent=90x8 tb=8x1",
	"class=RegularTileAccessIterator elem=u4 shape=128x8 threads=32 access=32 adv=1 stride=130",
	"class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 adv=0 stride=66",
}

// familyProbeCount is how many configurations of each family class a
// preset probes (gen.FamilyConfigs walks the axes that hide the family's
// defects; the first dozen already reach every axis value that matters).
var familyProbeCount = map[string]int{"representative": 10, "quick": 16, "release": 48, "exhaustive": 160}

// FamilyCases are the probe's cases of a family class for a preset: the
// pitch-linear configurations of gen.FamilyConfigs (the matrix wrappers
// have no family rendition) with gen.FamilyPrograms, plus the round trips
// for PredicatedTileIterator.
func FamilyCases(class iterator.Class, preset string) []Case {
	n, ok := familyProbeCount[preset]
	if !ok {
		n = familyProbeCount["quick"]
	}
	progs := gen.FamilyPrograms(class)
	if class == iterator.PredicatedTile {
		// The sweep's program with a store before a load, split in two the
		// probe can run (plan refuses the original: storeBeforeRecord).
		split, err := ParsePrograms([]string{
			"load_with_pointer_offset(8);inc;store_with_pointer_offset(3)",
			"load_with_pointer_offset(8);inc;add_pointer_offset(-8);load()",
		})
		if err != nil {
			panic(err)
		}
		progs = append(progs, split...)
		rt, err := ParsePrograms(familyRoundTripPrograms)
		if err != nil {
			panic(err) // a constant above is malformed
		}
		progs = append(progs, rt...)
	}
	var out []Case
	for _, cfg := range parseConfigs(familySpecConfigs) {
		if cfg.Class == class {
			out = append(out, Case{Config: cfg, Programs: progs})
		}
	}
	for _, cfg := range gen.FamilyConfigs(class, 3*n) {
		if len(out) >= n {
			break
		}
		if cfg.Layout != layout.PitchLinear {
			continue
		}
		if _, err := iterator.Validate(cfg); err != nil {
			continue
		}
		out = append(out, Case{Config: cfg, Programs: progs})
	}
	return out
}
