package iterator

import "github.com/tilecheck/tilecheck/layout"

// referenceModel is the documented contract of the tile-iterator concept,
// bit-exact in int64: the iterator has a logical position, the
// bit offset of its tile origin, moved by pointer offsets in elements, tile
// offsets in whole tiles and ++/-- by one tile along the advance rank; access
// (s, c) covers elements (c0 + c·Dc + v, s0 + s·Ds), v < V, from that origin.
// It never narrows to int32; an int64 overflow is an error.
//
// With a non-empty defect it is that control: the reference with
// exactly one known bug injected. Family defects are passed on to
// traceFamily for the family classes and change nothing here.
type referenceModel struct {
	defect Defect
}

func init() { registerModel(referenceModel{}, 0, false) }

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

func (m referenceModel) traceMap(cfg Config, tm ThreadMap, prog Program, thread int, bufs *traceBuffers) (ThreadTrace, error) {
	if cfg.Class.Family() {
		return traceFamily("reference", m.defect, cfg, prog, thread)
	}
	return traceMapFast(m, cfg, tm, prog, thread, bufs)
}

func (m referenceModel) traceThreads(cfg *Config, tm *ThreadMap, prog Program, threads []int, bufs *traceBuffers, out []ThreadTrace) ([]ThreadTrace, error) {
	if cfg.Class.Family() {
		return traceFamilyThreads("reference", m.defect, cfg, tm, prog, threads, bufs, out)
	}
	return traceThreadsFast(m, cfg, tm, prog, threads, bufs, out)
}

func (m referenceModel) requestProgram(bufs *traceBuffers, cfg *Config, in *instance, tm *ThreadMap, prog Program) (*refProgram, bool) {
	p := bufs.refProgram(m, cfg, in, tm, prog)
	return p, p.ok
}

// traceChecked traces one thread op by op with checked arithmetic: the
// path for whatever traceFast cannot prove exact (an int64 overflow, an
// int32 narrowing, an op the class does not have), and the definition the
// fast path is tested against.
func (m referenceModel) traceChecked(cfg Config, in instance, tm ThreadMap, prog Program, thread int, bufs *traceBuffers) (ThreadTrace, error) {
	var a arith
	var tailEnd layout.Bytes // end of the allocation, for the cas32 tail rule
	if cfg.Atomic == "cas32" && m.defect != CCas16Tail {
		_, tailEnd = Allocation(cfg, prog)
	}
	init := tm.Init(thread)
	var pos layout.Bits // the tile origin, from ref.data()
	tr := ThreadTrace{Thread: thread}
	start := len(bufs.records)
	for i, op := range prog {
		next, at, records, ok := m.step(&a, &cfg, &in, op, pos)
		if !ok {
			return tr, notRegular(op)
		}
		if records {
			m.access(&a, bufs, cfg, in, tm, init, thread, i, op, at, tailEnd)
		}
		pos = next
		if a.err != nil {
			return tr, opError(i, op, a.err)
		}
	}
	tr.Records, tr.Overflows, tr.Inexact = bufs.take(start), a.overflows, a.inexact
	return tr, nil
}

// step applies op to the tile origin pos with checked arithmetic: an op
// that records returns the origin it accesses from (at, records), a move
// returns the moved origin (next); ok is false for an op RegularTileIterator
// lacks. The per-thread path and the per-configuration plan both call it,
// so their arithmetic is the same calls in the same order by construction.
// cfg and in are read through pointers: step runs once per op of every
// request a control is traced on, and copying the configuration into it and
// into tileBits cost more than the arithmetic.
func (m referenceModel) step(a *arith, cfg *Config, in *instance, op Op, pos layout.Bits) (next, at layout.Bits, records, ok bool) {
	switch op.Kind {
	case Load, Store:
		return pos, pos, true, true
	case LoadTile, StoreTile:
		return pos, plus(a, pos, m.tileBits(a, cfg, in, op)), true, true
	case LoadPtr, StorePtr:
		return pos, plus(a, pos, m.pointerBits(a, in, op)), true, true
	case AddPointerOffset:
		return plus(a, pos, m.pointerBits(a, in, op)), 0, false, true
	case AddTileOffset:
		return plus(a, pos, m.tileBits(a, cfg, in, op)), 0, false, true
	case Inc:
		return plus(a, pos, m.advanceBits(a, in)), 0, false, true
	case Dec:
		return plus(a, pos, -m.advanceBits(a, in)), 0, false, true
	}
	return pos, 0, false, false
}

// tileBits is the move of a tile offset (in the layout's own order): whole
// tiles in both dimensions. C-load-div divides the contiguous term of
// load(frag, tile) by V, C-both-div that of load and store (frag, tile).
func (m referenceModel) tileBits(a *arith, cfg *Config, in *instance, op Op) layout.Bits {
	tc, ts := tileArg(*cfg, op)
	contig := in.contigTiles(a, tc)
	if (m.defect == CLoadDiv && op.Kind == LoadTile) ||
		(m.defect == CBothDiv && (op.Kind == LoadTile || op.Kind == StoreTile)) {
		contig /= in.V // the defect: an element count divided by V, still taken as elements
	}
	return a.toBits(plus(a, contig, in.stridedTiles(a, ts)), in.B)
}

// pointerBits is the move of a pointer offset of op.A elements.
// C-ptr-bytes takes add_pointer_offset's argument as bytes; C-ptr-inverted
// converts every pointer offset to bytes as po·8/B (#3504).
func (m referenceModel) pointerBits(a *arith, in *instance, op Op) layout.Bits {
	switch {
	case m.defect == CPtrBytes && op.Kind == AddPointerOffset:
		return a.bytesToBits(layout.Bytes(op.A))
	case m.defect == CPtrInverted:
		return a.bytesToBits(layout.Bytes(a.mul(op.A, 8) / in.B))
	}
	return a.toBits(pointerArg(op), in.B)
}

// advanceBits is the move of ++: one tile along the advance rank.
// C-rank-swap advances along the other rank; C-trunc-first truncates the row
// to whole bytes before multiplying by the tile height, as CUTLASS's incA
// does; C-int32 narrows the increment to int32 bytes.
func (m referenceModel) advanceBits(a *arith, in *instance) layout.Bits {
	rank := in.Rank
	if m.defect == CRankSwap {
		rank = 1 - rank
	}
	if rank == 0 {
		return m.narrow(a, "incA = Sc·B/8", a.toBits(in.Sc, in.B))
	}
	row := a.toBits(in.L, in.B)
	if m.defect == CTruncFirst {
		row = a.bytesToBits(a.bytesOf("incA = Ss·(L·B/8)", row))
	}
	return m.narrow(a, "incA = Ss·L·B/8", times(a, in.Ss, row))
}

// narrow is the C-int32 defect: a byte quantity held in int32, wrapping (and
// recorded) where the reference keeps int64; the sub-byte rest stays exact.
// Other models pass bits through.
func (m referenceModel) narrow(a *arith, where string, bits layout.Bits) layout.Bits {
	if m.defect != CInt32 {
		return bits
	}
	whole, rest := bits.SplitBytes()
	return plus(a, a.bytesToBits(narrow32(a, where, whole)), rest)
}

// access records one load or store of the fragment from the tile origin at
// bit offset origin: access (s, c) is element (c0 + c·Dc, s0 + s·Ds), its
// address that element's bit offset / 8, marked inexact where it is not a
// whole byte.
func (m referenceModel) access(a *arith, bufs *traceBuffers, cfg Config, in instance, tm ThreadMap, init layout.Coord, thread, index int, op Op, origin layout.Bits, tailEnd layout.Bytes) {
	rec := bufs.addRecord(thread, index, op, in.A, int(tm.Count()))
	atomic := cfg.Atomic == "cas32" && rec.Kind == "store"
	dc := layout.Elements(tm.Delta.C)
	if m.defect == CDeltaNoDiv {
		dc = times(a, tm.Delta.C, in.V) // CUTLASS #125: the access index c·Dc taken as a vector index
	}
	rowPitch := in.L
	if m.defect == CPitchPlusOne {
		rowPitch = plus(a, in.L, 1)
	}
	c0 := layout.Elements(init.C)
	for s := int64(0); s < tm.Iter.S; s++ {
		// Row term: s0 rows of pitch L, then s·Ds rows of the strided step.
		rowElems := plus(a, times(a, init.S, in.L), times(a, a.mul(s, tm.Delta.S), rowPitch))
		rowBits := m.narrow(a, "row offset (s0·L + s·Ds·L)·B/8", a.toBits(rowElems, in.B))
		rowStart := plus(a, origin, rowBits)
		for c := int64(0); c < tm.Iter.C; c++ {
			bits := plus(a, rowStart, a.toBits(plus(a, c0, times(a, c, dc)), in.B))
			addr, exact := bits.ToBytes()
			rec.Addrs = append(rec.Addrs, int64(addr))
			if !exact {
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
}
