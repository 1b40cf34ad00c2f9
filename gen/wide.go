package gen

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// Wide cases of the family classes: pitches and pointer offsets
// near 2^31, where RegularTileAccessIterator's int32 byte_offset_ and the
// predicated iterators' int32 pointer-offset and tile-offset products wrap.
// The RegularTileIterator preset has had such strides among its special
// configurations; without these a family sweep could never see a wrap.
// They are a sweep's own cases, not FamilyConfigs': a compiled
// probe could not allocate a buffer around a 2^31-byte pitch.
var wideFamilyConfigs = []string{
	"class=RegularTileAccessIterator elem=f32 shape=64x8 threads=16 access=4 adv=1 stride=536870976",
	"class=RegularTileAccessIterator elem=f64 shape=32x4 threads=8 access=2 adv=0 stride=268435488",
	"class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=1073741856 extent=128x20 tb=0x3",
	"class=PredicatedTileAccessIterator elem=f32 shape=32x4 threads=8 access=4 adv=0 stride=536870976 extent=90x8 access_elems=2",
	"class=PredicatedTileIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=1073741856 extent=128x20 tb=0x3 access_elems=4",
	"class=PredicatedTileIterator elem=u8 shape=64x4 threads=16 access=16 adv=0 stride=2147483000 extent=100x4",
}

// wideOffset is a pointer offset in elements whose bit count (n·B, B >= 8)
// and, for B >= 32, byte count overflow int32.
const wideOffset = 536870920

// wideFamilyPrograms are the programs of the wide cases, besides the class's
// own: tile moves across rows 2^31 bytes apart, and pointer offsets of
// wideOffset elements.
var wideFamilyPrograms = map[iterator.Class][]string{
	iterator.RegularTileAccess: {
		"accesses();add_tile_offset(0,1);accesses()",
		fmt.Sprintf("add_pointer_offset(%d);accesses();add_pointer_offset(-%d);add_tile_offset(1,-1);accesses()", wideOffset, wideOffset),
	},
	iterator.PredicatedTileAccess: {
		"accesses();add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()",
		fmt.Sprintf("add_pointer_offset(%d);accesses();add_tile_offset(1,1);accesses()", wideOffset),
	},
	iterator.PredicatedTile: {
		"load();inc;store();add_tile_offset(1,0);load()",
		fmt.Sprintf("load_with_pointer_offset(%d);inc;store_with_pointer_offset(-%d);add_pointer_offset(%d);load()", wideOffset, wideOffset, wideOffset),
	},
}

// WideCases lists the wide cases of a family class, each configuration with
// the class's programs and the wide ones, judged on JudgedThreads.
func WideCases(class iterator.Class, contract props.Contract) ([]props.Case, error) {
	progs := FamilyPrograms(class)
	for _, s := range wideFamilyPrograms[class] {
		p, err := iterator.ParseProgram(s)
		if err != nil {
			return nil, fmt.Errorf("wide program %q: %v", s, err)
		}
		progs = append(progs, p)
	}
	var out []props.Case
	for _, s := range wideFamilyConfigs {
		cfg, err := iterator.ParseConfig(s)
		if err != nil {
			return nil, fmt.Errorf("wide configuration %q: %v", s, err)
		}
		if cfg.Class != class {
			continue
		}
		m, err := iterator.Validate(cfg)
		if err != nil {
			return nil, fmt.Errorf("wide configuration %q: %v", s, err)
		}
		threads := JudgedThreads(cfg, m)
		for i, p := range progs {
			c, err := props.NewCase(cfg, p, threads)
			if err != nil {
				return nil, fmt.Errorf("wide configuration %q: %v", s, err)
			}
			c.PtrContract, c.First = contract, i == 0
			out = append(out, c)
		}
	}
	return out, nil
}

// Wide says whether a case's byte offsets pass 2^31: a pitch times the
// rows, or a pointer offset, of 2^31 bytes or more.
func Wide(c props.Case) bool {
	cfg := c.Config
	if cfg.Pitch()*cfg.PitchShape().S*int64(cfg.Elem.Bits)/8 >= 1<<31 {
		return true
	}
	for _, o := range c.Program {
		switch o.Kind {
		case iterator.AddPointerOffset, iterator.LoadPtr, iterator.StorePtr:
			if max(o.A, -o.A)*int64(cfg.Elem.Bits) >= 1<<31 {
				return true
			}
		}
	}
	return false
}

// wideTarget asks a family sweep for a case whose byte offsets pass 2^31
// (WideCases aims at it; FamilyConfigs has none, for a compiled probe could
// not allocate one): without it a sweep cannot see a wrap. It is met by one
// valid case without a model error, whatever the preset's size; a compiled
// back end that cannot run it says so in its own audit.
var wideTarget = Target{Name: "pitch or pointer offset past 2^31 bytes", Floor: 1, Universe: []string{"wide"}, Generated: true,
	by: []generator{wideCases},
	Key: func(c *props.Case) string {
		if Wide(*c) {
			return "wide"
		}
		return ""
	}}
