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
	p    int64 // pointer_, bytes from ref.data()
	incS int64 // increment_strided_, int32 bytes
	incA int64 // increment_advance_, int32 bytes
}

// newCutlassState is the constructor (ref, thread): int64 pointer, int32
// increments, each product formed before its division, as CUTLASS does.
func newCutlassState(a *arith, in instance, tm ThreadMap, thread int) cutlassState {
	init := tm.Init(thread)
	var st cutlassState
	// pointer_ = data + ref.offset(initial_offset) * sizeof_bits / 8, in int64.
	st.p = a.bitsToBytes("pointer = (c0 + s0·L)·B/8", a.mul(a.add(init.C, a.mul(init.S, in.L)), in.B))
	st.incS = a.i32("incS = L·B·Ds/8", a.bitsToBytes("incS = L·B·Ds/8", a.mul(a.mul(in.L, in.B), tm.Delta.S)))
	if in.Rank == 0 {
		st.incA = a.i32("incA = Sc·B/8", a.bitsToBytes("incA = Sc·B/8", a.mul(in.Shape.C, in.B)))
	} else {
		// Shape::kStrided * (stride * sizeof_bits / 8): the row is truncated
		// to bytes before it is multiplied by the tile height.
		row := a.bitsToBytes("incA = Ss·(L·B/8)", a.mul(in.L, in.B))
		st.incA = a.i32("incA = Ss·(L·B/8)", a.mul(in.Shape.S, row))
	}
	return st
}

func (m cutlassModel) traceMap(cfg Config, tm ThreadMap, prog Program, thread int) (ThreadTrace, error) {
	if cfg.Class != RegularTile {
		return traceFamily("cutlass", "", cfg, prog, thread)
	}
	var a arith
	in := newInstance(cfg)
	st := newCutlassState(&a, in, tm, thread)
	tr := ThreadTrace{Thread: thread}
	bufs := newTraceBuffers(prog, tm)
	for i, op := range prog {
		switch op.Kind {
		case Load, Store:
			bufs.records = append(bufs.records, m.access(&a, &bufs, cfg, in, tm, st, thread, i, op, 0))
		case LoadTile, StoreTile:
			if cfg.Layout != layout.PitchLinear {
				return tr, wrapperTileUnavailable(cfg, op)
			}
			tc, ts := op.A, op.B
			contig := a.mul(tc, in.Shape.C)
			if op.Kind == LoadTile || !m.pre3049 {
				contig /= in.V
			}
			po := a.i32("pointer_offset = tile_offset → elements", a.add(contig, a.mul(a.mul(ts, in.Shape.S), in.L)))
			bufs.records = append(bufs.records, m.access(&a, &bufs, cfg, in, tm, st, thread, i, op, po))
		case LoadPtr, StorePtr:
			po := a.i32("pointer_offset (Index)", op.A)
			bufs.records = append(bufs.records, m.access(&a, &bufs, cfg, in, tm, st, thread, i, op, po))
		case AddPointerOffset:
			// Documented in elements, applied to the byte pointer (#3017).
			st.p = a.add(st.p, op.A)
		case AddTileOffset:
			// The wrappers pass the coordinate on in pitch-linear order.
			tile := cfg.Layout.ToPitch(op.A, op.B)
			elems := a.add(a.mul(tile.C, in.Shape.C), a.mul(a.mul(tile.S, in.Shape.S), in.L))
			st.p = a.add(st.p, a.i32("add_tile_offset B·(tc·Sc + ts·Ss·L)/8",
				a.bitsToBytes("add_tile_offset B·(tc·Sc + ts·Ss·L)/8", a.mul(in.B, elems))))
		case Inc:
			st.p = a.add(st.p, st.incA)
		case Dec:
			st.p = a.add(st.p, -st.incA)
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

// access is load_with_byte_offset / store_with_byte_offset after the
// pointer offset po (int32 elements) has been converted as
// i32(po·B)/8: access (s, c) is at P + byte offset + s·incS + (c·Dc/V)·A.
func (m cutlassModel) access(a *arith, bufs *traceBuffers, cfg Config, in instance, tm ThreadMap, st cutlassState, thread, index int, op Op, po int64) Record {
	rec := bufs.newRecord(thread, index, op, in, tm)
	base := st.p
	if po != 0 {
		base = a.add(base, a.bitsToBytes("pointer_offset·B/8", a.i32("pointer_offset·B", a.mul(po, in.B))))
	}
	atomic := cfg.Atomic == "cas32" && rec.Kind == "store"
	for s := int64(0); s < tm.Iter.S; s++ {
		row := a.add(base, a.mul(s, st.incS))
		for c := int64(0); c < tm.Iter.C; c++ {
			addr := a.add(row, a.mul(c*tm.Delta.C/in.V, in.A))
			rec.Addrs = append(rec.Addrs, addr)
			if atomic {
				rec.AtomicWords = appendAtomicWords(rec.AtomicWords, addr, in.V, in.B, 0)
			}
		}
	}
	return rec
}
