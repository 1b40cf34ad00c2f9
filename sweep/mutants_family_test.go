package sweep_test

import (
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// maskNoop is the mutant whose clear_mask (or enable_mask) does nothing.
func maskNoop(k iterator.OpKind) func(iterator.Model, iterator.Config, iterator.Program, int) (iterator.ThreadTrace, error) {
	return rewrite(func(_ iterator.Config, o iterator.Op) iterator.Op {
		if o.Kind == k {
			return noop
		}
		return o
	})
}

// staleGuards is the mutant that never recomputes its guards for a move
// across the advance rank: its guards are the reference's on the program
// with every tile offset's cross-rank part removed (what CUTLASS does, see
// the finding in docs/mutants.md), its addresses the reference's.
func staleGuards(ref iterator.Model, cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
	tr, err := ref.Trace(cfg, prog, thread)
	if err != nil {
		return tr, err
	}
	along := make(iterator.Program, len(prog))
	for i, o := range prog {
		if o.Kind == iterator.AddTileOffset {
			t := cfg.Layout.ToPitch(o.A, o.B)
			if cfg.PitchAdv() == 1 {
				t.C = 0
			} else {
				t.S = 0
			}
			o.A, o.B = cfg.Layout.FromPitch(t)
		}
		along[i] = o
	}
	st, err := ref.Trace(cfg, along, thread)
	if err != nil {
		return tr, err
	}
	for i := range tr.Records {
		tr.Records[i].Valid = st.Records[i].Valid
	}
	return tr, nil
}

// aeIgnored is the mutant whose AccessType holds V elements whatever
// access_elems says: the first byte of every access is right, its width not.
func aeIgnored(cfg iterator.Config, _ iterator.Program, _ int, tr *iterator.ThreadTrace) {
	for i := range tr.Records {
		tr.Records[i].AccessBytes = int64(layout.ArrayBytes(layout.Elements(cfg.Access), cfg.Elem.Bits))
	}
}

// noResidue is the mutant whose first tile move along the advance rank moves
// a whole tile instead of the residue: every record after it sits
// (tile − residue) further along.
func noResidue(cfg iterator.Config, prog iterator.Program, _ int, tr *iterator.ThreadTrace) {
	first := -1
	for i, o := range prog {
		if o.Kind == iterator.AddTileOffset || (o.Kind == iterator.Inc && cfg.Class == iterator.PredicatedTile) {
			first = i
			break
		}
	}
	if first < 0 {
		return
	}
	ext, sh, b := cfg.PitchExtent(), cfg.PitchShape(), int64(cfg.Elem.Bits)
	var bits int64
	if cfg.PitchAdv() == 1 {
		bits = (sh.S - residue(ext.S-cfg.TB[1], sh.S)) * cfg.Pitch() * b
	} else {
		bits = (sh.C - residue(ext.C-cfg.TB[0], sh.C)) * b
	}
	shiftBits(tr, bits, func(op int) bool { return op > first })
}

func residue(left, tile int64) int64 {
	if r := left % tile; r != 0 {
		return r
	}
	return tile
}

// wrap32 is what a 32-bit intermediate holds of x.
func wrap32(x int64) int64 { return int64(int32(x)) }

// addrWrap is the mutant that keeps its byte offset from the data pointer
// in an int32 and does not say so: every address wraps at 2^31.
func addrWrap(_ iterator.Config, _ iterator.Program, _ int, tr *iterator.ThreadTrace) {
	for i := range tr.Records {
		r := &tr.Records[i]
		addrs := make([]int64, len(r.Addrs))
		for k, a := range r.Addrs {
			addrs[k] = wrap32(a)
		}
		r.Addrs = addrs
	}
}

// ptrWrap is the mutant whose pointer offset n·B (in bits) is an int32 that
// wraps silently, in add_pointer_offset (add) or load/store_with_pointer_offset.
func ptrWrap(add bool) func(iterator.Model, iterator.Config, iterator.Program, int) (iterator.ThreadTrace, error) {
	return func(ref iterator.Model, cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
		b := int64(cfg.Elem.Bits)
		p := make(iterator.Program, len(prog))
		for i, o := range prog {
			isAdd := o.Kind == iterator.AddPointerOffset
			isPass := o.Kind == iterator.LoadPtr || o.Kind == iterator.StorePtr
			if (add && isAdd) || (!add && isPass) {
				if w := wrap32(o.A * b); w%b == 0 {
					o.A = w / b
				}
			}
			p[i] = o
		}
		return ref.Trace(cfg, p, thread)
	}
}

// guardLast is the mutant whose guard judges a vector's last element
// instead of its first: its guards are the reference's for an extent
// access_elems − 1 elements shorter along the contiguous rank, its
// addresses the reference's. Only an extent that cuts a vector tells the
// two apart.
func guardLast(ref iterator.Model, cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
	tr, err := ref.Trace(cfg, prog, thread)
	if err != nil {
		return tr, err
	}
	short, ext := cfg, cfg.PitchExtent()
	short.Extent = [2]int64{ext.C - int64(cfg.ElemsPerAccessType()) + 1, ext.S}
	st, err := ref.Trace(short, prog, thread)
	if err != nil {
		return tr, nil // the shorter extent does not instantiate: nothing to see
	}
	for i := range tr.Records {
		if i < len(st.Records) {
			tr.Records[i].Valid = st.Records[i].Valid
		}
	}
	return tr, nil
}

// rowTrunc is the mutant whose add_pointer_offset of whole rows and more,
// on sub-byte elements, truncates each row to whole bytes (L·B/8 bytes a
// row, not L·B bits): every record after such an offset sits the lost
// bits earlier. The case programs' pointer offsets are less than a row;
// the offsets of whole tiles that P-tile derives are not.
func rowTrunc(cfg iterator.Config, prog iterator.Program, _ int, tr *iterator.ThreadTrace) {
	b, l := int64(cfg.Elem.Bits), cfg.Pitch()
	if b >= 8 || l*b%8 == 0 {
		return
	}
	for i, o := range prog {
		if o.Kind != iterator.AddPointerOffset || max(o.A, -o.A) < l {
			continue
		}
		shiftBits(tr, -(o.A/l)*(l*b%8), func(op int) bool { return op > i })
	}
}

// strideTile is the mutant whose strided term multiplies the row by the
// tile's contiguous extent instead of the pitch (rows packed as if L were
// Sc): every access of row s of the pitch-linear tensor sits s·(L − Sc)
// elements early. On the wide configurations (L − Sc)·B is a multiple of
// 2^32 bits, so the first row is 2^31 bytes off: a multiple of 2^29 bytes
// that no int32 narrowing of the documented arithmetic makes.
func strideTile(cfg iterator.Config, _ iterator.Program, _ int, tr *iterator.ThreadTrace) {
	b, l, sc := int64(cfg.Elem.Bits), cfg.Pitch(), cfg.PitchShape().C
	if l == sc {
		return
	}
	rowBytes := l * b / 8
	if l*b%8 != 0 {
		return
	}
	for i := range tr.Records {
		r := &tr.Records[i]
		addrs := make([]int64, len(r.Addrs))
		for k, a := range r.Addrs {
			s := a / rowBytes
			if a < 0 {
				s = (a - rowBytes + 1) / rowBytes
			}
			addrs[k] = a - s*(l-sc)*b/8
		}
		r.Addrs = addrs
	}
}

// laneGuardLast is guardLast on one lane only: on 8-bit elements, the
// third thread of every four judges its guard by its vector's last
// element (a per-lane path, as a lane-specialised guard would be). Only
// a sweep that judges those threads, on an extent that cuts their vector,
// sees it.
func laneGuardLast(ref iterator.Model, cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
	if cfg.Elem.Bits != 8 || thread%4 != 2 {
		return ref.Trace(cfg, prog, thread)
	}
	return guardLast(ref, cfg, prog, thread)
}

// laneWidth is aeIgnored on one lane only: on 8-bit elements, in maps of
// eight threads or more, the third thread of every four (threads 2, 6, 10,
// 14 of a 16-thread map) moves V elements an access, not access_elems. Its
// addresses and guards are right, so only a judgement of those threads'
// records shows it.
func laneWidth(cfg iterator.Config, prog iterator.Program, thread int, tr *iterator.ThreadTrace) {
	if cfg.Elem.Bits == 8 && cfg.Threads >= 8 && thread%4 == 2 {
		aeIgnored(cfg, prog, thread, tr)
	}
}

func tileSwap(_ iterator.Config, o iterator.Op) iterator.Op {
	if o.Kind == iterator.AddTileOffset {
		o.A, o.B = o.B, o.A
	}
	return o
}

func familyMutants() []mutant {
	rta, pta, pt := iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile
	return []mutant{
		{id: "M-rta-offset-wrap", class: rta, hole: holeWrap, doc: "byte offset held in int32, wrapping silently", trace: edit(addrWrap)},
		{id: "M-rta-ptr-wrap", class: rta, hole: holeWrap, doc: "add_pointer_offset's n·B wraps in int32, silently", trace: ptrWrap(true)},
		{id: "M-rta-row-trunc", class: rta, hole: holeDerived, doc: "sub-byte add_pointer_offset of whole rows truncates each row to whole bytes", trace: edit(rowTrunc)},
		{id: "M-rta-stride-tile", class: rta, hole: holeLabel, doc: "the strided term packs rows by the tile's width Sc, not the pitch L", trace: edit(strideTile), notBy: "P-index"},
		{id: "M-rta-tile-swap", class: rta, hole: holePath, doc: "add_tile_offset(a,b) moves (b,a)", trace: rewrite(tileSwap)},
		{id: "M-rta-ptr-double", class: rta, hole: holePath, doc: "add_pointer_offset moves twice its offset",
			trace: rewrite(func(_ iterator.Config, o iterator.Op) iterator.Op {
				if o.Kind == iterator.AddPointerOffset {
					o.A *= 2
				}
				return o
			})},
		{id: "M-rta-inc-moves", class: rta, hole: holePath, doc: "the access iterator's ++ moves the pointer one access",
			trace: rewrite(func(cfg iterator.Config, o iterator.Op) iterator.Op {
				if o.Kind == iterator.Inc {
					return iterator.Op{Kind: iterator.AddPointerOffset, A: int64(cfg.Access)}
				}
				return o
			})},
		{id: "M-pta-clear-noop", class: pta, hole: holeGuards, doc: "clear_mask does nothing", trace: maskNoop(iterator.ClearMask)},
		{id: "M-pta-enable-noop", class: pta, hole: holeGuards, doc: "enable_mask does nothing", trace: maskNoop(iterator.EnableMask)},
		{id: "M-pta-stale-guards", class: pta, hole: holeGuards, doc: "guards not recomputed after a cross-rank add_tile_offset", trace: staleGuards},
		{id: "M-pta-guard-last", class: pta, hole: holeCut, doc: "the guard judges a vector's last element, not its first", trace: guardLast},
		{id: "M-pta-lane-width", class: pta, hole: holeThreads, doc: "8-bit path: threads 2, 6, 10, … move V elements an access, not access_elems", trace: edit(laneWidth)},
		{id: "M-pta-ae-ignored", class: pta, hole: holeWidth, doc: "AccessType holds V elements, not access_elems", trace: edit(aeIgnored)},
		{id: "M-pta-offset-wrap", class: pta, hole: holeWrap, doc: "pointer held as a 32-bit offset, wrapping silently", trace: edit(addrWrap)},
		{id: "M-pta-ptr-wrap", class: pta, hole: holeWrap, doc: "add_pointer_offset's n·B wraps in int32, silently", trace: ptrWrap(true)},
		{id: "M-pta-row-trunc", class: pta, hole: holeDerived, doc: "sub-byte add_pointer_offset of whole rows truncates each row to whole bytes", trace: edit(rowTrunc)},
		{id: "M-pta-stride-tile", class: pta, hole: holeLabel, doc: "the strided term packs rows by the tile's width Sc, not the pitch L", trace: edit(strideTile), notBy: "P-index"},
		{id: "M-pta-tile-swap", class: pta, hole: holePath, doc: "add_tile_offset(a,b) moves (b,a)", trace: rewrite(tileSwap)},
		{id: "M-pta-no-residue", class: pta, hole: holePath, doc: "the first tile move is a whole tile, not the residue", trace: edit(noResidue)},
		{id: "M-pt-clear-noop", class: pt, hole: holeGuards, doc: "clear_mask does nothing", trace: maskNoop(iterator.ClearMask)},
		{id: "M-pt-enable-noop", class: pt, hole: holeGuards, doc: "enable_mask does nothing", trace: maskNoop(iterator.EnableMask)},
		{id: "M-pt-stale-guards", class: pt, hole: holeGuards, doc: "guards not recomputed after a cross-rank add_tile_offset", trace: staleGuards},
		{id: "M-pt-store-unguarded", class: pt, hole: holeGuards, doc: "store() ignores the guards",
			trace: edit(func(_ iterator.Config, _ iterator.Program, _ int, tr *iterator.ThreadTrace) {
				for i := range tr.Records {
					if r := &tr.Records[i]; r.Kind == "store" {
						r.Valid = make([]bool, len(r.Valid))
						for k := range r.Valid {
							r.Valid[k] = true
						}
					}
				}
			})},
		{id: "M-pt-guard-last", class: pt, hole: holeCut, doc: "the guard judges a vector's last element, not its first", trace: guardLast},
		{id: "M-pt-lane-guard", class: pt, hole: holeCut, doc: "8-bit path: threads 2, 6, 10, … judge the guard by a vector's last element", trace: laneGuardLast},
		{id: "M-pt-lane-width", class: pt, hole: holeThreads, doc: "8-bit path: threads 2, 6, 10, … move V elements an access, not access_elems", trace: edit(laneWidth)},
		{id: "M-pt-ae-ignored", class: pt, hole: holeWidth, doc: "AccessType holds V elements, not access_elems", trace: edit(aeIgnored)},
		{id: "M-pt-ldptr-wrap", class: pt, hole: holeWrap, doc: "load/store_with_pointer_offset's n·B wraps in int32, silently", trace: ptrWrap(false)},
		{id: "M-pt-offset-wrap", class: pt, hole: holeWrap, doc: "pointer held as a 32-bit offset, wrapping silently", trace: edit(addrWrap)},
		{id: "M-pt-inc-rank", class: pt, hole: holePath, doc: "++ moves one tile along the other rank",
			trace: rewrite(func(cfg iterator.Config, o iterator.Op) iterator.Op {
				if o.Kind == iterator.Inc {
					return unitTile(cfg, 1, true)
				}
				return o
			})},
		{id: "M-pt-stptr-ignored", class: pt, hole: holePath, doc: "store_with_pointer_offset ignores its offset",
			trace: rewrite(func(_ iterator.Config, o iterator.Op) iterator.Op {
				if o.Kind == iterator.StorePtr {
					return iterator.Op{Kind: iterator.Store}
				}
				return o
			})},
		{id: "M-pt-no-residue", class: pt, hole: holePath, doc: "the first tile move is a whole tile, not the residue", trace: edit(noResidue)},
		{id: "M-pt-row-trunc", class: pt, hole: holeDerived, doc: "sub-byte add_pointer_offset of whole rows truncates each row to whole bytes", trace: edit(rowTrunc)},
		{id: "M-pt-tile-swap", class: pt, hole: holePath, doc: "add_tile_offset(a,b) moves (b,a)", trace: rewrite(tileSwap)},
	}
}
