package iterator

import "github.com/tilecheck/tilecheck/layout"

// cutlassModel is RegularTileIterator<PitchLinear> and its RowMajor and
// ColumnMajor wrappers as CUTLASS computes them: a byte pointer P,
// int32 increments, truncating division, multiply before divide. pre3049
// selects v2.3…v4.4.x, whose store(frag, tile) does not divide the
// contiguous tile term by V.
type cutlassModel struct {
	pre3049 bool
	// pre31 selects CUTLASS v2.3…v3.0: pre3049's RegularTileIterator, and
	// PredicatedTileAccessIterator's first add_tile_offset moving by the
	// unscaled Sc·tc (Ss·ts) bytes (cutlassPredicated.pre31).
	pre31 bool
}

// The CUTLASS renditions, newest release first: HEAD's, v2.3…v4.4.x's
// (built-ins) and v2.3…v3.0's (an older release's).
func init() {
	registerModel(cutlassModel{}, 1, false)
	registerModel(cutlassModel{pre3049: true}, 2, false)
	registerModel(cutlassModel{pre3049: true, pre31: true}, 3, true)
}

func (m cutlassModel) Name() string {
	switch {
	case m.pre31:
		return "cutlass-pre3.1"
	case m.pre3049:
		return "cutlass-pre3049"
	}
	return "cutlass"
}

// familyModel is the model's name for the family classes' tracer.
func (m cutlassModel) familyModel() string {
	if m.pre31 {
		return "cutlass-pre3.1"
	}
	return "cutlass"
}

func (m cutlassModel) Trace(cfg Config, prog Program, thread int) (ThreadTrace, error) {
	return traceRegular(m, cfg, prog, thread)
}

func (m cutlassModel) threadMap(cfg Config) (ThreadMap, error) { return Validate(cfg) }

// cutlassState is the iterator's state after its constructor.
type cutlassState struct {
	p    layout.Bytes // pointer_, from ref.data()
	incS layout.Bytes // increment_strided_, int32
	incA layout.Bytes // increment_advance_, int32
}

// newCutlassState is the constructor (ref, thread): int64 pointer, int32
// increments, each product formed before its division, as CUTLASS does.
func newCutlassState(a *arith, in instance, tm ThreadMap, thread int) cutlassState {
	st := cutlassState{p: cutlassPointer(a, in, tm.Init(thread))}
	st.incS, st.incA = cutlassIncrements(a, in, tm)
	return st
}

// cutlassPointer is pointer_ = data + ref.offset(initial_offset) ·
// sizeof_bits / 8, in int64: the only part of the state that depends on
// the thread.
func cutlassPointer(a *arith, in instance, init layout.Coord) layout.Bytes {
	first := plus(a, layout.Elements(init.C), times(a, init.S, in.L))
	return a.bytesOf(cutlassPointerWhere, a.toBits(first, in.B))
}

const cutlassPointerWhere = "pointer = (c0 + s0·L)·B/8"

// cutlassIncrements are the constructor's int32 increments, the same for
// every thread.
func cutlassIncrements(a *arith, in instance, tm ThreadMap) (incS, incA layout.Bytes) {
	// stride·sizeof_bits·Delta::kStrided/8: the row's bits, then Ds rows.
	const whereS = "incS = L·B·Ds/8"
	stridedBits := layout.Bits(a.mul(int64(a.toBits(in.L, in.B)), tm.Delta.S))
	incS = narrow32(a, whereS, a.bytesOf(whereS, stridedBits))
	if in.Rank == 0 {
		const whereA = "incA = Sc·B/8"
		return incS, narrow32(a, whereA, a.bytesOf(whereA, a.toBits(in.Sc, in.B)))
	}
	// Shape::kStrided * (stride * sizeof_bits / 8): the row is truncated
	// to bytes before it is multiplied by the tile height.
	const whereA = "incA = Ss·(L·B/8)"
	row := a.bytesOf(whereA, a.toBits(in.L, in.B))
	return incS, narrow32(a, whereA, times(a, in.Ss, row))
}

// tilePointerOffset is the pointer offset (int32 elements) load(frag, tile)
// and store(frag, tile) pass on: the C++ divides the contiguous element
// count by V (#3017) and still calls the result elements; before PR #3049
// store did not.
func (m cutlassModel) tilePointerOffset(a *arith, cfg Config, in instance, op Op) layout.Elements {
	tc, ts := tileArg(cfg, op)
	contig := in.contigTiles(a, tc)
	if op.Kind == LoadTile || !m.pre3049 {
		contig /= in.V
	}
	return narrow32(a, "pointer_offset = tile_offset → elements", plus(a, contig, in.stridedTiles(a, ts)))
}

// tileOffsetBytes is add_tile_offset's move of the pointer: sizeof_bits ·
// (elements), in the C++'s operand order, then /8 and int32. The wrappers
// pass the coordinate on in pitch-linear order.
func tileOffsetBytes(a *arith, cfg Config, in instance, op Op) layout.Bytes {
	tc, ts := tileArg(cfg, op)
	elems := plus(a, in.contigTiles(a, tc), in.stridedTiles(a, ts))
	const where = "add_tile_offset B·(tc·Sc + ts·Ss·L)/8"
	bits := layout.Bits(a.mul(in.B, int64(elems)))
	return narrow32(a, where, a.bytesOf(where, bits))
}

// pointerOffsetBytes is load/store_with_pointer_offset's conversion of po
// (int32 elements) to bytes: i32(po·B)/8.
func pointerOffsetBytes(a *arith, in instance, po layout.Elements) layout.Bytes {
	return a.bytesOf("pointer_offset·B/8", narrow32(a, "pointer_offset·B", a.toBits(po, in.B)))
}

func (m cutlassModel) traceMap(cfg Config, tm ThreadMap, prog Program, thread int, bufs *traceBuffers) (ThreadTrace, error) {
	if cfg.Class.Family() {
		return traceFamily(m.familyModel(), "", cfg, prog, thread)
	}
	return traceMapFast(m, cfg, tm, prog, thread, bufs)
}

func (m cutlassModel) traceThreads(cfg *Config, tm *ThreadMap, prog Program, threads []int, bufs *traceBuffers, out []ThreadTrace) ([]ThreadTrace, error) {
	if cfg.Class.Family() {
		return traceFamilyThreads(m.familyModel(), "", cfg, tm, prog, threads, bufs, out)
	}
	return traceThreadsFast(m, cfg, tm, prog, threads, bufs, out)
}

func (m cutlassModel) requestProgram(bufs *traceBuffers, cfg *Config, in *instance, tm *ThreadMap, prog Program) (*cutProgram, bool) {
	p := bufs.cutProgram(m, cfg, in, tm, prog)
	return p, p.ok
}

// traceChecked traces one thread op by op with checked arithmetic: the path
// for whatever traceFast cannot prove exact, and the definition it is
// tested against.
func (m cutlassModel) traceChecked(cfg Config, in instance, tm ThreadMap, prog Program, thread int, bufs *traceBuffers) (ThreadTrace, error) {
	var a arith
	st := newCutlassState(&a, in, tm, thread)
	tr := ThreadTrace{Thread: thread}
	if a.err != nil { // the configuration's own strides, before any op
		return tr, a.err
	}
	start := len(bufs.records)
	for i, op := range prog {
		switch op.Kind {
		case Load, Store:
			m.access(&a, bufs, cfg, in, tm, st, thread, i, op, 0)
		case LoadTile, StoreTile:
			if cfg.Layout != layout.PitchLinear {
				return tr, wrapperTileUnavailable(cfg, op)
			}
			po := m.tilePointerOffset(&a, cfg, in, op)
			m.access(&a, bufs, cfg, in, tm, st, thread, i, op, po)
		case LoadPtr, StorePtr:
			po := narrow32(&a, "pointer_offset (Index)", pointerArg(op))
			m.access(&a, bufs, cfg, in, tm, st, thread, i, op, po)
		case AddPointerOffset:
			// Documented in elements, applied to the byte pointer (#3017).
			st.p = plus(&a, st.p, layout.Bytes(op.A))
		case AddTileOffset:
			st.p = plus(&a, st.p, tileOffsetBytes(&a, cfg, in, op))
		case Inc:
			st.p = plus(&a, st.p, st.incA)
		case Dec:
			st.p = plus(&a, st.p, -st.incA)
		default:
			return tr, notRegular(op)
		}
		if a.err != nil {
			return tr, opError(i, op, a.err)
		}
	}
	tr.Records, tr.Overflows, tr.Inexact = bufs.take(start), a.overflows, a.inexact
	return tr, nil
}

// access is load_with_byte_offset / store_with_byte_offset after the
// pointer offset po (int32 elements) has been converted as
// i32(po·B)/8: access (s, c) is at P + byte offset + s·incS + (c·Dc/V)·A.
func (m cutlassModel) access(a *arith, bufs *traceBuffers, cfg Config, in instance, tm ThreadMap, st cutlassState, thread, index int, op Op, po layout.Elements) {
	rec := bufs.addRecord(thread, index, op, in.A, int(tm.Count()))
	base := st.p
	if po != 0 {
		base = plus(a, base, pointerOffsetBytes(a, in, po))
	}
	atomic := cfg.Atomic == "cas32" && rec.Kind == "store"
	for s := int64(0); s < tm.Iter.S; s++ {
		row := plus(a, base, times(a, s, st.incS))
		for c := int64(0); c < tm.Iter.C; c++ {
			// c·Dc elements from the first access, in accesses of V.
			vector := c * tm.Delta.C / int64(in.V)
			addr := plus(a, row, times(a, vector, in.A))
			rec.Addrs = append(rec.Addrs, int64(addr))
			if atomic {
				rec.AtomicWords = appendAtomicWords(rec.AtomicWords, addr, in.V, in.B, 0)
			}
		}
	}
}
