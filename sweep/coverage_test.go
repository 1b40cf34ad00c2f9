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

// The family generator's cases (40 configurations of each class, every
// program) meet every coverage floor of a family sweep, the wide floor
// aside (the wide cases are the sweep's own).
func TestFamilyFloorsMet(t *testing.T) {
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		var cases []props.Case
		for _, cfg := range gen.FamilyConfigs(class, 40) {
			for _, p := range gen.FamilyPrograms(class) {
				if c, err := props.NewCase(cfg, p, nil); err == nil {
					cases = append(cases, c)
				}
			}
		}
		if len(cases) == 0 {
			t.Fatalf("%s: no valid generated case", class)
		}
		for _, cc := range familyClasses(class) {
			in := 0
			for _, c := range cases {
				if cc.in(c) {
					in++
				}
			}
			if f := float64(in) / float64(len(cases)); f < cc.floor {
				t.Errorf("%s: coverage %q %.2f below its floor %.2f", class, cc.name, f, cc.floor)
			}
		}
	}
}
