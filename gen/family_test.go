package gen

import (
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
)

// FamilyConfigs gives n distinct configurations of the class asked for,
// most of them valid, and every class has programs.
func TestFamilyConfigsDistinctAndMostlyValid(t *testing.T) {
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		const n = 80
		cfgs := FamilyConfigs(class, n)
		if len(cfgs) != n {
			t.Fatalf("%s: %d configurations, want %d", class, len(cfgs), n)
		}
		seen, valid := map[string]bool{}, 0
		for _, cfg := range cfgs {
			if cfg.Class != class {
				t.Errorf("%s: generated a %s configuration", class, cfg.Class)
			}
			if seen[cfg.String()] {
				t.Errorf("%s: %s twice", class, cfg)
			}
			seen[cfg.String()] = true
			if _, err := iterator.Validate(cfg); err == nil {
				valid++
			}
		}
		if valid < n*3/4 {
			t.Errorf("%s: only %d of %d configurations valid", class, valid, n)
		}
		if len(FamilyPrograms(class)) < 5 {
			t.Errorf("%s: %d programs", class, len(FamilyPrograms(class)))
		}
	}
}
