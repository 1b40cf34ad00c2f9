package gen

import (
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// Target is one kind of case the generators aim at and a sweep must reach
// (a coverage floor): without it some property cannot fail (V = 1 hides
// every /V bug, tile offset 0 every tile-unit bug, B = 8 every
// bytes-vs-elements bug). The targets are declared here, once, beside the
// generators that aim at them; a sweep measures exactly these over the
// cases it judged and reports each under its Name.
type Target struct {
	// Name is the class's name in a report's coverage section.
	Name string
	// Floor is the least fraction a sweep must reach: of its valid cases
	// (In), or of the Universe (Key).
	Floor float64
	// In says whether a case is in the class; nil for a universe target.
	In func(*props.Case) bool
	// Universe and Key make a universe target instead: its fraction is the
	// share of the Universe that the Key of some valid case without a model
	// error reached ("" is no key).
	Universe []string
	Key      func(*props.Case) string
	// PerConfig says that Key reads the case's configuration alone (its
	// Config and thread Map): every case of a configuration has one key,
	// which a sweep works out once for them (gen's tests hold it).
	PerConfig bool
	// Generated counts a case of a universe target even when the source
	// could not run it (a compiled probe has no buffer for a 2^31-byte
	// pitch and lists such cases in its own audit); a model error still
	// does not count.
	Generated bool
	// by names the generators that aim at the target; gen's tests hold
	// each of them, alone, to the Floor, and fail a target with none.
	by []generator
}

// generator names one of gen's case generators, for Target.by.
type generator string

const (
	// enumerated is Enumerate: the diagonal, special and pairwise
	// configurations of RegularTileIterator, each with the preset's
	// programs.
	enumerated generator = "Enumerate"
	// familyGrid is FamilyConfigs, each with FamilyPrograms.
	familyGrid generator = "FamilyConfigs"
	// random is RandomCases, of RegularTileIterator or of a family class.
	random generator = "RandomCases"
	// wideCases is WideCases.
	wideCases generator = "WideCases"
)

// Targets lists the targets of a sweep of one iterator class, in the order
// a report lists them: the coverage floors and the pairwise ones for
// RegularTileIterator, the family's own and the wide cases' otherwise.
func Targets(class iterator.Class) []Target {
	if !class.Family() {
		return append(append([]Target(nil), regularTargets...), pairTargets...)
	}
	return append(familyTargets(class), wideTarget)
}

// anyTile says whether f holds for some tile offset of the program, in
// pitch-linear order.
func anyTile(c *props.Case, f func(tc, ts int64) bool) bool {
	for _, o := range c.Program {
		switch o.Kind {
		case iterator.LoadTile, iterator.StoreTile, iterator.AddTileOffset:
			t := c.Config.Layout.ToPitch(o.A, o.B)
			if f(t.C, t.S) {
				return true
			}
		}
	}
	return false
}

// anyPointer says whether the program has a nonzero pointer offset.
func anyPointer(c *props.Case) bool {
	for _, o := range c.Program {
		switch o.Kind {
		case iterator.LoadPtr, iterator.StorePtr, iterator.AddPointerOffset:
			if o.A != 0 {
				return true
			}
		}
	}
	return false
}

// subByte, rank0 and rank1 are classes both RegularTileIterator's and the
// family's floors ask for.
func subByte(c *props.Case) bool { return c.Config.Elem.Bits < 8 }
func rank0(c *props.Case) bool   { return c.Config.PitchAdv() == 0 }
func rank1(c *props.Case) bool   { return c.Config.PitchAdv() == 1 }

// both names the two generators of RegularTileIterator cases, which both
// aim at the fraction floors: the axes' order puts the telling
// values first (enumerate.go), and the random phase draws every axis value
// (random.go).
var both = []generator{enumerated, random}

// mapTarget asks for cases of one thread map.
func mapTarget(k iterator.MapKind) Target {
	return Target{Name: "map " + k.String(), Floor: 0.03, In: func(c *props.Case) bool { return c.Config.Map == k }, by: both}
}

// regularTargets are RegularTileIterator's coverage floors.
var regularTargets = []Target{
	{Name: "V>1 ∧ tc≠0", Floor: 0.10, by: both, In: func(c *props.Case) bool {
		return c.Config.Access > 1 && anyTile(c, func(tc, _ int64) bool { return tc != 0 })
	}},
	{Name: "B≠8 ∧ n≠0", Floor: 0.05, by: both, In: func(c *props.Case) bool { return c.Config.Elem.Bits != 8 && anyPointer(c) }},
	{Name: "B<8", Floor: 0.05, by: both, In: subByte},
	{Name: "rank 0", Floor: 0.15, by: both, In: rank0},
	{Name: "rank 1", Floor: 0.15, by: both, In: rank1},
	{Name: "L≠Sc", Floor: 0.10, by: both, In: func(c *props.Case) bool { return c.Config.Pitch() != c.Config.PitchShape().C }},
	mapTarget(iterator.Stripmined),
	mapTarget(iterator.WarpRaked),
	mapTarget(iterator.WarpStriped),
	mapTarget(iterator.WarpStriped3131),
	{Name: "negative tile offset", Floor: 0.05, by: both, In: func(c *props.Case) bool {
		return anyTile(c, func(tc, ts int64) bool { return tc < 0 || ts < 0 })
	}},
}
