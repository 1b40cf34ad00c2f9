package gen

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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

// Every preset meets every pair; the diagonal alone does not, so the
// pairwise floors catch the regression of dropping the pairwise set.
func TestDiagonalAloneMissesPairs(t *testing.T) {
	for _, preset := range []Preset{Quick, Release} {
		cfgs, _, err := Enumerate(preset)
		require.NoError(t, err)
		f, missing := metPairs(cfgs)
		assert.Equal(t, 1.0, f, "%s meets this share of the pairs, missing %v", preset, missing)
	}
	var diag []iterator.Config
	indices, err := diagonal(context.Background(), Quick.Size().Configs)
	require.NoError(t, err)
	for _, ix := range indices {
		if c, ok := axisConfig(ix); ok {
			diag = append(diag, c)
		}
	}
	f, _ := metPairs(diag)
	assert.Less(t, f, 1.0, "the diagonal alone meets every pair: the floor proves nothing")
}

func TestQuickPresetStaysSmall(t *testing.T) {
	cfgs, progs, err := Enumerate(Quick)
	require.NoError(t, err)
	assert.LessOrEqual(t, len(cfgs), 150, "quick's configurations")
	assert.NotEmpty(t, progs, "quick's programs")
	_, _, err = Enumerate(Representative)
	assert.Error(t, err, "Enumerate(representative) succeeded: the probe's list is no sweep preset")
}

// The family sweeps have cases past 2^31 bytes, where CUTLASS's int32
// increments overflow, and the floor that asks for them is met only by them.
func TestFamilyWideCases(t *testing.T) {
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		cs, err := WideCases(class, props.PtrElements)
		require.NoError(t, err)
		n := 0
		for _, c := range cs {
			if Wide(c) {
				n++
			}
		}
		assert.NotZero(t, n, "%s: no wide case", class)
		for _, cfg := range FamilyConfigs(class, Quick.Size().Family) {
			assert.False(t, Wide(props.Case{Config: cfg}),
				"%s: the family generator's %s is wide; the floor would not show the wide cases are needed", class, cfg)
		}
	}
}

// TestPairKeysText: the pair keys' text is fixed, because coverage floors
// and reports name them.
func TestPairKeysText(t *testing.T) {
	assert.Equal(t, "f16×V=8", elemVKey("f16", 8))
	assert.Equal(t, "bits6×rank 1", elemRankKey("bits6", 1))
	assert.Equal(t, fmt.Sprintf("%s×V=%d", "s8", -3), elemVKey("s8", -3))
}
