package gen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// randomSeeds are the seeds the random phase is held to its floors under
// (those the byte-identity reports sweep with, among others).
var randomSeeds = []int64{1, 2, 3, 4}

// generatorCases draws the cases one generator gives a sweep of the class
// at the preset, each as the sweep judges it; one slice per draw (the
// random phase draws once per seed).
func generatorCases(t *testing.T, g generator, class iterator.Class, preset Preset) [][]props.Case {
	t.Helper()
	cross := func(cfgs []iterator.Config, progs []iterator.Program) []props.Case {
		var out []props.Case
		for _, cfg := range cfgs {
			for _, p := range progs {
				if c, err := props.NewCase(cfg, p, SampleThreads(cfg.Threads)); err == nil {
					out = append(out, c)
				}
			}
		}
		return out
	}
	switch g {
	case enumerated:
		require.Equal(t, iterator.RegularTile, class, "%s generates RegularTileIterator cases only", g)
		cfgs, progs, err := Enumerate(preset)
		require.NoError(t, err)
		return [][]props.Case{cross(cfgs, progs)}
	case familyGrid:
		require.NotEqual(t, iterator.RegularTile, class, "%s generates family cases only", g)
		return [][]props.Case{cross(FamilyConfigs(class, preset.Size().Family), FamilyPrograms(class))}
	case random:
		var out [][]props.Case
		for _, seed := range randomSeeds {
			out = append(out, RandomCases(class, seed, preset.Size().Random, props.PtrElements))
		}
		return out
	case wideCases:
		cs, err := WideCases(class, props.PtrElements)
		require.NoError(t, err)
		return [][]props.Case{cs}
	}
	require.Failf(t, "unknown generator", "no cases for generator %q", g)
	return nil
}

// reached is the share of a target that cases reach, counted here apart
// from the sweep's aggregate: the valid cases in the class, or the share of
// the universe some case's key names.
func reached(tg Target, cases []props.Case) float64 {
	if tg.Key == nil {
		in := 0
		for _, c := range cases {
			if tg.In(&c) {
				in++
			}
		}
		if len(cases) == 0 {
			return 0
		}
		return float64(in) / float64(len(cases))
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[tg.Key(&c)] = true
	}
	met := 0
	for _, k := range tg.Universe {
		if seen[k] {
			met++
		}
	}
	return float64(met) / float64(len(tg.Universe))
}

// Every target a sweep measures names the generators that aim at it, and
// each of them alone meets the target's floor at quick and at release
// (the random phase under every seed of randomSeeds): a generator that
// stops aiming at a target fails here, before a sweep reports the floor
// missed, and a target nobody aims at fails too.
func TestTargetsMetByTheirGenerators(t *testing.T) {
	for _, class := range iterator.Classes() {
		targets := Targets(class)
		assert.NotEmpty(t, targets, "%s: no targets", class)
		for _, tg := range targets {
			assert.NotEmpty(t, tg.by, "%s: no generator aims at target %q", class, tg.Name)
		}
		for _, preset := range []Preset{Quick, Release} {
			drawn := map[generator][][]props.Case{}
			for _, tg := range targets {
				for _, g := range tg.by {
					if drawn[g] == nil {
						drawn[g] = generatorCases(t, g, class, preset)
					}
					for i, cases := range drawn[g] {
						require.NotEmpty(t, cases, "%s %s: %s drew no valid case", class, preset, g)
						assert.GreaterOrEqual(t, reached(tg, cases), tg.Floor, "%s %s: %s (draw %d, %d cases) reaches %q below its floor",
							class, preset, g, i, len(cases), tg.Name)
					}
				}
			}
		}
	}
}

// A target is either a fraction (In) or a universe (Universe and Key), and
// its name is its own within a sweep's report.
func TestTargetsWellFormed(t *testing.T) {
	for _, class := range iterator.Classes() {
		names := map[string]bool{}
		for _, tg := range Targets(class) {
			assert.False(t, names[tg.Name], "%s: target %q twice", class, tg.Name)
			names[tg.Name] = true
			assert.NotEqual(t, tg.In == nil, tg.Key == nil, "%s: target %q wants In or else Key with a Universe", class, tg.Name)
			assert.Equal(t, tg.Key != nil, len(tg.Universe) > 0, "%s: target %q wants In or else Key with a Universe", class, tg.Name)
			assert.Greater(t, tg.Floor, 0.0, "%s: target %q's floor", class, tg.Name)
			assert.LessOrEqual(t, tg.Floor, 1.0, "%s: target %q's floor", class, tg.Name)
		}
	}
}

// TestPerConfigKeysReadTheConfiguration holds every PerConfig target's
// key to the configuration alone: the same for a case whatever its
// program, threads, contract or First mark (a sweep files one key per run
// of a configuration's cases). The variations must change the key of a
// target that reads the program (the wide target), or the test shows
// nothing.
func TestPerConfigKeysReadTheConfiguration(t *testing.T) {
	progs := []string{"load()", "add_pointer_offset(4294967296);load()", "store_with_pointer_offset(-3);add_tile_offset(1,-1);load(0,2)", "inc;dec;store()"}
	var variants []iterator.Program
	for _, s := range progs {
		p, err := iterator.ParseProgram(s)
		require.NoError(t, err)
		variants = append(variants, p)
	}
	perConfig, moved := 0, 0
	for _, class := range iterator.Classes() {
		for _, c := range RandomCases(class, 3, 200, props.PtrElements) {
			for _, cl := range Targets(class) {
				if cl.Key == nil {
					continue
				}
				want := cl.Key(&c)
				for i, p := range variants {
					v := c
					v.Program, v.Threads, v.First = p, v.Threads[:1], i%2 == 0
					v.PtrContract = props.Contract(i % 2)
					got := cl.Key(&v)
					switch {
					case cl.PerConfig:
						require.Equal(t, want, got, "%s: %q's key on %s; %s, then on %s", class, cl.Name, c.Config, c.Program, p)
						perConfig++
					case got != want:
						moved++
					}
				}
			}
		}
	}
	require.NotZero(t, perConfig, "no per-configuration key compared: the test shows nothing")
	require.NotZero(t, moved, "no program-reading key moved: the test shows nothing")
}
