package sweep

import (
	"testing"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// pairsMet is the share of a pairwise class's universe that the valid
// configurations reach.
func pairsMet(cl coverageClass, cfgs []iterator.Config) (float64, []string) {
	seen := map[string]bool{}
	for _, cfg := range cfgs {
		m, err := iterator.Validate(cfg)
		if err != nil {
			continue
		}
		seen[cl.key(props.Case{Config: cfg, Map: m})] = true
	}
	var missing []string
	for _, k := range cl.universe {
		if !seen[k] {
			missing = append(missing, k)
		}
	}
	return 1 - float64(len(missing))/float64(len(cl.universe)), missing
}

// Every preset's own configurations meet every element × map, element × V
// and element × rank pair of the sweep's pairwise floors (issue 10, item
// 1); gen's TestDiagonalAloneMissesPairs shows the floors would catch
// dropping the pairwise set.
func TestPairwiseFloors(t *testing.T) {
	for _, preset := range []gen.Preset{gen.Quick, gen.Release} {
		cfgs, _, err := gen.Enumerate(preset)
		if err != nil {
			t.Fatal(err)
		}
		for _, cl := range pairClasses[:3] {
			if f, missing := pairsMet(cl, cfgs); f != 1 {
				t.Errorf("%s: %s met %.2f, missing %v", preset, cl.name, f, missing)
			}
		}
	}
}

// 6-bit and f64 RegularTileIterator cases are valid in quick's enumerated
// and random phases, and quick has warp-raked maps with several warps
// along the strided axis and Iter.S > 1.
func TestQuickSweepsSixBitF64AndMultiWarpRows(t *testing.T) {
	cfgs, _, err := gen.Enumerate(gen.Quick)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, cfg := range cfgs {
		m, err := iterator.Validate(cfg)
		if err != nil {
			continue
		}
		switch cfg.Elem.Bits {
		case 6:
			count["6-bit"]++
		case 64:
			count["f64"]++
		}
		if k := warpKey(props.Case{Config: cfg, Map: m}); k != "" {
			count["multi-warp "+k]++
		}
	}
	for _, c := range gen.RandomCases(iterator.RegularTile, 1, 200, props.PtrElements) {
		if c.Config.Elem.Bits == 6 {
			count["random 6-bit"]++
		}
	}
	for _, k := range []string{"6-bit", "f64", "multi-warp rows", "multi-warp columns", "random 6-bit"} {
		if count[k] == 0 {
			t.Errorf("no valid %s case in quick", k)
		}
	}
}
