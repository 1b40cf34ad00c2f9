package gen

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A sweep takes quick, release and exhaustive; the probe representative as
// well; nothing else, and no sweep takes the probe's own list.
func TestParsePreset(t *testing.T) {
	for _, s := range []string{"quick", "release", "exhaustive"} {
		p, err := ParsePreset(s)
		if assert.NoError(t, err, "ParsePreset(%q)", s) {
			assert.Equal(t, s, p.String(), "ParsePreset(%q)", s)
		}
		_, err = ParseProbePreset(s)
		assert.NoError(t, err, "ParseProbePreset(%q)", s)
	}
	for _, s := range []string{"representative", "nightly", "", "Quick"} {
		_, err := ParsePreset(s)
		assert.Error(t, err, "ParsePreset(%q) succeeded", s)
	}
	_, err := ParseProbePreset("representative")
	assert.NoError(t, err, "ParseProbePreset(representative)")
	_, err = ParseProbePreset("nightly")
	assert.Error(t, err, "ParseProbePreset(nightly) succeeded")
}

// Presets are listed cheapest first: each generates at least as much as
// the one before it, along every axis of the size table.
func TestPresetsCheapestFirst(t *testing.T) {
	for i := 1; i < len(Presets); i++ {
		a, b := Presets[i-1].Size(), Presets[i].Size()
		pairs := [][2]int{{a.Configs, b.Configs}, {a.Programs, b.Programs}, {a.Spread, b.Spread}, {a.Random, b.Random},
			{a.ShrinkChecks, b.ShrinkChecks}, {a.Family, b.Family}, {a.FamilyShrinkChecks, b.FamilyShrinkChecks}, {a.ProbeFamily, b.ProbeFamily}}
		for k, p := range pairs {
			assert.LessOrEqual(t, p[0], p[1], "%s generates more than %s (field %d)", Presets[i-1], Presets[i], k)
			if k != 2 {
				assert.NotZero(t, p[1], "%s generates nothing (field %d)", Presets[i], k)
			}
		}
	}
}
