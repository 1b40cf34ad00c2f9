package cuda

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
)

// representativeConfigs cover what the probe must confirm when no sweep
// preset is given: the SPEC §3 worked examples, every element width class
// (sub-byte, 6-bit, 8, 16, 32, 64), V = 1 and V > 1, both advance ranks,
// every thread map, all three layouts, odd and padded pitches, an Alignment
// override.
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
}

// probePrograms exercise every op of RegularTileIterator, with negative and
// cross-rank tile offsets and pointer offsets; roundTripPrograms each make
// one store (SPEC §9 round trip). A pointer offset of 128 elements is a
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

// RepresentativeCases is the probe's own list (used until a sweep preset
// is named): every configuration with every probe and round-trip program.
func RepresentativeCases() []Case {
	progs, err := ParsePrograms(probePrograms)
	if err != nil {
		panic(err)
	}
	return CasesFrom(parseConfigs(representativeConfigs), progs)
}

// CasesFrom pairs every configuration with the programs given plus the
// round-trip programs.
func CasesFrom(cfgs []iterator.Config, progs []iterator.Program) []Case {
	all := append(append([]iterator.Program{}, progs...), RoundTripPrograms()...)
	out := make([]Case, len(cfgs))
	for i, c := range cfgs {
		out[i] = Case{Config: c, Programs: all}
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

// ProbePrograms are the probe's own op programs (every op, negative and
// cross-rank tile offsets, pointer offsets).
func ProbePrograms() ([]iterator.Program, error) { return ParsePrograms(probePrograms) }
