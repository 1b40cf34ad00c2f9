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
// and element × rank pair (issue 10, item 1); the diagonal alone, the
// generator before the pairwise set, does not, so these floors catch the
// regression of dropping it.
func TestPairwiseFloors(t *testing.T) {
	for _, preset := range []gen.Preset{gen.Quick, gen.Release} {
		cfgs, _, err := Enumerate(preset)
		if err != nil {
			t.Fatal(err)
		}
		for _, cl := range pairClasses[:3] {
			if f, missing := pairsMet(cl, cfgs); f != 1 {
				t.Errorf("%s: %s met %.2f, missing %v", preset, cl.name, f, missing)
			}
		}
	}
	var diag []iterator.Config
	for _, ix := range diagonal(gen.Quick.Size().Configs) {
		if c, ok := axisConfig(ix); ok {
			diag = append(diag, c)
		}
	}
	if f, _ := pairsMet(pairClasses[0], diag); f >= 1 {
		t.Errorf("the diagonal alone meets every element × map pair (%.2f): the floor proves nothing", f)
	}
}

// 6-bit and f64 RegularTileIterator cases are valid in quick's enumerated
// and random phases, and quick has warp-raked maps with several warps
// along the strided axis and Iter.S > 1.
func TestQuickSweepsSixBitF64AndMultiWarpRows(t *testing.T) {
	cfgs, _, err := Enumerate("quick")
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
	for _, c := range randomCases(iterator.RegularTile, 1, 200, props.PtrElements) {
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

// The family sweeps have cases past 2^31 bytes (issue 10, item 3), and the
// floor that asks for them is met only by them.
func TestFamilyWideCases(t *testing.T) {
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		cs, err := wideCases(class, props.PtrElements)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, c := range cs {
			if wide(c) {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: no wide case", class)
		}
		for _, cfg := range props.FamilyConfigs(class, gen.Quick.Size().Family) {
			if wide(props.Case{Config: cfg}) {
				t.Errorf("%s: the family generator's %s is wide; the floor would not show the wide cases are needed", class, cfg)
			}
		}
	}
}
