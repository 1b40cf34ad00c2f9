package iterator

import (
	"slices"

	"github.com/tilecheck/tilecheck/layout"
)

// ShiftTrace is a request's traces in compact form, where every thread's
// accesses are shifts of one another, for speed. Under the RegularTile
// fast paths, access k of the record op r makes is, for thread t, at byte
//
//	(Origins[r] + base(t) + off(k)) / 8   in bits, truncated   (the reference model and its controls)
//	 Origins[r] + P(t)    + off(k)        in bytes              (the CUTLASS renditions)
//
// where base(t) or P(t), the thread's first element or pointer, and
// off(k), the access's offset from it, are facts of the model and the
// configuration alone: the same for every program. So the traces of two
// programs of one model and configuration compare record by record
// through their origins (Move): equal origins are equal addresses, for
// every thread and access. A property that can judge that way (an
// equivalence, a unit probe) need never see the records; one that cannot
// asks for them, and gets exactly what TraceThreadsIn returns.
//
// A ShiftTrace is only made where the records are certain to be those of
// the fast path for every requested thread: no error, no thread on the
// checked path.
type ShiftTrace struct {
	// Program is the request's program.
	Program Program
	// Threads is the number of threads traced (the request's), Accesses
	// the number of accesses in every record.
	Threads, Accesses int
	// Overflows is the length of every thread's Overflows (the program's
	// narrowings, the same for every thread); Inexact that of every
	// thread's Inexact, or -1 where threads differ (a CUTLASS pointer that
	// truncates for some threads only).
	Overflows, Inexact int
	// The origin of each record, in order: in bits (the reference model)
	// or in bytes (CUTLASS); one of the two is set.
	originBits  []layout.Bits
	originBytes []layout.Bytes
	// For origins in bits: every sum Origins[r] + base(t) + off(k) of
	// every requested thread is a whole number of bytes (exact), at least
	// zero (nonNegative), at most zero (nonPositive). Under any of them
	// the truncation to bytes moves with the origin.
	exact, nonNegative, nonPositive bool
}

// record is the index of the record op i makes (i < 0: the last record);
// ok is false where that op makes none.
func (s *ShiftTrace) record(i int) (int, bool) {
	n := len(s.originBits) + len(s.originBytes)
	if i < 0 {
		return n - 1, n > 0
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
	return k, k < n
}

// Move is how far every access of the record op i of s lies from the
// same access of the record op j of from (i, j < 0: the last record), in
// bytes, on every thread: uniform is false where that is not one distance
// for every thread and access (a difference of origins that the
// truncation to bytes does not keep whole), ok false where either op makes
// no record. s and from must be traces of one model and configuration.
func (s *ShiftTrace) Move(i int, from *ShiftTrace, j int) (d layout.Bytes, uniform, ok bool) {
	a, okA := s.record(i)
	b, okB := from.record(j)
	if !okA || !okB {
		return 0, false, false
	}
	if (s.originBytes == nil) != (from.originBytes == nil) || s.Accesses != from.Accesses {
		return 0, false, true
	}
	if s.originBytes != nil {
		return s.originBytes[a] - from.originBytes[b], true, true
	}
	diff := s.originBits[a] - from.originBits[b]
	if diff == 0 {
		return 0, true, true
	}
	sameSide := (s.exact && from.exact) || (s.nonNegative && from.nonNegative) || (s.nonPositive && from.nonPositive)
	if diff%8 != 0 || !sameSide {
		return 0, false, true
	}
	return layout.Bytes(diff / 8), true, true
}

// ShiftIn returns the compact form of the traces TraceThreadsIn(arena, m,
// *cfg, prog, threads) would return, where m is a RegularTile model with a
// fast path (the reference, its controls, the CUTLASS renditions) and
// every thread takes it; else nil (the caller traces the request). The
// compact form and its origins are carved from arena, valid until its
// Reset: a ShiftTrace is 112 bytes, which a value returned, or kept in
// every response, copied request after request.
func ShiftIn(arena *Arena, m Model, cfg *Config, prog Program, threads []int) *ShiftTrace {
	s, _ := shiftIn(arena, m, cfg, prog, threads, false)
	return s
}

// TraceShiftIn is TraceThreadsIn, and ShiftIn's compact form of the same
// traces where it has one (nil: none), the request's program worked out
// once for both.
func TraceShiftIn(arena *Arena, m Model, cfg *Config, prog Program, threads []int) (s *ShiftTrace, trs []ThreadTrace, err error) {
	s, rm := shiftIn(arena, m, cfg, prog, threads, true)
	if s == nil {
		trs, err := TraceThreadsIn(arena, m, *cfg, prog, threads)
		return nil, trs, err
	}
	// The scratch holds the request as shiftIn left it: its program
	// worked out, no thread traced yet.
	sc := &arena.scratch
	trs, err = rm.traceThreads(&sc.memo.cfg, &sc.memo.tm, prog, threads, &sc.bufs, arena.traces.take(len(threads)))
	return s, trs, err
}

// shiftIn sets the arena's scratch up for the request, as TraceThreadsIn
// does (with room for its records where records is set), works its
// program out, and makes the compact form from it, carved from the arena
// (nil where it has none).
func shiftIn(arena *Arena, m Model, cfg *Config, prog Program, threads []int, records bool) (*ShiftTrace, regularModel) {
	rm, ok := m.(regularModel)
	if !ok || cfg.Class.Family() || arena == nil {
		return nil, rm
	}
	sc := &arena.scratch
	cm := &sc.memo
	if !arena.steady || cm.at != cfg || cm.model != rm {
		cm = sc.memoFor(rm, cfg)
		if arena.steady {
			cm.at = cfg
		}
	}
	if cm.err != nil {
		return nil, rm
	}
	bufs := &sc.bufs
	if records {
		bufs.reset(prog, &cm.tm, len(threads), arena)
	} else {
		// A compact form has no records: none of the arena's memory is
		// set aside for them.
		*bufs = traceBuffers{recorded: prog.Recorded(), arena: arena}
	}
	bufs.cm, bufs.fam = cm, &sc.fam
	cf, tm := &cm.cfg, &cm.tm
	in := bufs.instanceOf(*cf)
	for _, t := range threads {
		if t < 0 || t >= cf.Threads {
			return nil, rm
		}
	}
	s := &arena.shifts.take(1)[:1][0]
	*s = ShiftTrace{Program: prog, Threads: len(threads)} // the slab's memory is not cleared
	inits := cm.inits(tm, cf.Threads, len(threads))
	if sm, is := rm.(shiftModel); !is || !sm.shiftOf(s, bufs, cf, in, tm, inits, threads) {
		// Nothing else was carved since: the slot goes back.
		arena.shifts.used--
		return nil, rm
	}
	return s, rm
}

// shiftModel is a regular model with a compact form: shiftOf fills s from
// the model's request program, worked out in bufs, and reports whether
// every thread's accesses are shifts of one another within its fast
// path's bound (false: s is left to be discarded).
type shiftModel interface {
	shiftOf(s *ShiftTrace, bufs *traceBuffers, cfg *Config, in *instance, tm *ThreadMap, inits []layout.Coord, threads []int) bool
}

func (m referenceModel) shiftOf(s *ShiftTrace, bufs *traceBuffers, cfg *Config, in *instance, tm *ThreadMap, inits []layout.Coord, threads []int) bool {
	return s.ofReference(m, bufs, cfg, in, tm, inits, threads)
}

func (m cutlassModel) shiftOf(s *ShiftTrace, bufs *traceBuffers, cfg *Config, in *instance, tm *ThreadMap, inits []layout.Coord, threads []int) bool {
	return s.ofCutlass(m, bufs, cfg, in, tm, inits, threads)
}

// ofReference fills s from the reference model's request program.
func (s *ShiftTrace) ofReference(m referenceModel, bufs *traceBuffers, cfg *Config, in *instance, tm *ThreadMap, inits []layout.Coord, threads []int) bool {
	p, ok := m.requestProgram(bufs, cfg, in, tm, s.Program)
	if !ok || len(p.acc.off) == 0 {
		return false
	}
	s.originBits, s.Accesses, s.Inexact = p.origins, len(p.acc.off), len(p.inexact)
	s.exact, s.nonNegative, s.nonPositive = p.acc.whole, true, true
	minOff, maxOff := p.acc.minOff, p.acc.maxOff
	var minOrigin, maxOrigin layout.Bits
	for i, o := range p.origins {
		if i == 0 {
			minOrigin, maxOrigin = o, o
		}
		minOrigin, maxOrigin = min(minOrigin, o), max(maxOrigin, o)
		s.exact = s.exact && o%8 == 0
	}
	// The threads' first elements, summed up once per thread list: where
	// the farthest of them is within the bound, so is every thread.
	if sp := bufs.cm.spreadOf(inits, tm, in, threads); sp.ok && m.fastBound(p, in, sp.far) {
		s.exact = s.exact && sp.whole
		s.nonNegative = minOrigin+sp.minBase+minOff >= 0
		s.nonPositive = maxOrigin+sp.maxBase+maxOff <= 0
		return true
	}
	for _, t := range threads {
		init := initOf(inits, tm, t)
		if !m.fastBound(p, in, init) {
			return false
		}
		// Within the bound, none of these sums overflows.
		base := layout.Bits((init.S*int64(in.L) + init.C) * in.B)
		s.exact = s.exact && base%8 == 0
		s.nonNegative = s.nonNegative && minOrigin+base+minOff >= 0
		s.nonPositive = s.nonPositive && maxOrigin+base+maxOff <= 0
	}
	return true
}

// threadSpread sums up one list of threads' first elements for the
// reference's compact form: far has the largest |c0| and |s0| of any of
// them (the fast path's bound only grows with either, so a list whose far
// corner is within it has every thread within it), minBase and maxBase
// the least and greatest first-element bit offset (s0·L + c0)·B, and
// whole says every one is whole bytes. ok is false for an empty list and
// where a base would overflow: the threads are then taken one by one.
type threadSpread struct {
	threads          []int // the list summed up (a copy)
	ok, whole        bool
	far              layout.Coord
	minBase, maxBase layout.Bits
}

// spreadOf returns the summary of threads, worked out once while the
// same list is asked for again (the requests of one configuration mostly
// ask for the same few threads).
func (cm *configMemo) spreadOf(inits []layout.Coord, tm *ThreadMap, in *instance, threads []int) *threadSpread {
	sp := &cm.spread
	if len(sp.threads) > 0 && slices.Equal(sp.threads, threads) {
		return sp
	}
	*sp = threadSpread{threads: append(sp.threads[:0], threads...), ok: len(threads) > 0, whole: true}
	for i, t := range threads {
		init := initOf(inits, tm, t)
		if firstMagnitude(in, init) >= fastCap {
			sp.ok = false
			return sp
		}
		base := layout.Bits((init.S*int64(in.L) + init.C) * in.B)
		if i == 0 {
			sp.minBase, sp.maxBase = base, base
		}
		sp.far = layout.Coord{C: max(sp.far.C, capMag(init.C)), S: max(sp.far.S, capMag(init.S))}
		sp.minBase, sp.maxBase = min(sp.minBase, base), max(sp.maxBase, base)
		sp.whole = sp.whole && base%8 == 0
	}
	return sp
}

// ofCutlass fills s from a CUTLASS rendition's request program.
func (s *ShiftTrace) ofCutlass(m cutlassModel, bufs *traceBuffers, cfg *Config, in *instance, tm *ThreadMap, inits []layout.Coord, threads []int) bool {
	p, ok := m.requestProgram(bufs, cfg, in, tm, s.Program)
	if !ok || len(p.acc.off) == 0 {
		return false
	}
	s.originBytes, s.Accesses, s.Overflows = p.origins, len(p.acc.off), len(p.overflows)
	truncated := 0 // threads whose pointer truncates: their Inexact has one more entry
	for _, t := range threads {
		init := initOf(inits, tm, t)
		if !m.fastBound(p, in, init) {
			return false
		}
		if _, exact := layout.Bits((init.C + init.S*int64(in.L)) * in.B).ToBytes(); !exact {
			truncated++
		}
	}
	switch truncated {
	case 0:
		s.Inexact = len(p.inexact)
	case len(threads):
		s.Inexact = len(p.inexact) + 1
	default:
		s.Inexact = -1
	}
	return true
}
