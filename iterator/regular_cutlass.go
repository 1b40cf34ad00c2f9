package iterator

import "github.com/tilecheck/tilecheck/layout"

// cutlassModel is RegularTileIterator<PitchLinear> and its RowMajor and
// ColumnMajor wrappers as CUTLASS computes them (SPEC §3): a byte pointer P,
// int32 increments, truncating division, multiply before divide. pre3049
// selects v2.3…v4.4.x, whose store(frag, tile) does not divide the
// contiguous tile term by V.
type cutlassModel struct {
	pre3049 bool
}

func (m cutlassModel) Name() string {
	if m.pre3049 {
		return "cutlass-pre3049"
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
	init := tm.Init(thread)
	var st cutlassState
	// pointer_ = data + ref.offset(initial_offset) * sizeof_bits / 8, in int64.
	first := plus(a, layout.Elements(init.C), times(a, init.S, in.L))
	st.p = a.bytesOf("pointer = (c0 + s0·L)·B/8", a.toBits(first, in.B))
	// stride·sizeof_bits·Delta::kStrided/8: the row's bits, then Ds rows.
	const incS = "incS = L·B·Ds/8"
	stridedBits := layout.Bits(a.mul(int64(a.toBits(in.L, in.B)), tm.Delta.S))
	st.incS = narrow32(a, incS, a.bytesOf(incS, stridedBits))
	if in.Rank == 0 {
		const incA = "incA = Sc·B/8"
		st.incA = narrow32(a, incA, a.bytesOf(incA, a.toBits(in.Sc, in.B)))
	} else {
		// Shape::kStrided * (stride * sizeof_bits / 8): the row is truncated
		// to bytes before it is multiplied by the tile height.
		const incA = "incA = Ss·(L·B/8)"
		row := a.bytesOf(incA, a.toBits(in.L, in.B))
		st.incA = narrow32(a, incA, times(a, in.Ss, row))
	}
	return st
}

func (m cutlassModel) traceMap(cfg Config, tm ThreadMap, prog Program, thread int, bufs *traceBuffers) (ThreadTrace, error) {
	if cfg.Class != RegularTile {
		return traceFamily("cutlass", "", cfg, prog, thread)
	}
	var a arith
	in := bufs.instance(cfg)
	st := newCutlassState(&a, in, tm, thread)
	tr := ThreadTrace{Thread: thread}
	start := len(bufs.records)
	for i, op := range prog {
		switch op.Kind {
		case Load, Store:
			m.access(&a, bufs, cfg, in, tm, st, thread, i, op, 0)
		case LoadTile, StoreTile:
			if cfg.Layout != layout.PitchLinear {
				return tr, wrapperTileUnavailable(cfg, op)
			}
			tc, ts := tileArg(cfg, op)
			contig := in.contigTiles(&a, tc)
			if op.Kind == LoadTile || !m.pre3049 {
				// The C++ divides an element count by V (#3017) and
				// still calls the result elements.
				contig /= in.V
			}
			po := narrow32(&a, "pointer_offset = tile_offset → elements", plus(&a, contig, in.stridedTiles(&a, ts)))
			m.access(&a, bufs, cfg, in, tm, st, thread, i, op, po)
		case LoadPtr, StorePtr:
			po := narrow32(&a, "pointer_offset (Index)", pointerArg(op))
			m.access(&a, bufs, cfg, in, tm, st, thread, i, op, po)
		case AddPointerOffset:
			// Documented in elements, applied to the byte pointer (#3017).
			st.p = plus(&a, st.p, layout.Bytes(op.A))
		case AddTileOffset:
			// The wrappers pass the coordinate on in pitch-linear order.
			tc, ts := tileArg(cfg, op)
			elems := plus(&a, in.contigTiles(&a, tc), in.stridedTiles(&a, ts))
			// sizeof_bits·(elements), in the C++'s operand order.
			const where = "add_tile_offset B·(tc·Sc + ts·Ss·L)/8"
			bits := layout.Bits(a.mul(in.B, int64(elems)))
			st.p = plus(&a, st.p, narrow32(&a, where, a.bytesOf(where, bits)))
		case Inc:
			st.p = plus(&a, st.p, st.incA)
		case Dec:
			st.p = plus(&a, st.p, -st.incA)
		default:
			return tr, notRegular(op)
		}
		if a.err != nil {
			return tr, a.err
		}
	}
	tr.Records, tr.Overflows, tr.Inexact = bufs.take(start), a.overflows, a.inexact
	return tr, a.err
}

// access is load_with_byte_offset / store_with_byte_offset after the
// pointer offset po (int32 elements) has been converted as
// i32(po·B)/8: access (s, c) is at P + byte offset + s·incS + (c·Dc/V)·A.
func (m cutlassModel) access(a *arith, bufs *traceBuffers, cfg Config, in instance, tm ThreadMap, st cutlassState, thread, index int, op Op, po layout.Elements) {
	rec := bufs.addRecord(thread, index, op, in, tm)
	base := st.p
	if po != 0 {
		base = plus(a, base, a.bytesOf("pointer_offset·B/8", narrow32(a, "pointer_offset·B", a.toBits(po, in.B))))
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
