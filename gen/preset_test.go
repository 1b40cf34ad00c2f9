package gen

import "testing"

// A sweep takes quick, release and exhaustive; the probe representative as
// well; nothing else, and no sweep takes the probe's own list.
func TestParsePreset(t *testing.T) {
	for _, s := range []string{"quick", "release", "exhaustive"} {
		if p, err := ParsePreset(s); err != nil || p.String() != s {
			t.Errorf("ParsePreset(%q) = %q, %v", s, p, err)
		}
		if _, err := ParseProbePreset(s); err != nil {
			t.Errorf("ParseProbePreset(%q): %v", s, err)
		}
	}
	for _, s := range []string{"representative", "nightly", "", "Quick"} {
		if _, err := ParsePreset(s); err == nil {
			t.Errorf("ParsePreset(%q) succeeded", s)
		}
	}
	if _, err := ParseProbePreset("representative"); err != nil {
		t.Errorf("ParseProbePreset(representative): %v", err)
	}
	if _, err := ParseProbePreset("nightly"); err == nil {
		t.Error("ParseProbePreset(nightly) succeeded")
	}
}

// Presets are listed cheapest first: each generates at least as much as
// the one before it, along every axis of the size table.
func TestPresetsCheapestFirst(t *testing.T) {
	for i := 1; i < len(Presets); i++ {
		a, b := Presets[i-1].Size(), Presets[i].Size()
		pairs := [][2]int{{a.Configs, b.Configs}, {a.Programs, b.Programs}, {a.Spread, b.Spread}, {a.Random, b.Random},
			{a.ShrinkChecks, b.ShrinkChecks}, {a.Family, b.Family}, {a.FamilyShrinkChecks, b.FamilyShrinkChecks}, {a.ProbeFamily, b.ProbeFamily}}
		for k, p := range pairs {
			if p[0] > p[1] || (k != 2 && p[1] == 0) {
				t.Errorf("%s generates more than %s (field %d: %d > %d) or nothing", Presets[i-1], Presets[i], k, p[0], p[1])
			}
		}
	}
}
