package iterator

import "github.com/tilecheck/tilecheck/layout"

// The cutlass models' fast path, the counterpart of
// reference_fast.go. CUTLASS's state after its constructor is a pointer P
// that depends on the thread and two int32 increments that do not, and
// every op moves P, or offsets one load or store from it, by an amount that
// depends only on the configuration and the program. So access (s, c) of
// op k of a thread is at
//
//	P(thread) + moves before op k + its pointer offset + s·incS + (c·Dc/V)·A
//
// where everything but P(thread) is worked out once: the increments and
// access offsets per configuration, the moves and pointer offsets per
// request, each with the very checked arithmetic, int32 narrowings and
// truncating divisions of the per-thread path (cutlassModel.traceChecked),
// in the same order, so that the overflows and truncations recorded are
// the ones it records. Only the constructor's pointer truncation depends on
// the thread; it comes first in the per-thread path's list, and is put
// first here. The fast path is taken only where a bound proves that none of
// the per-thread path's checked int64 operations could overflow; otherwise,
// and for any error (an op the class lacks, a wrapper path that does not
// compile), the checked path traces the thread.

// cutAccesses is the per-configuration part.
type cutAccesses struct {
	ok         bool // false: an int64 overflow; every trace takes the checked path
	incS, incA layout.Bytes
	// overflows and inexact are what the constructor's increments narrowed
	// or truncated.
	overflows []Overflow
	inexact   []string
	// off is the byte offset of access idx = c + s·Ic from the pointer:
	// s·incS + (c·Dc/V)·A.
	off []layout.Bytes
	// span bounds |s·incS| + |(c·Dc/V)·A| over the accesses.
	span int64
}

// cutProgram is the per-request part.
type cutProgram struct {
	ok  bool
	acc *cutAccesses
	// origins is, for each recording op, the moves of P before it plus its
	// pointer offset in bytes.
	origins []layout.Bytes
	// reach bounds |moves| after every op and |moves + pointer offset| of
	// every recording op.
	reach int64
	// overflows and inexact are the increments' and the program's, in the
	// per-thread path's order, capacity clipped; inexactP is inexact behind
	// the pointer's truncation, for threads whose pointer truncates.
	overflows          []Overflow
	inexact, inexactP  []string
	hasInexactPointers bool
}

// cutProgram returns the request's program worked out once, by the first
// thread traced.
func (tb *traceBuffers) cutProgram(m cutlassModel, cfg *Config, in *instance, tm *ThreadMap, prog Program) *cutProgram {
	if !tb.hasCut {
		if !tb.cm.hasCut {
			tb.cm.cut, tb.cm.hasCut = planCutAccesses(*in, *tm, tb.cm.cut.off[:0]), true
		}
		tb.cut, tb.hasCut = m.planProgram(*cfg, *in, prog, tb.recorded, &tb.cm.cut, tb.arena), true
	}
	return &tb.cut
}

func planCutAccesses(in instance, tm ThreadMap, off []layout.Bytes) cutAccesses {
	var a arith
	p := cutAccesses{off: off}
	p.incS, p.incA = cutlassIncrements(&a, in, tm)
	for s := int64(0); s < tm.Iter.S; s++ {
		row := times(&a, s, p.incS)
		for c := int64(0); c < tm.Iter.C; c++ {
			vector := c * tm.Delta.C / int64(in.V)
			p.off = append(p.off, plus(&a, row, times(&a, vector, in.A)))
		}
	}
	p.overflows, p.inexact = clip(a.overflows), clip(a.inexact)
	maxS, maxC := max(tm.Iter.S-1, 0), max(tm.Iter.C-1, 0)
	p.span = capAdd(capMul(maxS, capMag(int64(p.incS))), capMul(capMag(maxC*tm.Delta.C/int64(in.V)), capMag(int64(in.A))))
	p.ok = a.err == nil && p.span < fastCap
	return p
}

// planProgram evaluates prog's moves of P, from 0, and the pointer offsets
// of its loads and stores. n is prog.Recorded(), which the buffers counted.
func (m cutlassModel) planProgram(cfg Config, in instance, prog Program, n int, acc *cutAccesses, arena *Arena) cutProgram {
	p := cutProgram{acc: acc}
	if !acc.ok {
		return p
	}
	if arena != nil {
		p.origins = arena.bytes.take(n)
	} else {
		p.origins = make([]layout.Bytes, 0, n)
	}
	a := arith{overflows: acc.overflows, inexact: acc.inexact}
	var moved layout.Bytes
	record := func(po layout.Elements) {
		at := moved
		if po != 0 {
			at = plus(&a, at, pointerOffsetBytes(&a, in, po))
		}
		p.origins = append(p.origins, at)
		p.reach = max(p.reach, capAdd(capMag(int64(moved)), capMag(int64(at-moved))))
	}
	for _, op := range prog {
		switch op.Kind {
		case Load, Store:
			record(0)
		case LoadTile, StoreTile:
			if cfg.Layout != layout.PitchLinear {
				return p
			}
			record(m.tilePointerOffset(&a, cfg, in, op))
		case LoadPtr, StorePtr:
			record(narrow32(&a, "pointer_offset (Index)", pointerArg(op)))
		case AddPointerOffset:
			moved = plus(&a, moved, layout.Bytes(op.A))
		case AddTileOffset:
			moved = plus(&a, moved, tileOffsetBytes(&a, cfg, in, op))
		case Inc:
			moved = plus(&a, moved, acc.incA)
		case Dec:
			moved = plus(&a, moved, -acc.incA)
		default:
			return p
		}
		p.reach = max(p.reach, capMag(int64(moved)))
		if a.err != nil {
			return p
		}
	}
	p.overflows, p.inexact = clip(a.overflows), clip(a.inexact)
	p.ok = p.reach < fastCap
	return p
}

// clip caps a list's capacity at its length (nil when empty), so that an
// append to one trace's list never writes into the list another shares.
func clip[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s[:len(s):len(s)]
}

// fastBound says whether the thread whose first element is init takes the
// fast path: the constructor's intermediates are at most (|c0| + |s0|·
// max(1, |L|))·max(1, B), every later one at most |P| + reach + span, and
// below fastCap none of them overflows.
func (m cutlassModel) fastBound(p *cutProgram, in *instance, init layout.Coord) bool {
	// As the reference model's: with small operands every term is below
	// 2^55 + 2^41.
	if smallBound(p.reach, p.acc.span, in, init) {
		return true
	}
	return m.fullBound(p, in, init)
}

// fullBound is fastBound in saturating arithmetic.
func (cutlassModel) fullBound(p *cutProgram, in *instance, init layout.Coord) bool {
	first := firstMagnitude(in, init)
	return first < fastCap && capAdd(capAdd(first, p.reach), p.acc.span) < fastCap
}

// firstMagnitude bounds |(c0 + s0·L)·B|, a thread's first element in bits,
// in saturating arithmetic: below fastCap (< 2^60) the exact value cannot
// overflow.
func firstMagnitude(in *instance, init layout.Coord) int64 {
	return capMul(capAdd(capMag(init.C), capMul(capMag(init.S), max(1, capMag(int64(in.L))))), max(1, capMag(in.B)))
}

// traceFast traces one thread from the program worked out once into *tr
// (the zero ThreadTrace), or returns false, having recorded nothing and left *tr alone, where the bound
// does not hold.
func (m cutlassModel) traceFast(p *cutProgram, bufs *traceBuffers, cfg *Config, in *instance, init layout.Coord, prog Program, thread int, tr *ThreadTrace) bool {
	if !m.fastBound(p, in, init) {
		return false
	}
	bits := layout.Bits((init.C + init.S*int64(in.L)) * in.B)
	ptr, exact := bits.ToBytes()
	tr.Thread, tr.Overflows, tr.Inexact = thread, p.overflows, p.inexact // *tr is zero
	if !exact {
		if !p.hasInexactPointers {
			p.inexactP = append([]string{cutlassPointerWhere}, p.inexact...)
			p.inexactP, p.hasInexactPointers = clip(p.inexactP), true
		}
		tr.Inexact = p.inexactP
	}
	start := len(bufs.records)
	k := 0
	for i, op := range prog {
		if !op.Records() {
			continue
		}
		base := ptr + p.origins[k]
		k++
		rec := bufs.addRecord(thread, i, op, in.A, len(p.acc.off))
		atomic := cfg.Atomic == "cas32" && rec.Kind == "store"
		for _, off := range p.acc.off {
			addr := base + off
			rec.Addrs = append(rec.Addrs, int64(addr))
			if atomic {
				rec.AtomicWords = appendAtomicWords(rec.AtomicWords, addr, in.V, in.B, 0)
			}
		}
	}
	tr.Records = bufs.take(start)
	return true
}
