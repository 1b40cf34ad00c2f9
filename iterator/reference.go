package iterator

import "github.com/tilecheck/tilecheck/layout"

// referenceModel is the documented contract of the tile-iterator concept
// (SPEC §4), bit-exact in int64: the iterator has a logical position, the
// bit offset of its tile origin, moved by pointer offsets in elements, tile
// offsets in whole tiles and ++/-- by one tile along the advance rank; access
// (s, c) covers elements (c0 + c·Dc + v, s0 + s·Ds), v < V, from that origin.
// It never narrows to int32; an int64 overflow is an error.
//
// With a non-empty defect it is that control (SPEC §6): the reference with
// exactly one known bug injected. Family defects are passed on to
// traceFamily for the classes of SPEC §10 and change nothing here.
type referenceModel struct {
	defect Defect
}

func (m referenceModel) Name() string {
	if m.defect == "" {
		return "reference"
	}
	return string(m.defect)
}

func (m referenceModel) Trace(cfg Config, prog Program, thread int) (ThreadTrace, error) {
	return traceRegular(m, cfg, prog, thread)
}

func (m referenceModel) threadMap(cfg Config) (ThreadMap, error) {
	if m.defect == CStripedHead && cfg.Map == WarpStriped3131 {
		return validateWithMap(cfg, WarpStriped)
	}
	return Validate(cfg)
}

func (m referenceModel) traceMap(cfg Config, tm ThreadMap, prog Program, thread int) (ThreadTrace, error) {
	if cfg.Class != RegularTile {
		return traceFamily("reference", m.defect, cfg, prog, thread)
	}
	var a arith
	in := newInstance(cfg)
	var tailEnd int64 // end of the allocation, for the cas32 tail rule
	if cfg.Atomic == "cas32" && m.defect != CCas16Tail {
		_, hi := Allocation(cfg, prog)
		tailEnd = int64(hi)
	}
	init := tm.Init(thread)
	var pos int64 // bit offset of the tile origin from ref.data()
	tr := ThreadTrace{Thread: thread}
	bufs := newTraceBuffers(prog, tm)
	for i, op := range prog {
		switch op.Kind {
		case Load, Store:
			bufs.records = append(bufs.records, m.access(&a, &bufs, cfg, in, tm, init, thread, i, op, pos, tailEnd))
		case LoadTile, StoreTile:
			at := a.add(pos, m.tileBits(&a, cfg, in, op))
			bufs.records = append(bufs.records, m.access(&a, &bufs, cfg, in, tm, init, thread, i, op, at, tailEnd))
		case LoadPtr, StorePtr:
			at := a.add(pos, m.pointerBits(&a, in, op))
			bufs.records = append(bufs.records, m.access(&a, &bufs, cfg, in, tm, init, thread, i, op, at, tailEnd))
		case AddPointerOffset:
			pos = a.add(pos, m.pointerBits(&a, in, op))
		case AddTileOffset:
			pos = a.add(pos, m.tileBits(&a, cfg, in, op))
		case Inc:
			pos = a.add(pos, m.advanceBits(&a, in))
		case Dec:
			pos = a.add(pos, -m.advanceBits(&a, in))
		default:
			return tr, notRegular(op)
		}
		if a.err != nil {
			return tr, a.err
		}
	}
	tr.Records, tr.Overflows, tr.Inexact = bufs.records, a.overflows, a.inexact
	return tr, a.err
}

// tileBits is the move of a tile offset (in the layout's own order): whole
// tiles in both dimensions. C-load-div divides the contiguous term of
// load(frag, tile) by V, C-both-div that of load and store (frag, tile).
func (m referenceModel) tileBits(a *arith, cfg Config, in instance, op Op) int64 {
	t := cfg.Layout.ToPitch(op.A, op.B)
	contig := a.mul(t.C, in.Shape.C)
	if (m.defect == CLoadDiv && op.Kind == LoadTile) ||
		(m.defect == CBothDiv && (op.Kind == LoadTile || op.Kind == StoreTile)) {
		contig /= in.V
	}
	elems := a.add(contig, a.mul(a.mul(t.S, in.Shape.S), in.L))
	return a.mul(elems, in.B)
}

// pointerBits is the move of a pointer offset of op.A elements.
// C-ptr-bytes takes add_pointer_offset's argument as bytes; C-ptr-inverted
// converts every pointer offset to bytes as po·8/B (#3504).
func (m referenceModel) pointerBits(a *arith, in instance, op Op) int64 {
	switch {
	case m.defect == CPtrBytes && op.Kind == AddPointerOffset:
		return a.mul(op.A, 8)
	case m.defect == CPtrInverted:
		return a.mul(a.mul(op.A, 8)/in.B, 8)
	}
	return a.mul(op.A, in.B)
}

// advanceBits is the move of ++: one tile along the advance rank.
// C-rank-swap advances along the other rank; C-trunc-first truncates the row
// to whole bytes before multiplying by the tile height, as CUTLASS's incA
// does; C-int32 narrows the increment to int32 bytes.
func (m referenceModel) advanceBits(a *arith, in instance) int64 {
	rank := in.Rank
	if m.defect == CRankSwap {
		rank = 1 - rank
	}
	if rank == 0 {
		return m.narrow(a, "incA = Sc·B/8", a.mul(in.Shape.C, in.B))
	}
	row := a.mul(in.L, in.B)
	if m.defect == CTruncFirst {
		row = a.mul(a.bitsToBytes("incA = Ss·(L·B/8)", row), 8)
	}
	return m.narrow(a, "incA = Ss·L·B/8", a.mul(in.Shape.S, row))
}

// narrow is the C-int32 defect: a byte quantity held in int32, wrapping (and
// recorded) where the reference keeps int64. Other models pass bits through.
func (m referenceModel) narrow(a *arith, where string, bits int64) int64 {
	if m.defect != CInt32 {
		return bits
	}
	return a.add(a.mul(a.i32(where, bits/8), 8), bits%8)
}

// access records one load or store of the fragment from the tile origin at
// bit offset origin: access (s, c) is element (c0 + c·Dc, s0 + s·Ds), its
// address that element's bit offset / 8, marked inexact where it is not a
// whole byte.
func (m referenceModel) access(a *arith, bufs *traceBuffers, cfg Config, in instance, tm ThreadMap, init layout.Coord, thread, index int, op Op, origin int64, tailEnd int64) Record {
	rec := bufs.newRecord(thread, index, op, in, tm)
	atomic := cfg.Atomic == "cas32" && rec.Kind == "store"
	dc := tm.Delta.C
	if m.defect == CDeltaNoDiv {
		dc = a.mul(dc, in.V) // #125: the access index c·Dc taken as a vector index
	}
	rowPitch := in.L
	if m.defect == CPitchPlusOne {
		rowPitch = a.add(in.L, 1)
	}
	for s := int64(0); s < tm.Iter.S; s++ {
		// Row term: s0 rows of pitch L, then s·Ds rows of the strided step.
		rowElems := a.add(a.mul(init.S, in.L), a.mul(a.mul(s, tm.Delta.S), rowPitch))
		rowBits := m.narrow(a, "row offset (s0·L + s·Ds·L)·B/8", a.mul(rowElems, in.B))
		rowStart := a.add(origin, rowBits)
		for c := int64(0); c < tm.Iter.C; c++ {
			bits := a.add(rowStart, a.mul(a.add(init.C, a.mul(c, dc)), in.B))
			addr := bits / 8
			rec.Addrs = append(rec.Addrs, addr)
			if bits%8 != 0 {
				if rec.Inexact == nil {
					rec.Inexact = make([]bool, tm.Count())
				}
				rec.Inexact[len(rec.Addrs)-1] = true
			}
			if atomic {
				rec.AtomicWords = appendAtomicWords(rec.AtomicWords, addr, in.V, in.B, tailEnd)
			}
		}
	}
	return rec
}
