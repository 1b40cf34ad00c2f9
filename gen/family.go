package gen

import (
	"context"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
	"github.com/tilecheck/tilecheck/props"
)

// The generator of the family classes: deterministic
// configurations and op programs that reach what hides the family's bugs —
// residues, threadblock offsets off the tile grid, access_elems < V,
// cross-rank tile offsets, both advance ranks, sub-byte types, pitches that
// are not a multiple of V. familyTargets, at the end of this file, declares
// them as the floors a family sweep must reach.

// famElem is an element type, its V and the access_elems values tried.
type famElem struct {
	name string
	v    int
	aes  []int
}

var (
	famElemAxis = []famElem{
		{"f16", 8, []int{2, 8, 4}}, {"u4", 32, []int{8, 32, 2}}, {"f32", 4, []int{4, 1, 2}},
		{"s8", 16, []int{4, 16}}, {"b1", 64, []int{8, 64}}, {"f64", 2, []int{1, 2}},
		{"u2", 16, []int{4, 16}}, {"bf16", 4, []int{2, 4}}, {"e3m2", 4, []int{4}},
	}
	famQcAxis     = []int64{4, 2, 8, 1} // Sc / V
	famSsAxis     = []int64{8, 4, 6, 2, 1}
	famAdvAxis    = []int{1, 0}
	famLayoutAxis = []layout.Kind{layout.PitchLinear, layout.RowMajor, layout.ColumnMajor}
	famMapAxis    = []string{"stripmined", "stripmined-wide", "warp-raked"}
	// famResidueAxis is the extent left along the advance rank past whole
	// tiles: none (a whole last tile), one element, a tile less one, half.
	famResidueAxis = []string{"1", "tile", "S-1", "half"}
	famTilesAxis   = []int64{1, 2, 0}
	// famTBAxis: tb on the origin, off the tile grid along the advance rank,
	// one tile along both ranks.
	famTBAxis = []string{"off", "0", "grid"}
	// famAcrossAxis: the extent across the advance rank: exactly the tile,
	// part of it, two tiles.
	famAcrossAxis = []string{"partial", "full", "wide"}
	famPadAxis    = []int64{0, -1, 1, 3} // L − extent.c; −1 stands for V
)

// FamilyConfigs returns n configurations of a family class, walking the
// axes above along a diagonal (each axis with its own period) so that every
// value of every axis appears and pairs vary. Some are invalid (a thread
// map's constraint): the sweep counts those as it does its own.
func FamilyConfigs(class iterator.Class, n int) []iterator.Config {
	cfgs, _ := FamilyConfigsContext(context.Background(), class, n)
	return cfgs
}

// FamilyConfigsContext is FamilyConfigs, stopping with ctx's error once
// ctx is done.
func FamilyConfigsContext(ctx context.Context, class iterator.Class, n int) ([]iterator.Config, error) {
	counts := []int{len(famElemAxis), 3, len(famQcAxis), len(famSsAxis), len(famAdvAxis), len(famLayoutAxis),
		len(famMapAxis), len(famResidueAxis), len(famTilesAxis), len(famTBAxis), len(famAcrossAxis), len(famPadAxis)}
	div := []int{1, 5, 3, 7, 2, 11, 13, 4, 17, 19, 23, 29}
	out := make([]iterator.Config, 0, n)
	seen := map[string]bool{}
	for i := 0; len(out) < n && i < 50*n; i++ {
		if i%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		ix := make([]int, len(counts))
		for a, c := range counts {
			ix[a] = (i + i/div[a]) % c
		}
		cfg := familyConfig(class, ix)
		if k := cfg.String(); !seen[k] {
			seen[k] = true
			out = append(out, cfg)
		}
	}
	return out, nil
}

func familyConfig(class iterator.Class, ix []int) iterator.Config {
	fe := famElemAxis[ix[0]]
	el, _ := layout.ElemByName(fe.name)
	qc, ss := famQcAxis[ix[2]], famSsAxis[ix[3]]
	sh := layout.Coord{C: qc * int64(fe.v), S: ss}
	cfg := iterator.Config{Class: class, Elem: el, Access: fe.v, Adv: famAdvAxis[ix[4]], Layout: famLayoutAxis[ix[5]]}
	a, b := cfg.Layout.FromPitch(sh)
	cfg.Shape = [2]int64{a, b}
	switch famMapAxis[ix[6]] {
	case "stripmined":
		cfg.Threads = int(qc)
	case "stripmined-wide": // several rows per pass where the tile allows
		cfg.Threads = int(qc)
		if ss%2 == 0 {
			cfg.Threads = int(2 * qc)
		}
	case "warp-raked":
		wc, ws := min(qc, 2), int64(1)
		if ss%2 == 0 {
			ws = 2
		}
		cfg.Map, cfg.Warp, cfg.Threads = iterator.WarpRaked, [2]int64{wc, ws}, int(wc*ws)
	}
	pad := famPadAxis[ix[11]]
	if pad == -1 {
		pad = int64(fe.v)
	}
	if !class.Predicated() {
		if pad != 0 {
			cfg.Stride = sh.C + pad
		}
		return cfg
	}
	cfg.AccessElems = fe.aes[ix[1]%len(fe.aes)]
	if cfg.AccessElems == fe.v {
		cfg.AccessElems = 0 // the default, written as the grammar omits it
	}
	ae := int64(cfg.ElemsPerAccessType())
	// Along the advance rank (adv) and across it (na), in pitch-linear terms.
	adv, na := sh.S, sh.C
	if cfg.PitchAdv() == 0 {
		adv, na = sh.C, sh.S
	}
	var tbAdv, tbNa int64
	switch famTBAxis[ix[9]] {
	case "off":
		tbAdv = min(3, adv-1)
		if cfg.PitchAdv() == 0 {
			tbAdv = tbAdv / ae * ae // a vector's worth: the contiguous tb stays on a vector
		}
	case "grid":
		tbAdv, tbNa = adv, na
	}
	tiles := famTilesAxis[ix[8]]
	var res int64
	switch famResidueAxis[ix[7]] {
	case "1":
		res = 1
	case "tile":
		res = adv
	case "S-1":
		res = max(adv-1, 1)
	case "half":
		res = max(adv/2, 1)
	}
	if cfg.PitchAdv() == 0 {
		res = (res + ae - 1) / ae * ae // whole vectors along the contiguous rank
		if famResidueAxis[ix[7]] == "1" {
			res -= cutElems(ae, cfg.Elem.Bits) // but the smallest residue cuts one
		}
	}
	extAdv := tbAdv + tiles*adv + res
	var extNa int64
	switch famAcrossAxis[ix[10]] {
	case "full":
		extNa = tbNa + na
	case "wide":
		extNa = tbNa + 2*na
	case "partial":
		part := max(na/2, 1)
		if cfg.PitchAdv() == 1 {
			// Whole vectors and part of one more: the extent cuts a vector
			// (by one element where no whole bytes of it can be left out:
			// the pitch below keeps rows on whole bytes).
			part = max(part/ae*ae, ae)
			if ae > 1 {
				part += ae - max(cutElems(ae, cfg.Elem.Bits), 1)
			}
		}
		extNa = tbNa + part
	}
	ext := layout.Coord{C: extNa, S: extAdv}
	tb := layout.Coord{C: tbNa, S: tbAdv}
	if cfg.PitchAdv() == 0 {
		ext, tb = layout.Coord{C: extAdv, S: extNa}, layout.Coord{C: tbAdv, S: tbNa}
	}
	cfg.Extent, cfg.TB = [2]int64{ext.C, ext.S}, [2]int64{tb.C, tb.S}
	switch b := int64(cfg.Elem.Bits); {
	case pad != 0:
		cfg.Stride = ext.C + pad
	case ext.C*b%8 != 0:
		step := 8 / gcd(b, 8) // the least pitch at or past the extent on whole bytes
		cfg.Stride = (ext.C + step - 1) / step * step
	}
	return cfg
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// familyProgramTexts are the op programs of each family class, in the
// layout's own coordinate order: cross-rank and negative tile offsets,
// pointer offsets (odd ones: sub-byte positions that are not whole bytes),
// masks, and the access iterators' ++ (accesses_inc(): a pass walked by ++
// alone, as mainloops walk it).
var familyProgramTexts = map[iterator.Class][]string{
	iterator.RegularTileAccess: {
		"accesses()",
		"add_tile_offset(1,0);accesses();add_tile_offset(0,1);accesses()",
		"add_pointer_offset(8);accesses();add_tile_offset(-1,2);accesses()",
		"inc;add_pointer_offset(3);accesses()",
		"add_tile_offset(1,1);add_pointer_offset(-8);accesses()",
		"accesses_inc();add_tile_offset(1,0);add_pointer_offset(8);accesses_inc()",
	},
	iterator.PredicatedTileAccess: {
		"accesses()",
		"add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()",
		"add_tile_offset(1,0);accesses();add_tile_offset(0,1);accesses()",
		"add_tile_offset(1,1);accesses();add_tile_offset(-1,1);accesses()",
		"add_pointer_offset(8);accesses();add_tile_offset(0,-1);add_pointer_offset(3);accesses()",
		"clear_mask;accesses();add_tile_offset(1,0);accesses();enable_mask;accesses()",
		"accesses_inc();add_tile_offset(0,1);accesses_inc()",
	},
	iterator.PredicatedTile: {
		"load();inc;store()",
		"load();inc;add_tile_offset(1,0);load();add_tile_offset(0,1);store()",
		"add_tile_offset(1,1);load();inc;store()",
		"load_with_pointer_offset(8);inc;store_with_pointer_offset(3);add_pointer_offset(-8);load()",
		"clear_mask;load();inc;load();enable_mask;store()",
		"add_tile_offset(-1,2);load();add_tile_offset(2,-1);store()",
	},
}

// FamilyPrograms returns the op programs a sweep of a family class runs.
func FamilyPrograms(class iterator.Class) []iterator.Program {
	var out []iterator.Program
	for _, s := range familyProgramTexts[class] {
		p, err := iterator.ParseProgram(s)
		if err != nil {
			panic("family program " + s + ": " + err.Error()) // a typo in the table above
		}
		out = append(out, p)
	}
	return out
}

// familyTargets are the floors of a family class sweep: without each kind
// of case one of the family's defects cannot show. FamilyConfigs' axes
// (family.go) and the family's random phase (random_family.go) aim at
// them.
func familyTargets(class iterator.Class) []Target {
	by := []generator{familyGrid, random}
	crossTile := func(c *props.Case) bool {
		for _, o := range c.Program {
			if o.Kind == iterator.AddTileOffset {
				t := c.Config.Layout.ToPitch(o.A, o.B)
				if (c.Config.PitchAdv() == 1 && t.C != 0) || (c.Config.PitchAdv() == 0 && t.S != 0) {
					return true
				}
			}
		}
		return false
	}
	out := []Target{
		{Name: "B<8", Floor: 0.05, In: subByte, by: by},
		{Name: "rank 0", Floor: 0.15, In: rank0, by: by},
		{Name: "rank 1", Floor: 0.15, In: rank1, by: by},
		{Name: "cross-rank tile offset", Floor: 0.10, In: crossTile, by: by},
	}
	if !class.Predicated() {
		return append(out, Target{Name: "L % V ≠ 0", Floor: 0.05, by: by, In: func(c *props.Case) bool {
			return c.Config.Pitch()%int64(c.Config.Access) != 0
		}})
	}
	return append(out,
		Target{Name: "residue ≠ tile", Floor: 0.10, by: by, In: func(c *props.Case) bool {
			cfg := c.Config
			ext, sh := cfg.PitchExtent(), cfg.PitchShape()
			if cfg.PitchAdv() == 1 {
				return (ext.S-cfg.TB[1])%sh.S != 0
			}
			return (ext.C-cfg.TB[0])%sh.C != 0
		}},
		Target{Name: "tb off the tile grid", Floor: 0.05, by: by, In: func(c *props.Case) bool {
			sh := c.Config.PitchShape()
			return c.Config.TB[0]%sh.C != 0 || c.Config.TB[1]%sh.S != 0
		}},
		Target{Name: "access_elems < V", Floor: 0.10, by: by, In: func(c *props.Case) bool {
			return c.Config.ElemsPerAccessType() < c.Config.Access
		}},
		Target{Name: "extent cuts a vector", Floor: 0.05, by: by, In: cutsVector},
	)
}

// cutsVector says whether a predicated case's extent ends inside an access
// vector along the contiguous rank: the contract guards such a vector by
// its first element, so it is enabled and reads past the extent.
func cutsVector(c *props.Case) bool {
	cfg := c.Config
	if !cfg.Class.Predicated() {
		return false
	}
	ae := int64(cfg.ElemsPerAccessType())
	return (cfg.PitchExtent().C-cfg.TB[0])%ae != 0
}

// cutElems is how many elements an extent that cuts a vector of ae
// elements of bits each leaves out of it: the fewest that are whole bytes,
// so that rows and residues still start on a byte, or 0 where no part of
// the vector is (a vector of one element, or of four 6-bit ones).
func cutElems(ae int64, bits int) int64 {
	for d := int64(1); d < ae; d++ {
		if d*int64(bits)%8 == 0 {
			return d
		}
	}
	return 0
}
