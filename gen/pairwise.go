package gen

import (
	"strconv"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// pairwiseConfigs are RegularTileIterator configurations in which every
// element type meets every thread map, each of its V values and both
// advance ranks (issue 10: a defect that lives where one element width
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

// PairKeys are the element × map, element × V and element × rank pairs of
// the pairwise coverage floors: every pair the axes can meet.
func PairKeys() (maps, vs, ranks []string) {
	for _, ec := range elemAxis {
		for _, k := range mapAxis {
			maps = append(maps, ElemMapKey(ec.name, k))
		}
		for _, v := range ec.vs {
			vs = append(vs, ElemVKey(ec.name, v))
		}
		for r := 0; r < 2; r++ {
			ranks = append(ranks, ElemRankKey(ec.name, r))
		}
	}
	return maps, vs, ranks
}

// ElemMapKey, ElemVKey and ElemRankKey name the pairs a case meets.
func ElemMapKey(e string, k iterator.MapKind) string { return e + "×" + k.String() }

// ElemVKey is the element × V pair. (Concatenated rather than formatted:
// the exhaustive preset's enumeration keys every candidate by its pairs,
// serially.)
func ElemVKey(e string, v int) string { return e + "×V=" + strconv.Itoa(v) }

// ElemRankKey is the element × advance rank pair.
func ElemRankKey(e string, r int) string { return e + "×rank " + strconv.Itoa(r) }

// pairKeysOf is the element × map, × V and × rank pairs a configuration
// meets (none when it is invalid).
func pairKeysOf(cfg iterator.Config) []string {
	if _, err := iterator.Validate(cfg); err != nil {
		return []string{"", "", ""}
	}
	return []string{ElemMapKey(cfg.Elem.Name, cfg.Map), ElemVKey(cfg.Elem.Name, cfg.Access), ElemRankKey(cfg.Elem.Name, cfg.PitchAdv())}
}

// pairsOf is the set of pairs the configurations meet.
func pairsOf(cfgs []iterator.Config) map[string]bool {
	met := map[string]bool{}
	for _, c := range cfgs {
		for _, k := range pairKeysOf(c) {
			met[k] = true
		}
	}
	delete(met, "")
	return met
}
