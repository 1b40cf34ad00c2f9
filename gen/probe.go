package gen

import (
	"fmt"
	"maps"
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
	"github.com/tilecheck/tilecheck/props"
)

// The compiled probe's cases: its own representative list, or the
// configurations a sweep of a preset judges, each instantiated once with
// the probe's programs and the round trips; and the family classes' cases.

// ProbeCase is one configuration a compiled probe instantiates, with the
// op programs it runs on it.
type ProbeCase struct {
	Config   iterator.Config
	Programs []iterator.Program
}

// representativeConfigs cover what the probe must confirm when no sweep
// preset is given: the worked examples, every element width class
// (sub-byte, 6-bit, 8, 16, 32, 64), V = 1 and V > 1, both advance ranks,
// every thread map, all three layouts, odd and padded pitches, an Alignment
// override, and wide pitches.
var representativeConfigs = []string{
	"elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64",
	"elem=f16 shape=64x8 map=warp-raked threads=32 warp=8x4 access=8 adv=1 stride=64",
	"elem=u4 shape=128x8 map=stripmined threads=32 access=32 adv=1 stride=128",
	"elem=f32 shape=128x4 map=stripmined threads=16 access=4 adv=1 align=32",
	"elem=f64 shape=16x4 map=stripmined threads=8 access=2 adv=0 stride=20",
	"elem=s8 shape=64x4 map=stripmined threads=16 access=16 adv=0 stride=96",
	"elem=bf16 shape=32x8 map=warp-raked threads=64 warp=4x8 access=4 adv=0 stride=40",
	"elem=e3m2 shape=64x4 map=stripmined threads=16 access=16 adv=1 align=16",
	"elem=b1 shape=128x4 map=stripmined threads=8 access=16 adv=1 stride=256",
	"elem=u2 shape=64x4 map=stripmined threads=8 access=8 adv=0 stride=96",
	"elem=f32 shape=64x8 map=warp-striped threads=256 warp=16x2 access=1 adv=1",
	"elem=f32 shape=64x8 map=warp-striped-3131 threads=256 warp=16x2 access=1 adv=1",
	"elem=f32 shape=32x6 map=stripmined threads=16 access=1 adv=1 stride=33",
	"layout=rowmajor elem=f16 shape=8x64 map=stripmined threads=32 access=8 adv=0 stride=72",
	"layout=columnmajor elem=f32 shape=32x4 map=warp-raked threads=16 warp=4x4 access=2 adv=1 stride=48",
	"layout=rowmajor elem=s4 shape=4x64 map=stripmined threads=8 access=16 adv=1",
	// Wide: pitches whose rows lie 2^31 bytes apart, where a 32-bit
	// truncation in the layout or the iterator's increments shows.
	"elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=536870976",
	"elem=s8 shape=64x4 map=stripmined threads=16 access=16 adv=0 stride=2147483000",
}

// probePrograms exercise every op of RegularTileIterator, with negative and
// cross-rank tile offsets and pointer offsets; roundTripPrograms each make
// one store (a round trip). A pointer offset of 128 elements is a
// multiple of 16 bytes both as elements and as bytes, so the CUTLASS
// renditions (which add bytes) stay aligned.
var probePrograms = []string{
	"load();store()",
	"load(1,0);store(1,0)",
	"store(-1,1);load(2,-1)",
	"inc;load();dec;dec;store()",
	"load_with_pointer_offset(8);store_with_pointer_offset(8);add_pointer_offset(8);load()",
	"add_tile_offset(1,0);load();add_tile_offset(-1,1);store()",
}

var roundTripPrograms = []string{
	"store()",
	"store(1,0)",
	"store(0,1)",
	"add_tile_offset(1,1);store()",
	"add_pointer_offset(128);store()",
	"inc;store()",
	"store_with_pointer_offset(128)",
}

// ParsePrograms parses op programs.
func ParsePrograms(texts []string) ([]iterator.Program, error) {
	out := make([]iterator.Program, 0, len(texts))
	for _, s := range texts {
		p, err := iterator.ParseProgram(s)
		if err != nil {
			return nil, fmt.Errorf("program %q: %v", s, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// RoundTripPrograms are the single-store programs every run adds.
func RoundTripPrograms() []iterator.Program {
	p, err := ParsePrograms(roundTripPrograms)
	if err != nil {
		panic(err) // a constant above is malformed: a programming error
	}
	return p
}

// ProbeCases are the probe's cases of a preset: its own representative
// list, or every valid RegularTileIterator configuration a sweep of the
// preset judges (ProbeConfigs), each with the probe's programs and round
// trips.
func ProbeCases(preset Preset) ([]ProbeCase, error) {
	progs, err := ParsePrograms(probePrograms)
	if err != nil {
		return nil, err
	}
	if preset == Representative {
		return casesFrom(parseConfigs(representativeConfigs), progs), nil
	}
	cfgs, err := ProbeConfigs(preset)
	if err != nil {
		return nil, err
	}
	return casesFrom(cfgs, progs), nil
}

// ProbeClassCases are the probe's cases of a preset for the classes asked
// for, in their order: ProbeCases for RegularTileIterator,
// FamilyProbeCases for each family class.
func ProbeClassCases(preset Preset, classes []iterator.Class) ([]ProbeCase, error) {
	var out []ProbeCase
	for _, c := range classes {
		if c.Family() {
			out = append(out, FamilyProbeCases(c, preset)...)
			continue
		}
		cs, err := ProbeCases(preset)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}

// ProbeConfigs lists the valid RegularTileIterator configurations a sweep
// of the preset judges (the enumerated ones and those its random phase
// draws with seed 0, the sweep's default), once each, in the order of their
// text, so that a probe follows the sweep's generator exactly.
func ProbeConfigs(preset Preset) ([]iterator.Config, error) {
	cfgs, _, err := Enumerate(preset)
	if err != nil {
		return nil, err
	}
	seen := map[string]iterator.Config{}
	for _, c := range cfgs {
		if _, err := iterator.Validate(c); err == nil {
			seen[c.String()] = c
		}
	}
	for _, c := range RandomCases(iterator.RegularTile, 0, preset.Size().Random, props.PtrElements) {
		seen[c.Config.String()] = c.Config
	}
	out := make([]iterator.Config, 0, len(seen))
	for _, k := range slices.Sorted(maps.Keys(seen)) {
		out = append(out, seen[k])
	}
	return out, nil
}

// casesFrom pairs every configuration with the programs given plus the
// round-trip programs.
func casesFrom(cfgs []iterator.Config, progs []iterator.Program) []ProbeCase {
	all := append(append([]iterator.Program{}, progs...), RoundTripPrograms()...)
	out := make([]ProbeCase, len(cfgs))
	for i, c := range cfgs {
		out[i] = ProbeCase{Config: c, Programs: all}
	}
	return out
}

func parseConfigs(texts []string) []iterator.Config {
	out := make([]iterator.Config, 0, len(texts))
	for _, s := range texts {
		c, err := iterator.ParseConfig(s)
		if err != nil {
			panic(fmt.Sprintf("configuration %q: %v", s, err))
		}
		out = append(out, c)
	}
	return out
}

// familyRoundTripPrograms are the single-store round trips of
// PredicatedTileIterator: the residue tile, the first ++ (which moves by
// the residue), a first tile offset across the advance rank, and a
// steady-state one (where the cross terms of #3487 and rank 0 live).
var familyRoundTripPrograms = []string{
	"store()",
	"inc;store()",
	"add_tile_offset(1,1);store()",
	"inc;add_tile_offset(1,1);store()",
}

// familySpecConfigs are the configurations of the family's confirmed numbers,
// probed first whatever the preset: the rank-0 cross term without L (f16,
// Ss=8, L=200), the #3487 unscaled steady-state cross term (f16 and u4),
// access_elems < V with tb off the tile grid, and RegularTileAccessIterator's
// sizeof offsets for u4 and its L % V != 0 truncation.
var familySpecConfigs = []string{
	"class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 stride=200 extent=192x8",
	"class=PredicatedTileAccessIterator elem=u4 shape=128x8 threads=32 access=32 adv=1 extent=256x20 tb=0x3 access_elems=8",
	"class=PredicatedTileIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=136 extent=128x20 tb=0x3 access_elems=4",
	"class=PredicatedTileIterator elem=f32 shape=32x4 threads=16 access=4 adv=0 stride=100 extent=90x8 tb=8x1",
	"class=RegularTileAccessIterator elem=u4 shape=128x8 threads=32 access=32 adv=1 stride=130",
	"class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 adv=0 stride=66",
}

// FamilyProbeCases are the probe's cases of a family class for a preset:
// familySpecConfigs, then pitch-linear configurations of
// FamilyConfigs (the matrix wrappers have no family rendition) up to the
// preset's Size().ProbeFamily in all, with FamilyPrograms, plus the round
// trips for a class with fragments (PredicatedTileIterator's stores). A
// preset outside the size table probes as many as quick.
func FamilyProbeCases(class iterator.Class, preset Preset) []ProbeCase {
	n := preset.Size().ProbeFamily
	if n == 0 {
		n = Quick.Size().ProbeFamily
	}
	progs := FamilyPrograms(class)
	if class.Info().Fragments {
		// The sweep's program with a store before a load, split in two the
		// probe can run (plan refuses the original: storeBeforeRecord).
		split, err := ParsePrograms([]string{
			"load_with_pointer_offset(8);inc;store_with_pointer_offset(3)",
			"load_with_pointer_offset(8);inc;add_pointer_offset(-8);load()",
		})
		if err != nil {
			panic(err)
		}
		progs = append(progs, split...)
		rt, err := ParsePrograms(familyRoundTripPrograms)
		if err != nil {
			panic(err) // a constant above is malformed
		}
		progs = append(progs, rt...)
	}
	var out []ProbeCase
	for _, cfg := range parseConfigs(familySpecConfigs) {
		if cfg.Class == class {
			out = append(out, ProbeCase{Config: cfg, Programs: progs})
		}
	}
	for _, cfg := range FamilyConfigs(class, 3*n) {
		if len(out) >= n {
			break
		}
		if cfg.Layout != layout.PitchLinear {
			continue
		}
		if _, err := iterator.Validate(cfg); err != nil {
			continue
		}
		out = append(out, ProbeCase{Config: cfg, Programs: progs})
	}
	return out
}
