package gen

import (
	"context"
	"strconv"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
	"github.com/tilecheck/tilecheck/props"
)

// pairwiseConfigs are RegularTileIterator configurations in which every
// element type meets every thread map, each of its V values and both
// advance ranks (a defect that lives where one element width
// meets one map, or one V, must be reachable by every preset, quick
// included). Element e and map k give one configuration; V and the rank
// cycle with k, so that four maps reach up to four V values and both ranks.
// Warp-raked maps put two warps along the strided axis with Iter.S = 2, or
// two along the contiguous axis with Iter.C = 2, so that a wrong warp start
// row or column moves accesses. 6-bit types need an explicit Alignment
// (their default V·B/8 is no power of two) and the ColumnMajor wrapper does
// not forward one, so they use RowMajor there.
func pairwiseConfigs() []iterator.Config {
	var out []iterator.Config
	for e, ec := range elemAxis {
		el, _ := layout.ElemByName(ec.name)
		for k, kind := range mapAxis {
			j := e + k
			v := ec.vs[k%len(ec.vs)]
			cfg := iterator.Config{Elem: el, Access: v, Map: kind, Adv: (e + k) % 2, Layout: layoutAxis[j%len(layoutAxis)]}
			qc, ss := int64(4), int64(4)
			switch {
			case kind == iterator.Stripmined:
				cfg.Threads = []int{8, 2}[j%2] // two rows per pass, or two vectors per thread
			case kind == iterator.WarpRaked && j%2 == 1:
				// (wc, ws) = (2, 2), Qc = 8, Ss = 2: kWS = 1, kWC = 2, Iter = (2, 1).
				qc, ss = 8, 2
				cfg.Warp, cfg.Threads = [2]int64{2, 2}, 8
			default:
				// (wc, ws) = (2, 2), Qc = 4, Ss = 8: kWS = 2, kWC = 1, Iter = (2, 2).
				ss = 8
				cfg.Warp, cfg.Threads = [2]int64{2, 2}, 8
			}
			sc := qc * int64(v)
			if j%3 == 1 {
				cfg.Stride = sc + int64(v)
			}
			if el.Bits == 6 {
				cfg.Align = int64(layout.ArrayBytes(layout.Elements(v), el.Bits))
				if cfg.Layout == layout.ColumnMajor {
					cfg.Layout = layout.RowMajor
				}
			}
			cfg.Shape = layoutShape(cfg.Layout, sc, ss)
			out = append(out, cfg)
		}
	}
	return out
}

// pairKeys are the element × map, element × V and element × rank pairs of
// the pairwise targets: every pair the axes can meet.
func pairKeys() (maps, vs, ranks []string) {
	for _, ec := range elemAxis {
		for _, k := range mapAxis {
			maps = append(maps, elemMapKey(ec.name, k))
		}
		for _, v := range ec.vs {
			vs = append(vs, elemVKey(ec.name, v))
		}
		for r := 0; r < 2; r++ {
			ranks = append(ranks, elemRankKey(ec.name, r))
		}
	}
	return maps, vs, ranks
}

// elemMapKey, elemVKey and elemRankKey name the pairs a case meets.
// (Concatenated rather than formatted: the exhaustive preset's
// enumeration keys every candidate by its pairs, serially.)
func elemMapKey(e string, k iterator.MapKind) string { return e + "×" + k.String() }
func elemVKey(e string, v int) string                { return e + "×V=" + strconv.Itoa(v) }
func elemRankKey(e string, r int) string             { return e + "×rank " + strconv.Itoa(r) }

// elemPairs are the element × map, × V and × rank targets. The
// pairwise set aims at them, and Enumerate keeps a configuration of the set
// only while it meets a pair of theirs that the others did not
// (pairKeysOf), so a pair target added here is one the pruning keeps.
var elemPairs = func() []Target {
	maps, vs, ranks := pairKeys()
	pair := func(name string, universe []string, key func(*props.Case) string) Target {
		return Target{Name: name, Floor: 1, Universe: universe, Key: key, PerConfig: true, by: []generator{enumerated}}
	}
	return []Target{
		pair("element × map (pairs met)", maps, func(c *props.Case) string { return elemMapKey(c.Config.Elem.Name, c.Config.Map) }),
		pair("element × V (pairs met)", vs, func(c *props.Case) string { return elemVKey(c.Config.Elem.Name, c.Config.Access) }),
		pair("element × rank (pairs met)", ranks, func(c *props.Case) string { return elemRankKey(c.Config.Elem.Name, c.Config.PitchAdv()) }),
	}
}()

// pairTargets are the pairwise floors, and the floors that
// 6-bit and f64 cases are swept at all (the element axis and the pairwise
// set have both; the random phase draws them).
var pairTargets = append(elemPairs[:len(elemPairs):len(elemPairs)],
	Target{Name: "B=6", Floor: 0.01, by: both, In: func(c *props.Case) bool { return c.Config.Elem.Bits == 6 }},
	Target{Name: "B=64", Floor: 0.01, by: both, In: func(c *props.Case) bool { return c.Config.Elem.Bits == 64 }},
	// Met by one valid case of each arrangement, whatever the preset's
	// size: a wrong warp start row (column) moves accesses only there. The
	// pairwise set's warp-raked configurations have one or the other, and
	// Enumerate always keeps them.
	Target{Name: "warp-raked with several warps along S (Iter.S>1) and along C (Iter.C>1)", Floor: 1,
		Universe: []string{"rows", "columns"}, Key: warpKey, PerConfig: true, by: []generator{enumerated}},
)

// warpKey says which warp-raked arrangement a case has that a wrong warp
// start can show in: several warps along the strided axis with Iter.S > 1
// ("rows"), or along the contiguous axis with Iter.C > 1 ("columns").
func warpKey(c *props.Case) string {
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

// pairKeysOf is the keys of elemPairs a configuration meets, one per
// target ("" for every one when it is invalid).
func pairKeysOf(cfg iterator.Config) []string {
	keys := make([]string, len(elemPairs))
	m, err := iterator.Validate(cfg)
	if err != nil {
		return keys
	}
	c := props.Case{Config: cfg, Map: m}
	for i, t := range elemPairs {
		keys[i] = t.Key(&c)
	}
	return keys
}

// pairsOf is the set of pairs the configurations meet.
func pairsOf(cfgs []iterator.Config) map[string]bool {
	met, _ := pairsOfContext(context.Background(), cfgs)
	return met
}

// pairsOfContext is pairsOf, stopping with ctx's error once ctx is done
// (the exhaustive preset's configurations take a second or more).
func pairsOfContext(ctx context.Context, cfgs []iterator.Config) (map[string]bool, error) {
	met := map[string]bool{}
	for i, c := range cfgs {
		if i%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for _, k := range pairKeysOf(c) {
			met[k] = true
		}
	}
	delete(met, "")
	return met, nil
}
