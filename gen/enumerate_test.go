package gen

import (
	"context"
	"fmt"
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// metPairs is the share of pairKeys that the valid configurations meet.
func metPairs(cfgs []iterator.Config) (float64, []string) {
	met := pairsOf(cfgs)
	maps, vs, ranks := pairKeys()
	all := append(append(maps, vs...), ranks...)
	var missing []string
	for _, k := range all {
		if !met[k] {
			missing = append(missing, k)
		}
	}
	return 1 - float64(len(missing))/float64(len(all)), missing
}

// Every preset meets every pair; the diagonal alone, the generator before
// the pairwise set, does not, so the pairwise floors catch the regression
// of dropping the set.
func TestDiagonalAloneMissesPairs(t *testing.T) {
	for _, preset := range []Preset{Quick, Release} {
		cfgs, _, err := Enumerate(preset)
		if err != nil {
			t.Fatal(err)
		}
		if f, missing := metPairs(cfgs); f != 1 {
			t.Errorf("%s meets %.2f of the pairs, missing %v", preset, f, missing)
		}
	}
	var diag []iterator.Config
	indices, err := diagonal(context.Background(), Quick.Size().Configs)
	if err != nil {
		t.Fatal(err)
	}
	for _, ix := range indices {
		if c, ok := axisConfig(ix); ok {
			diag = append(diag, c)
		}
	}
	if f, _ := metPairs(diag); f >= 1 {
		t.Errorf("the diagonal alone meets every pair (%.2f): the floor proves nothing", f)
	}
}

func TestQuickPresetStaysSmall(t *testing.T) {
	cfgs, progs, err := Enumerate(Quick)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfgs) > 150 || len(progs) == 0 {
		t.Errorf("quick has %d configurations and %d programs; want at most 150 configurations", len(cfgs), len(progs))
	}
	if _, _, err := Enumerate(Representative); err == nil {
		t.Error("Enumerate(representative) succeeded: the probe's list is no sweep preset")
	}
}

// The family sweeps have cases past 2^31 bytes (issue 10, item 3), and the
// floor that asks for them is met only by them.
func TestFamilyWideCases(t *testing.T) {
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		cs, err := WideCases(class, props.PtrElements)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, c := range cs {
			if Wide(c) {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: no wide case", class)
		}
		for _, cfg := range FamilyConfigs(class, Quick.Size().Family) {
			if Wide(props.Case{Config: cfg}) {
				t.Errorf("%s: the family generator's %s is wide; the floor would not show the wide cases are needed", class, cfg)
			}
		}
	}
}

// TestPairKeysText: the pair keys read as they always have (coverage
// floors and reports name them).
func TestPairKeysText(t *testing.T) {
	if got := elemVKey("f16", 8); got != "f16×V=8" {
		t.Errorf("elemVKey = %q", got)
	}
	if got := elemRankKey("bits6", 1); got != "bits6×rank 1" {
		t.Errorf("elemRankKey = %q", got)
	}
	if got := elemVKey("s8", -3); got != fmt.Sprintf("%s×V=%d", "s8", -3) {
		t.Errorf("elemVKey = %q", got)
	}
}
