package iterator

import "github.com/tilecheck/tilecheck/layout"

// ShiftTrace is a request's traces in compact form, where every thread's
// accesses are shifts of one another (issue 11): under the reference model
// and its controls, access k of the record op r makes, for thread t, is at
// byte
//
//	(Origins[r] + base(t) + off(k)) / 8    (truncated, as Bits.ToBytes)
//
// where base(t), the thread's first element, and off(k), the access's
// offset from it, are facts of the model and the configuration alone: the
// same for every program. So the traces of two programs of one model and
// configuration compare record by record through their origins alone:
// equal origins are equal addresses, for every thread and access. A
// property that can judge that way (an equivalence, a unit probe) need
// never see the records; one that cannot asks for them, and gets exactly
// what TraceThreadsIn returns.
//
// A ShiftTrace is only made where the records are certain to be those of
// the fast path (reference_fast.go) for every requested thread: no error,
// no overflow, no thread on the checked path.
type ShiftTrace struct {
	// Program is the request's program, Origins the tile origin (bits) of
	// each of its records, in order.
	Program Program
	Origins []layout.Bits
	// Threads is the number of threads traced (the request's), Accesses
	// the number of accesses in every record.
	Threads, Accesses int
	// Inexact is the length of every thread's Inexact list (the
	// program's truncating moves; no thread adds any).
	Inexact int
	// Exact says that every sum Origins[r] + base(t) + off(k) of every
	// requested thread is a whole number of bytes; NonNegative that every
	// one is at least zero, NonPositive at most zero. Under any of them
	// the truncation to bytes moves with the origin: two origins 8q bits
	// apart (both Exact, both NonNegative or both NonPositive) are q bytes
	// apart at every access.
	Exact, NonNegative, NonPositive bool
}

// RecordOrigin is the origin of the record op i of the program makes (i <
// 0: its last record); ok is false where that op makes none.
func (s *ShiftTrace) RecordOrigin(i int) (layout.Bits, bool) {
	if i < 0 {
		if len(s.Origins) == 0 {
			return 0, false
		}
		return s.Origins[len(s.Origins)-1], true
	}
	if i >= len(s.Program) || !s.Program[i].Records() {
		return 0, false
	}
	k := 0
	for _, op := range s.Program[:i] {
		if op.Records() {
			k++
		}
	}
	return s.Origins[k], true
}

// ShiftIn returns the compact form of the traces TraceThreadsIn(arena, m,
// cfg, prog, threads) would return, and true, where m is the reference
// model or one of its controls and every thread takes the fast path; else
// false (the caller traces the request). Its origins are carved from
// arena, valid until its Reset.
func ShiftIn(arena *Arena, m Model, cfg Config, prog Program, threads []int) (ShiftTrace, bool) {
	s, ok, _ := shiftIn(arena, m, cfg, prog, threads)
	return s, ok
}

// TraceShiftIn is TraceThreadsIn, and ShiftIn's compact form of the same
// traces where it has one, the request's program worked out once for both.
func TraceShiftIn(arena *Arena, m Model, cfg Config, prog Program, threads []int) (ShiftTrace, bool, []ThreadTrace, error) {
	s, ok, rm := shiftIn(arena, m, cfg, prog, threads)
	if !ok {
		trs, err := TraceThreadsIn(arena, m, cfg, prog, threads)
		return ShiftTrace{}, false, trs, err
	}
	// The scratch holds the request as shiftIn left it: its program
	// worked out, no thread traced yet.
	sc := &arena.scratch
	trs, err := rm.traceThreads(&sc.memo.cfg, &sc.memo.tm, prog, threads, &sc.bufs, arena.traces.take(len(threads)))
	return s, true, trs, err
}

func shiftIn(arena *Arena, m Model, cfg Config, prog Program, threads []int) (ShiftTrace, bool, referenceModel) {
	rm, ok := m.(referenceModel)
	if !ok || cfg.Class != RegularTile || arena == nil {
		return ShiftTrace{}, false, rm
	}
	sc := &arena.scratch
	cm := sc.memoFor(rm, cfg)
	if cm.err != nil {
		return ShiftTrace{}, false, rm
	}
	bufs := &sc.bufs
	bufs.reset(prog, &cm.tm, len(threads), arena)
	bufs.cm, bufs.fam = cm, &sc.fam
	cf, tm := &cm.cfg, &cm.tm
	in := bufs.instanceOf(*cf)
	p, ok := rm.requestProgram(bufs, cf, in, tm, prog)
	if !ok || len(p.acc.off) == 0 {
		return ShiftTrace{}, false, rm
	}
	s := ShiftTrace{Program: prog, Origins: p.origins, Threads: len(threads), Accesses: len(p.acc.off), Inexact: len(p.inexact),
		Exact: true, NonNegative: true, NonPositive: true}
	minOff, maxOff := p.acc.off[0], p.acc.off[0]
	for _, off := range p.acc.off {
		minOff, maxOff = min(minOff, off), max(maxOff, off)
		s.Exact = s.Exact && off%8 == 0
	}
	var minOrigin, maxOrigin layout.Bits
	for i, o := range p.origins {
		if i == 0 {
			minOrigin, maxOrigin = o, o
		}
		minOrigin, maxOrigin = min(minOrigin, o), max(maxOrigin, o)
		s.Exact = s.Exact && o%8 == 0
	}
	inits := cm.inits(tm, cf.Threads, len(threads))
	for _, t := range threads {
		if t < 0 || t >= cf.Threads {
			return ShiftTrace{}, false, rm
		}
		init := initOf(inits, tm, t)
		if !rm.fastBound(p, in, init) {
			return ShiftTrace{}, false, rm
		}
		// Within the bound, none of these sums overflows.
		base := layout.Bits((init.S*int64(in.L) + init.C) * in.B)
		s.Exact = s.Exact && base%8 == 0
		s.NonNegative = s.NonNegative && minOrigin+base+minOff >= 0
		s.NonPositive = s.NonPositive && maxOrigin+base+maxOff <= 0
	}
	return s, true, rm
}
