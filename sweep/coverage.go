package sweep

import (
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// coverageClass is one class of SPEC §6's coverage floors: a kind of case
// without which a property cannot fail (V = 1 hides every /V bug, tile
// offset 0 every tile-unit bug, B = 8 every bytes-vs-elements bug).
type coverageClass struct {
	name  string
	floor float64 // least fraction of valid cases in the class
	in    func(props.Case) bool
	// A pairwise class has a universe of keys instead: its fraction is the
	// share of the universe that some valid case without a model error
	// reached (key gives a case's key).
	universe []string
	key      func(props.Case) string
	// generated counts a case of a pairwise class even when the source
	// could not run it (a compiled probe has no buffer for a 2^31-byte
	// pitch and lists such cases in its own audit); a model error still
	// does not count.
	generated bool
}

// tileOps calls f with every tile offset of the program, in pitch-linear
// order.
func anyTile(c props.Case, f func(tc, ts int64) bool) bool {
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

func anyPointer(c props.Case) bool {
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

func mapClass(k iterator.MapKind) coverageClass {
	return coverageClass{name: "map " + k.String(), floor: 0.03, in: func(c props.Case) bool { return c.Config.Map == k }}
}

var coverageClasses = []coverageClass{
	{name: "V>1 ∧ tc≠0", floor: 0.10, in: func(c props.Case) bool {
		return c.Config.Access > 1 && anyTile(c, func(tc, _ int64) bool { return tc != 0 })
	}},
	{name: "B≠8 ∧ n≠0", floor: 0.05, in: func(c props.Case) bool { return c.Config.Elem.Bits != 8 && anyPointer(c) }},
	{name: "B<8", floor: 0.05, in: func(c props.Case) bool { return c.Config.Elem.Bits < 8 }},
	{name: "rank 0", floor: 0.15, in: func(c props.Case) bool { return c.Config.PitchAdv() == 0 }},
	{name: "rank 1", floor: 0.15, in: func(c props.Case) bool { return c.Config.PitchAdv() == 1 }},
	{name: "L≠Sc", floor: 0.10, in: func(c props.Case) bool { return c.Config.Pitch() != c.Config.PitchShape().C }},
	mapClass(iterator.Stripmined),
	mapClass(iterator.WarpRaked),
	mapClass(iterator.WarpStriped),
	mapClass(iterator.WarpStriped3131),
	{name: "negative tile offset", floor: 0.05, in: func(c props.Case) bool {
		return anyTile(c, func(tc, ts int64) bool { return tc < 0 || ts < 0 })
	}},
}

// classesFor lists the coverage classes of a sweep of one iterator class:
// SPEC §6's for RegularTileIterator, the family's own otherwise.
func classesFor(class iterator.Class) []coverageClass {
	if class == iterator.RegularTile {
		return append(append([]coverageClass(nil), coverageClasses...), pairClasses...)
	}
	return append(familyClasses(class), wideClass)
}

// pairClass is a coverage floor over a set of pairs: its fraction is the
// share of the pairs met by at least one valid, judged case.
func pairClass(name string, universe []string, key func(props.Case) string) coverageClass {
	return coverageClass{name: name, floor: 1, universe: universe, key: key}
}

var pairMaps, pairVs, pairRanks = gen.PairKeys()

// pairClasses are the pairwise floors of issue 10, and the floors that 6-bit
// and f64 cases are swept at all.
var pairClasses = []coverageClass{
	pairClass("element × map (pairs met)", pairMaps, func(c props.Case) string { return gen.ElemMapKey(c.Config.Elem.Name, c.Config.Map) }),
	pairClass("element × V (pairs met)", pairVs, func(c props.Case) string { return gen.ElemVKey(c.Config.Elem.Name, c.Config.Access) }),
	pairClass("element × rank (pairs met)", pairRanks, func(c props.Case) string { return gen.ElemRankKey(c.Config.Elem.Name, c.Config.PitchAdv()) }),
	{name: "B=6", floor: 0.01, in: func(c props.Case) bool { return c.Config.Elem.Bits == 6 }},
	{name: "B=64", floor: 0.01, in: func(c props.Case) bool { return c.Config.Elem.Bits == 64 }},
	// Met by one valid case of each arrangement, whatever the preset's size:
	// a wrong warp start row (column) moves accesses only there.
	{name: "warp-raked with several warps along S (Iter.S>1) and along C (Iter.C>1)", floor: 1,
		universe: []string{"rows", "columns"}, key: warpKey},
}

// warpKey says which warp-raked arrangement a case has that a wrong warp
// start can show in: several warps along the strided axis with Iter.S > 1
// ("rows"), or along the contiguous axis with Iter.C > 1 ("columns").
func warpKey(c props.Case) string {
	m := c.Map
	if m.Kind != iterator.WarpRaked || m.Warp.C*m.Warp.S == 0 {
		return ""
	}
	nw := int64(m.Threads) / (m.Warp.C * m.Warp.S)
	wais := m.Shape.S / m.Warp.S
	switch {
	case nw > 1 && wais > 1 && m.Iter.S > 1:
		return "rows"
	case nw > wais && m.Iter.C > 1:
		return "columns"
	}
	return ""
}

// wideClass is the family's coverage floor for the wide cases: a sweep
// without a case whose byte offsets pass 2^31 cannot see a wrap. It is met
// by one valid case without a model error, whatever the preset's size; a
// compiled back end that cannot run it says so in its own audit.
var wideClass = coverageClass{name: "pitch or pointer offset past 2^31 bytes", floor: 1, universe: []string{"wide"}, generated: true,
	key: func(c props.Case) string {
		if gen.Wide(c) {
			return "wide"
		}
		return ""
	}}

// familyClasses are the coverage floors of a family class sweep: without
// each kind of case one of the family's defects cannot show.
func familyClasses(class iterator.Class) []coverageClass {
	crossTile := func(c props.Case) bool {
		for _, o := range c.Program {
			if o.Kind == iterator.AddTileOffset {
				t := c.Config.Layout.ToPitch(o.A, o.B)
				if (c.Config.PitchAdv() == 1 && t.C != 0) || (c.Config.PitchAdv() == 0 && t.S != 0) {
					return true
				}
			}
		}
		return false
	}
	out := []coverageClass{
		{name: "B<8", floor: 0.05, in: func(c props.Case) bool { return c.Config.Elem.Bits < 8 }},
		{name: "rank 0", floor: 0.15, in: func(c props.Case) bool { return c.Config.PitchAdv() == 0 }},
		{name: "rank 1", floor: 0.15, in: func(c props.Case) bool { return c.Config.PitchAdv() == 1 }},
		{name: "cross-rank tile offset", floor: 0.10, in: crossTile},
	}
	if !class.Predicated() {
		return append(out, coverageClass{name: "L % V ≠ 0", floor: 0.05, in: func(c props.Case) bool {
			return c.Config.Pitch()%int64(c.Config.Access) != 0
		}})
	}
	return append(out,
		coverageClass{name: "residue ≠ tile", floor: 0.10, in: func(c props.Case) bool {
			cfg := c.Config
			ext, sh := cfg.PitchExtent(), cfg.PitchShape()
			if cfg.PitchAdv() == 1 {
				return (ext.S-cfg.TB[1])%sh.S != 0
			}
			return (ext.C-cfg.TB[0])%sh.C != 0
		}},
		coverageClass{name: "tb off the tile grid", floor: 0.05, in: func(c props.Case) bool {
			sh := c.Config.PitchShape()
			return c.Config.TB[0]%sh.C != 0 || c.Config.TB[1]%sh.S != 0
		}},
		coverageClass{name: "access_elems < V", floor: 0.10, in: func(c props.Case) bool {
			return c.Config.ElemsPerAccessType() < c.Config.Access
		}},
	)
}
