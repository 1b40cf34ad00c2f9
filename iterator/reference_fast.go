package iterator

import "github.com/tilecheck/tilecheck/layout"

// The reference model's fast path. Under the reference
// model, an op program moves the tile origin by amounts that depend only on
// the configuration and the program, never on the thread, and access (s, c)
// of a thread sits at
//
//	origin + (s0·L + s·Ds·L')·B + (c0 + c·dc)·B
//
// that is origin (per op) + the thread's first element (per thread) + the
// access's offset from it (per configuration). refProgram works the first
// out once per request and the last once per configuration, so a thread
// costs a bound check and one addition per access. It is exact, not approximate: it is used only
// where a bound, computed once, proves that none of the checked int64
// operations of the per-thread path (referenceModel.traceChecked) could
// overflow, so both paths give the same sums, and where nothing narrows to
// int32 (C-int32 takes the checked path, which records its narrowings in
// order). Everything else — an int64 overflow, an op RegularTileIterator
// does not have — takes the checked path, which reports it exactly as
// before. The unit types stay: the offsets are layout.Bits throughout.

// fastCap bounds every magnitude the fast path accepts: a sum of two terms
// below it cannot overflow int64, and a bound that reaches it sends the
// trace to the checked path.
const fastCap = 1 << 61

// capMag is |x|, saturated at fastCap.
func capMag(x int64) int64 {
	if x < 0 {
		if x <= -fastCap {
			return fastCap
		}
		return -x
	}
	return min(x, fastCap)
}

// smallBound says that both models' fast-path bounds hold without
// computing them: with the thread's first element, L and B at most 2^18
// in magnitude and reach and span below 2^40, every term is below 2^60.
func smallBound(reach, span int64, in *instance, init layout.Coord) bool {
	small := func(x int64) bool { return uint64(x+1<<18) <= 1<<19 }
	return small(init.S) && small(init.C) && small(int64(in.L)) && small(in.B) && reach < 1<<40 && span < 1<<40
}

// capAdd and capMul combine magnitudes in [0, fastCap], saturating.
func capAdd(x, y int64) int64 { return min(x+y, fastCap) }

func capMul(x, y int64) int64 {
	if x == 0 || y == 0 {
		return 0
	}
	if x >= fastCap/y {
		return fastCap
	}
	return x * y
}

// refAccesses is the per-configuration part of the reference model's fast
// path: where each access of the fragment sits from the thread's first
// element.
type refAccesses struct {
	ok bool // false: the offsets overflowed int64; every trace takes the checked path
	// off is the bit offset of access idx = c + s·Ic from the thread's first
	// element: s·Ds·L'·B + c·dc·B, with L' and dc as the defect has them.
	off []layout.Bits
	// span bounds, in elements, every intermediate of the access offsets:
	// max |s·Ds|·max(1, |L'|) + max |c|·max(1, |dc|).
	span int64
	// minOff and maxOff bound off, and whole says every offset is whole
	// bytes (for the compact forms, shift.go).
	minOff, maxOff layout.Bits
	whole          bool
}

// refProgram is the per-request part: what the op program does to the tile
// origin, the same for every thread.
type refProgram struct {
	ok  bool // false: every thread of the request takes the checked path
	acc *refAccesses
	// origins is the tile origin of each recording op, in program order.
	origins []layout.Bits
	// reach bounds |origin| over the program's recording ops.
	reach int64
	// inexact is what the program's moves truncated (C-trunc-first's
	// incA), the same for every thread; its capacity is clipped so that no
	// trace's append can write into another's.
	inexact []string
	tailEnd layout.Bytes // end of the allocation, for the cas32 tail rule
}

// refProgram returns the request's program worked out once, by the first
// thread traced, and the configuration's access offsets, worked out once
// per configuration.
func (tb *traceBuffers) refProgram(m referenceModel, cfg *Config, in *instance, tm *ThreadMap, prog Program) *refProgram {
	if !tb.hasRef {
		if !tb.cm.hasAcc {
			tb.cm.acc, tb.cm.hasAcc = m.planAccesses(*in, *tm, tb.cm.acc.off[:0]), true
		}
		m.planProgram(&tb.ref, cfg, in, prog, tb.recorded, tb.arena)
		tb.hasRef = true
		tb.ref.acc = &tb.cm.acc
		tb.ref.ok = tb.ref.ok && tb.cm.acc.ok
	}
	return &tb.ref
}

// planAccesses computes the offsets of the fragment's accesses with the
// checked arithmetic of the per-thread path, appending them to off. C-int32,
// which narrows the row offsets, leaves ok false.
func (m referenceModel) planAccesses(in instance, tm ThreadMap, off []layout.Bits) refAccesses {
	p := refAccesses{off: off}
	if m.defect == CInt32 {
		return p
	}
	var a arith
	dc := layout.Elements(tm.Delta.C)
	if m.defect == CDeltaNoDiv {
		dc = times(&a, tm.Delta.C, in.V)
	}
	rowPitch := in.L
	if m.defect == CPitchPlusOne {
		rowPitch = plus(&a, in.L, 1)
	}
	for s := int64(0); s < tm.Iter.S; s++ {
		row := a.toBits(times(&a, a.mul(s, tm.Delta.S), rowPitch), in.B)
		for c := int64(0); c < tm.Iter.C; c++ {
			p.off = append(p.off, plus(&a, row, a.toBits(times(&a, c, dc), in.B)))
		}
	}
	maxS, maxC := max(tm.Iter.S-1, 0), max(tm.Iter.C-1, 0)
	p.span = capAdd(capMul(capMul(maxS, capMag(tm.Delta.S)), max(1, capMag(int64(rowPitch)))),
		capMul(maxC, max(1, capMag(int64(dc)))))
	p.whole = true
	for i, off := range p.off {
		if i == 0 {
			p.minOff, p.maxOff = off, off
		}
		p.minOff, p.maxOff = min(p.minOff, off), max(p.maxOff, off)
		p.whole = p.whole && off%8 == 0
	}
	p.ok = a.err == nil && p.span < fastCap
	return p
}

// planProgram evaluates prog's moves of the tile origin with the checked
// arithmetic of the per-thread path, in the same order. Any error, and
// C-int32, leave ok false. It fills *p, the request's buffers' own, in
// place: a refProgram returned as a value was copied into them request after
// request. n is prog.Recorded(), which the buffers counted.
func (m referenceModel) planProgram(p *refProgram, cfg *Config, in *instance, prog Program, n int, arena *Arena) {
	*p = refProgram{}
	if m.defect == CInt32 {
		return
	}
	if arena != nil {
		p.origins = arena.bits.take(n)
	} else {
		p.origins = make([]layout.Bits, 0, n)
	}
	var a arith
	var pos layout.Bits
	for _, op := range prog {
		next, at, records, ok := m.step(&a, cfg, in, op, pos)
		if !ok {
			return // not a RegularTileIterator member: the checked path says so
		}
		if records {
			p.origins = append(p.origins, at)
		}
		pos = next
	}
	if a.err != nil || len(a.overflows) > 0 {
		return
	}
	for _, o := range p.origins {
		p.reach = max(p.reach, capMag(int64(o)))
	}
	if len(a.inexact) > 0 {
		p.inexact = a.inexact[:len(a.inexact):len(a.inexact)]
	}
	if cfg.Atomic == "cas32" && m.defect != CCas16Tail {
		_, p.tailEnd = Allocation(*cfg, prog)
	}
	p.ok = p.reach < fastCap
}

// fastBound says whether the thread whose first element is init takes the
// fast path: every intermediate of the checked path is at most reach +
// (|s0|·max(1, |L|) + |c0| + span)·max(1, B) in magnitude, and below
// fastCap none of them overflows.
func (m referenceModel) fastBound(p *refProgram, in *instance, init layout.Coord) bool {
	// Small operands, the common case, need no saturating arithmetic:
	// below 2^18 and 2^40 every term is far below fastCap (< 2^60).
	if smallBound(p.reach, p.acc.span, in, init) {
		return true
	}
	return m.fullBound(p, in, init)
}

// fullBound is fastBound in saturating arithmetic.
func (referenceModel) fullBound(p *refProgram, in *instance, init layout.Coord) bool {
	elems := capAdd(capAdd(capMul(capMag(init.S), max(1, capMag(int64(in.L)))), capMag(init.C)), p.acc.span)
	return capAdd(p.reach, capMul(elems, max(1, capMag(in.B)))) < fastCap
}

// traceFast traces one thread from the program worked out once into *tr
// (the zero ThreadTrace). It returns false, having recorded nothing and left *tr alone, where the thread's first element is too
// far out for the bound: that thread then takes the checked path.
func (m referenceModel) traceFast(p *refProgram, bufs *traceBuffers, cfg *Config, in *instance, init layout.Coord, prog Program, thread int, tr *ThreadTrace) bool {
	if !m.fastBound(p, in, init) {
		return false
	}
	base := layout.Bits((init.S*int64(in.L) + init.C) * in.B)
	start := len(bufs.records)
	cas := cfg.Atomic == "cas32"
	k := 0
	for i, op := range prog {
		if !op.Records() {
			continue
		}
		origin := p.origins[k] + base
		k++
		rec := bufs.addRecord(thread, i, op, in.A, len(p.acc.off))
		atomic := cas && rec.Kind == "store"
		for idx, off := range p.acc.off {
			addr, exact := (origin + off).ToBytes()
			rec.Addrs = append(rec.Addrs, int64(addr))
			if !exact {
				if rec.Inexact == nil {
					rec.Inexact = bufs.takeInexact(len(p.acc.off))
				}
				rec.Inexact[idx] = true
			}
			if atomic {
				rec.AtomicWords = appendAtomicWords(rec.AtomicWords, addr, in.V, in.B, p.tailEnd)
			}
		}
	}
	tr.Thread, tr.Records, tr.Inexact = thread, bufs.take(start), p.inexact // *tr is zero
	return true
}
