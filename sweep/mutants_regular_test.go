package sweep_test

import (
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// warpArrangement is (kWC, kWS) of a warp-raked map
// (docs/contract.md#thread-maps), computed here from the formulas rather
// than read from the model under test.
func warpArrangement(m iterator.ThreadMap) (kwc, kws int64) {
	w := m.Warp.C * m.Warp.S
	nw := int64(m.Threads) / w
	wais := m.Shape.S / m.Warp.S
	kws = wais
	if wais >= nw {
		kws = nw
	}
	kwc = 1
	if nw > wais {
		kwc = nw / kws
	}
	return kwc, kws
}

// warpStartShift is the mutant of a warp-raked map whose thread start drops
// the Iter factor along one rank (strided: s = ws·(w div kWC) + …, not
// ws·Is·(w div kWC); contiguous: c = V·(wc·(w mod kWC) + …)): every access of
// the thread moves by the difference.
func warpStartShift(strided bool) func(iterator.Config, iterator.Program, int, *iterator.ThreadTrace) {
	return func(cfg iterator.Config, _ iterator.Program, thread int, tr *iterator.ThreadTrace) {
		m, err := iterator.Validate(cfg)
		if err != nil || m.Kind != iterator.WarpRaked {
			return
		}
		kwc, _ := warpArrangement(m)
		w := int64(thread) / (m.Warp.C * m.Warp.S)
		b := int64(cfg.Elem.Bits)
		if strided {
			rows := -m.Warp.S * (m.Iter.S - 1) * (w / kwc)
			shiftBits(tr, rows*cfg.Pitch()*b, nil)
			return
		}
		elems := -int64(m.V) * m.Warp.C * (m.Iter.C - 1) * (w % kwc)
		shiftBits(tr, elems*b, nil)
	}
}

// pairStart is a defect that lives in one element width's specialised path
// for one thread map: every thread but the first starts one vector late.
// Only a sweep in which that width meets that map can kill it.
func pairStart(bits int, kind iterator.MapKind) func(iterator.Config, iterator.Program, int, *iterator.ThreadTrace) {
	return func(cfg iterator.Config, _ iterator.Program, thread int, tr *iterator.ThreadTrace) {
		if cfg.Elem.Bits != bits || cfg.Map != kind || thread == 0 {
			return
		}
		shiftBits(tr, int64(cfg.Access)*int64(bits), nil)
	}
}

// asWidth runs the reference with the element read as another width, for
// the configurations of one width: a 6-bit type taken as its byte of
// storage, f64 taken as two 32-bit words. The access width stays right
// (only the element arithmetic is wrong).
func asWidth(from, to int) func(iterator.Model, iterator.Config, iterator.Program, int) (iterator.ThreadTrace, error) {
	return func(ref iterator.Model, cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
		tr, err := ref.Trace(cfg, prog, thread)
		if err != nil || cfg.Elem.Bits != from {
			return tr, err
		}
		wrong := cfg
		wrong.Elem = layout.Elem{Name: cfg.Elem.Name, Bits: to}
		if wrong.Align == 0 {
			wrong.Align = int64(layout.ArrayBytes(layout.Elements(cfg.Access), from))
		}
		wt, err := ref.Trace(wrong, prog, thread)
		if err != nil {
			return tr, nil // the wrong width does not instantiate: nothing to see
		}
		for i := range tr.Records {
			if i < len(wt.Records) {
				tr.Records[i].Addrs = wt.Records[i].Addrs
			}
		}
		return tr, nil
	}
}

// silently is a control's trace with what it reports about itself removed:
// the same addresses, no overflow or truncation listed.
func silently(d iterator.Defect) func(iterator.Model, iterator.Config, iterator.Program, int) (iterator.ThreadTrace, error) {
	ctrl := iterator.Control(d)
	return func(_ iterator.Model, cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
		tr, err := ctrl.Trace(cfg, prog, thread)
		tr.Overflows, tr.Inexact = nil, nil
		return tr, err
	}
}

// unitTile is one tile along the advance rank (n tiles), in the layout's
// own order; other is along the other rank.
func unitTile(cfg iterator.Config, n int64, other bool) iterator.Op {
	u := layout.Coord{S: n}
	if (cfg.PitchAdv() == 0) != other {
		u = layout.Coord{C: n}
	}
	a, b := cfg.Layout.FromPitch(u)
	return iterator.Op{Kind: iterator.AddTileOffset, A: a, B: b}
}

func regularMutants() []mutant {
	rt := iterator.RegularTile
	return []mutant{
		{id: "M-warp-start-row", class: rt, hole: holeWarpRow, doc: "warp-raked start row ws·(w div kWC), the Iter.S factor dropped",
			trace: edit(warpStartShift(true))},
		{id: "M-warp-start-col", class: rt, hole: holeWarpRow, doc: "warp-raked start column V·wc·(w mod kWC), the Iter.C factor dropped",
			trace: edit(warpStartShift(false))},
		{id: "M-align-ignored", class: rt, hole: holeWidth, doc: "AccessType ignores Alignment: A is the packed access size",
			trace: edit(func(cfg iterator.Config, _ iterator.Program, _ int, tr *iterator.ThreadTrace) {
				for i := range tr.Records {
					tr.Records[i].AccessBytes = int64(layout.ArrayBytes(layout.Elements(cfg.Access), cfg.Elem.Bits))
				}
			})},
		{id: "M-colmajor-align", class: rt, hole: holeWidth, doc: "the ColumnMajor wrapper forwards Alignment (CUTLASS's does not)",
			trace: edit(func(cfg iterator.Config, _ iterator.Program, _ int, tr *iterator.ThreadTrace) {
				if cfg.Layout != layout.ColumnMajor {
					return
				}
				for i := range tr.Records {
					tr.Records[i].AccessBytes = int64(cfg.AccessBytes())
				}
			})},
		{id: "M-6bit-as-8bit", class: rt, hole: holeElem, doc: "6-bit element positions scaled by 8 bits (the storage byte)", trace: asWidth(6, 8)},
		{id: "M-f64-as-f32", class: rt, hole: holeElem, doc: "f64 element positions scaled by 32 bits", trace: asWidth(64, 32)},
		{id: "M-pair-f16-raked", class: rt, hole: holeElem, doc: "16-bit × warp-raked path: threads start one vector late", trace: edit(pairStart(16, iterator.WarpRaked))},
		{id: "M-pair-s8-striped", class: rt, hole: holeElem, doc: "8-bit × warp-striped path: threads start one vector late", trace: edit(pairStart(8, iterator.WarpStriped))},
		{id: "M-pair-f64-strip", class: rt, hole: holeElem, doc: "64-bit × stripmined path: threads start one vector late", trace: edit(pairStart(64, iterator.Stripmined))},
		{id: "M-pair-u2-3131", class: rt, hole: holeElem, doc: "2-bit × warp-striped-3131 path: threads start one vector late", trace: edit(pairStart(2, iterator.WarpStriped3131))},
		{id: "M-pair-6bit-strip", class: rt, hole: holeElem, doc: "6-bit × stripmined path: threads start one vector late", trace: edit(pairStart(6, iterator.Stripmined))},
		{id: "M-pair-b1-raked", class: rt, hole: holeElem, doc: "1-bit × warp-raked path: threads start one vector late", trace: edit(pairStart(1, iterator.WarpRaked))},
		{id: "M-pair-f32-3131", class: rt, hole: holeElem, doc: "32-bit × warp-striped-3131 path: threads start one vector late", trace: edit(pairStart(32, iterator.WarpStriped3131))},
		{id: "M-pair-u4-striped", class: rt, hole: holeElem, doc: "4-bit × warp-striped path: threads start one vector late", trace: edit(pairStart(4, iterator.WarpStriped))},
		{id: "M-int32-silent", class: rt, hole: holeSilent, doc: "C-int32's wrapped row offsets and ++, reported as no overflow", trace: silently(iterator.CInt32)},
		{id: "M-trunc-silent", class: rt, hole: holeSilent, doc: "C-trunc-first's truncated sub-byte rows, reported as exact", trace: silently(iterator.CTruncFirst)},
		{id: "M-tile-swap", class: rt, hole: holePath, doc: "add_tile_offset(a,b) moves (b,a)",
			trace: rewrite(func(_ iterator.Config, o iterator.Op) iterator.Op {
				if o.Kind == iterator.AddTileOffset {
					o.A, o.B = o.B, o.A
				}
				return o
			})},
		{id: "M-loadtile-no-s", class: rt, hole: holePath, doc: "load(frag, (c,s)) drops the second coordinate",
			trace: rewrite(func(_ iterator.Config, o iterator.Op) iterator.Op {
				if o.Kind == iterator.LoadTile {
					o.B = 0
				}
				return o
			})},
		{id: "M-storetile-plain", class: rt, hole: holePath, doc: "store(frag, tile) ignores the tile offset",
			trace: rewrite(func(_ iterator.Config, o iterator.Op) iterator.Op {
				if o.Kind == iterator.StoreTile {
					return iterator.Op{Kind: iterator.Store}
				}
				return o
			})},
		{id: "M-ldptr-ignored", class: rt, hole: holePath, doc: "load_with_pointer_offset ignores its offset",
			trace: rewrite(func(_ iterator.Config, o iterator.Op) iterator.Op {
				if o.Kind == iterator.LoadPtr {
					return iterator.Op{Kind: iterator.Load}
				}
				return o
			})},
		{id: "M-stptr-double", class: rt, hole: holePath, doc: "store_with_pointer_offset moves twice its offset",
			trace: rewrite(func(_ iterator.Config, o iterator.Op) iterator.Op {
				if o.Kind == iterator.StorePtr {
					o.A *= 2
				}
				return o
			})},
		{id: "M-addptr-neg", class: rt, hole: holePath, doc: "add_pointer_offset subtracts",
			trace: rewrite(func(_ iterator.Config, o iterator.Op) iterator.Op {
				if o.Kind == iterator.AddPointerOffset {
					o.A = -o.A
				}
				return o
			})},
		{id: "M-dec-noop", class: rt, hole: holePath, doc: "operator-- does nothing",
			trace: rewrite(func(_ iterator.Config, o iterator.Op) iterator.Op {
				if o.Kind == iterator.Dec {
					return noop
				}
				return o
			})},
		{id: "M-inc-two", class: rt, hole: holePath, doc: "operator++ moves two tiles",
			trace: rewrite(func(cfg iterator.Config, o iterator.Op) iterator.Op {
				if o.Kind == iterator.Inc {
					return unitTile(cfg, 2, false)
				}
				return o
			})},
		{id: "M-tile-abs", class: rt, hole: holePath, doc: "negative tile offsets taken as unsigned magnitudes",
			trace: rewrite(func(_ iterator.Config, o iterator.Op) iterator.Op {
				switch o.Kind {
				case iterator.AddTileOffset, iterator.LoadTile, iterator.StoreTile:
					o.A, o.B = max(o.A, -o.A), max(o.B, -o.B)
				}
				return o
			})},
		{id: "M-rowmajor-rank", class: rt, hole: holePath, doc: "the RowMajor wrapper forwards the advance rank unswapped (++ along the other rank)",
			trace: rewrite(func(cfg iterator.Config, o iterator.Op) iterator.Op {
				if cfg.Layout == layout.RowMajor && (o.Kind == iterator.Inc || o.Kind == iterator.Dec) {
					n := int64(1)
					if o.Kind == iterator.Dec {
						n = -1
					}
					return unitTile(cfg, n, true)
				}
				return o
			})},
	}
}
