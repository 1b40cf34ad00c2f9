package gen

import (
	"testing"

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
		if class != iterator.RegularTile {
			t.Fatalf("%s aims at a %s target; it generates RegularTileIterator cases only", g, class)
		}
		cfgs, progs, err := Enumerate(preset)
		if err != nil {
			t.Fatal(err)
		}
		return [][]props.Case{cross(cfgs, progs)}
	case familyGrid:
		if class == iterator.RegularTile {
			t.Fatalf("%s aims at a %s target; it generates family cases only", g, class)
		}
		return [][]props.Case{cross(FamilyConfigs(class, preset.Size().Family), FamilyPrograms(class))}
	case random:
		var out [][]props.Case
		for _, seed := range randomSeeds {
			out = append(out, RandomCases(class, seed, preset.Size().Random, props.PtrElements))
		}
		return out
	case wideCases:
		cs, err := WideCases(class, props.PtrElements)
		if err != nil {
			t.Fatal(err)
		}
		return [][]props.Case{cs}
	}
	t.Fatalf("no cases for generator %q", g)
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
		if len(targets) == 0 {
			t.Errorf("%s: no targets", class)
		}
		for _, tg := range targets {
			if len(tg.by) == 0 {
				t.Errorf("%s: no generator aims at target %q", class, tg.Name)
			}
		}
		for _, preset := range []Preset{Quick, Release} {
			drawn := map[generator][][]props.Case{}
			for _, tg := range targets {
				for _, g := range tg.by {
					if drawn[g] == nil {
						drawn[g] = generatorCases(t, g, class, preset)
					}
					for i, cases := range drawn[g] {
						if len(cases) == 0 {
							t.Fatalf("%s %s: %s drew no valid case", class, preset, g)
						}
						if f := reached(tg, cases); f < tg.Floor {
							t.Errorf("%s %s: %s (draw %d, %d cases) reaches %q %.3f, below its floor %.2f",
								class, preset, g, i, len(cases), tg.Name, f, tg.Floor)
						}
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
			if names[tg.Name] {
				t.Errorf("%s: target %q twice", class, tg.Name)
			}
			names[tg.Name] = true
			if (tg.In == nil) == (tg.Key == nil) || (tg.Key != nil) != (len(tg.Universe) > 0) {
				t.Errorf("%s: target %q wants In or else Key with a Universe", class, tg.Name)
			}
			if tg.Floor <= 0 || tg.Floor > 1 {
				t.Errorf("%s: target %q has floor %v", class, tg.Name, tg.Floor)
			}
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
		if err != nil {
			t.Fatal(err)
		}
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
					case cl.PerConfig && got != want:
						t.Fatalf("%s: %q's key is %q on %s; %s, %q on %s", class, cl.Name, want, c.Config, c.Program, got, p)
					case cl.PerConfig:
						perConfig++
					case got != want:
						moved++
					}
				}
			}
		}
	}
	if perConfig == 0 || moved == 0 {
		t.Fatalf("%d per-configuration keys compared, %d program-reading keys moved: the test shows nothing", perConfig, moved)
	}
}
