package gen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
)

// FamilyConfigs gives n distinct configurations of the class asked for,
// most of them valid, and every class has programs.
func TestFamilyConfigsDistinctAndMostlyValid(t *testing.T) {
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		const n = 80
		cfgs := FamilyConfigs(class, n)
		require.Len(t, cfgs, n, "%s: configurations", class)
		seen, valid := map[string]bool{}, 0
		for _, cfg := range cfgs {
			assert.Equal(t, class, cfg.Class, "%s: generated a configuration of another class", class)
			assert.False(t, seen[cfg.String()], "%s: %s twice", class, cfg)
			seen[cfg.String()] = true
			if _, err := iterator.Validate(cfg); err == nil {
				valid++
			}
		}
		assert.GreaterOrEqual(t, valid, n*3/4, "%s: valid configurations of %d", class, n)
		assert.GreaterOrEqual(t, len(FamilyPrograms(class)), 5, "%s: programs", class)
	}
}
