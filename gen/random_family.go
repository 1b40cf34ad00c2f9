package gen

import (
	"sort"

	"pgregory.net/rapid"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// The random phase of the family classes. Like caseGen, every
// draw shrinks toward the small, natural end — the smallest V, access_elems
// equal to V (the default), a one-vector tile row, one row, one thread,
// threadblock offset zero, no whole tiles before the residue, a residue of
// one, the extent exactly a tile across, no padding, one op — while the
// draws still reach what hides the family's defects: residues, tb off the
// tile grid, access_elems < V, cross-rank tile offsets, both advance ranks
// and sub-byte types.

func familyOpGen(kinds []iterator.OpKind) *rapid.Generator[iterator.Op] {
	return rapid.Custom(func(t *rapid.T) iterator.Op {
		o := iterator.Op{Kind: kinds[intRange(0, len(kinds)-1).Draw(t, "op")]}
		switch o.Kind {
		case iterator.AddTileOffset:
			o.A = int64(intRange(-2, 2).Draw(t, "tile.0"))
			o.B = int64(intRange(-2, 2).Draw(t, "tile.1"))
		case iterator.LoadPtr, iterator.StorePtr, iterator.AddPointerOffset:
			o.A = int64(intRange(-9, 9).Draw(t, "n"))
		}
		return o
	})
}

// familyCaseGens are the random phase's generators of the family
// classes, one each.
var familyCaseGens = func() map[iterator.Class]*rapid.Generator[genCase] {
	out := map[iterator.Class]*rapid.Generator[genCase]{}
	for _, c := range iterator.Classes() {
		if c.Family() {
			out[c] = familyCaseGen(c)
		}
	}
	return out
}()

// familyCaseGen draws cases of one family class: up to three of the
// class's ops (ClassInfo.Ops), then one that records (RecordOps).
func familyCaseGen(class iterator.Class) *rapid.Generator[genCase] {
	info := class.Info()
	ops := rapid.SliceOfN(familyOpGen(info.Ops), 0, 3)
	recs := familyOpGen(info.RecordOps)
	return rapid.Custom(func(t *rapid.T) genCase {
		ec := elemAxis[intRange(0, len(elemAxis)-1).Draw(t, "elem")]
		vs := append([]int(nil), ec.vs...)
		sort.Ints(vs)
		v := vs[intRange(0, len(vs)-1).Draw(t, "V")]
		el, _ := layout.ElemByName(ec.name)
		lq := intRange(0, 3).Draw(t, "log2(Sc/V)")
		qc := int64(1) << lq
		sh := layout.Coord{C: qc * int64(v), S: int64(intRange(1, 8).Draw(t, "Ss"))}
		cfg := iterator.Config{Class: class, Elem: el, Access: v}
		cfg.Layout = layoutAxis[intRange(0, len(layoutAxis)-1).Draw(t, "layout")]
		cfg.Adv = 1 - intRange(0, 1).Draw(t, "adv")
		a, b := cfg.Layout.FromPitch(sh)
		cfg.Shape = [2]int64{a, b}
		if intRange(0, 1).Draw(t, "warp-raked") == 0 {
			cfg.Threads = 1 << intRange(0, lq+2).Draw(t, "log2 T")
		} else {
			wc := int64(1) << intRange(0, lq).Draw(t, "log2 warp.c")
			ws := int64(1)
			if sh.S%2 == 0 {
				ws <<= intRange(0, 1).Draw(t, "log2 warp.s")
			}
			cfg.Map, cfg.Warp, cfg.Threads = iterator.WarpRaked, [2]int64{wc, ws}, int(wc*ws)
		}
		pad := []int64{0, int64(v), 1, 3}[intRange(0, 3).Draw(t, "pad")]
		if class.Predicated() {
			drawExtent(t, &cfg, sh)
			if pad != 0 {
				cfg.Stride = cfg.Extent[0] + pad
			}
		} else if pad != 0 {
			cfg.Stride = sh.C + pad
		}
		prog := append(ops.Draw(t, "ops"), recs.Draw(t, "record"))
		return genCase{cfg: cfg, prog: prog, thread: intRange(0, cfg.Threads-1).Draw(t, "thread")}
	}).Filter(func(g genCase) bool {
		_, err := iterator.Validate(g.cfg)
		return err == nil
	})
}

// drawExtent draws access_elems, the threadblock offset and the extent of
// a predicated configuration: along the advance rank tb, whole tiles and a
// residue; across it the tile, part of it or two tiles. Contiguous
// coordinates stay on whole accesses, except that about one case in four ends
// the contiguous extent inside a vector (the contract guards a vector by
// its first element), by whole bytes (cutElems).
func drawExtent(t *rapid.T, cfg *iterator.Config, sh layout.Coord) {
	var divs []int
	for d := cfg.Access; d >= 1; d-- {
		if cfg.Access%d == 0 && d*cfg.Elem.Bits%8 == 0 {
			divs = append(divs, d)
		}
	}
	if ae := divs[intRange(0, len(divs)-1).Draw(t, "access_elems")]; ae != cfg.Access {
		cfg.AccessElems = ae
	}
	ae := int64(cfg.ElemsPerAccessType())
	adv, na := sh.S, sh.C
	if cfg.PitchAdv() == 0 {
		adv, na = sh.C, sh.S
	}
	tbAdv := int64(intRange(0, int(2*adv)).Draw(t, "tb.advance"))
	tbNa := na * int64(intRange(0, 1).Draw(t, "tb.across tiles"))
	res := int64(intRange(1, int(adv)).Draw(t, "residue"))
	// No draw of its own, so that the cases it leaves whole are the
	// cases drawn before extents could cut a vector.
	var cut int64
	if (tbAdv+res)%4 == 3 {
		cut = cutElems(ae, cfg.Elem.Bits)
	}
	if cfg.PitchAdv() == 0 {
		tbAdv = tbAdv / ae * ae
		res = (res + ae - 1) / ae * ae
		if cut > 0 {
			res -= cut // the last vector along is cut
		}
	}
	extAdv := tbAdv + int64(intRange(0, 2).Draw(t, "whole tiles"))*adv + res
	across := na
	switch intRange(0, 2).Draw(t, "across") {
	case 1:
		across = max(na/2, 1)
		if cfg.PitchAdv() == 1 {
			across = max(across/ae*ae, ae)
		}
	case 2:
		across = 2 * na
	}
	if cfg.PitchAdv() == 1 && cut > 0 {
		across += ae - cut // part of one more vector across
	}
	ext := layout.Coord{C: tbNa + across, S: extAdv}
	tb := layout.Coord{C: tbNa, S: tbAdv}
	if cfg.PitchAdv() == 0 {
		ext, tb = layout.Coord{C: extAdv, S: tbNa + across}, layout.Coord{C: tbAdv, S: tbNa}
	}
	cfg.Extent, cfg.TB = [2]int64{ext.C, ext.S}, [2]int64{tb.C, tb.S}
}
