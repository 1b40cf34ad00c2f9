package props

import "github.com/tilecheck/tilecheck/iterator"

// Judging compact traces, for speed. Where a source answers a request in
// compact form (iterator.ShiftTrace: every thread's accesses are the same
// offsets from per-record origins), an equivalence or a unit probe
// between two programs of one source and configuration is decided for
// every thread by the two records' origins: the per-thread part of each
// address is the same in both. The checks are still made, thread by
// thread and access by access, in the sense that each is decided (and
// counted, with the same masks as on records); what is skipped is
// building the records. Wherever the origins do not decide — a difference
// that is not a whole number of bytes at every access, or a violation to
// describe — the judge reads the records, which the first read traces in
// full, so the outcome is the one the records give in every case
// (shift_test.go compares the two).

// shift returns the compact form of a's traces, or nil where the source
// gave none.
func (a ProgramTraces) shift() *iterator.ShiftTrace {
	if a.a == nil {
		return nil
	}
	return a.a.shift
}

// has says whether thread was traced in a compact answer, as thread would
// find it.
func (a ProgramTraces) has(thread int) bool {
	pos := a.a.pos
	return thread >= 0 && thread < len(pos) && pos[thread] >= 0 && int(pos[thread]) < a.a.shift.Threads
}

// sameOrigins says whether compact traces es and as put the records e
// compares at the same place, so that every thread's accesses are equal:
// decided is false where that takes the records (no compact form, or the
// records apart); absent is true where one of the records does not exist,
// so that e judges nothing.
func sameOrigins(e *equivalence, es, as *iterator.ShiftTrace) (decided, absent bool) {
	if es == nil || as == nil {
		return false, false
	}
	d, uniform, ok := as.Move(e.actOp, es, e.expOp)
	if !ok {
		return true, true
	}
	return uniform && d == 0, false
}

// equalByShift is judgeEquivalence on every thread of the case where
// sameOrigins decided that the records are equal: the same checks and
// judged mark, no violation.
func equalByShift(c *Case, t *Traces, e *equivalence, exp, act *ProgramTraces, site *maskSite) {
	n := exp.shift().Accesses // of every record of both
	if exp.caseThreads && act.caseThreads && len(c.Threads) > 0 {
		// Every thread has both records: where the mask is every
		// thread's, so are the checks.
		exact, uniform := true, e.maskOp < 0
		if !uniform {
			exact, uniform = site.uniform(c)
		}
		if uniform {
			if exact {
				t.Judged()
				t.Checks += int64(n * len(c.Threads))
			}
			return
		}
	}
	checks, judged := 0, false
	for _, th := range c.Threads {
		if (!exp.caseThreads && !exp.has(th)) || (!act.caseThreads && !act.has(th)) {
			continue
		}
		if e.maskOp < 0 {
			checks, judged = checks+n, true
			continue
		}
		mask, trues, ok := site.maskCount(c, th)
		if !ok || (mask != nil && trues == 0) {
			continue
		}
		judged = true
		if mask != nil && len(mask) == n {
			checks += trues
		} else {
			checks += n
		}
	}
	if judged {
		t.Judged()
	}
	t.Checks += int64(checks)
}

func countTrue(m []bool) int {
	n := 0
	for _, v := range m {
		if v {
			n++
		}
	}
	return n
}

// probeShift is what unitByShift reads of a probe's two compact traces
// that is the same for every thread: the move of the last record, and
// what it decides. It is worked out once per probe.
type probeShift struct {
	bs *iterator.ShiftTrace // the base program's (its accesses are the moved one's)
	// none: no thread has a move to judge (a program makes no record, or
	// the two make different numbers of accesses).
	none bool
	// decided: the move is one distance for every access and thread, the
	// narrowings and truncations are the same on every thread, and the
	// documented unit predicts it; matches is then its set of units and
	// observe whether the observation is made.
	decided, observe bool
	matches          UnitSet
	// observed: a thread judged from the compact form made the
	// observation, which the caller records once for the probe (every
	// thread's is the same, and a repeat is not recorded).
	observed bool
}

// shiftOfProbe is probeShift for probe p from its compact traces bs and
// ms (both non-nil).
func shiftOfProbe(t *Traces, pred *unitPrediction, bs, ms *iterator.ShiftTrace) probeShift {
	ps := probeShift{bs: bs}
	d, uniform, ok := ms.Move(-1, bs, -1)
	if !ok || ms.Accesses != bs.Accesses {
		ps.none = true
		return ps
	}
	if !uniform || (!t.quiet && (bs.Inexact < 0 || ms.Inexact < 0)) {
		return ps
	}
	if want, ok := pred.bits[pred.doc], pred.ok[pred.doc]; ok && want%8 == 0 && want != 8*int64(d) {
		return ps
	}
	// Whether the observation is made depends on the traces' narrowings
	// and truncations, which must be the same on every thread to be read
	// from the compact form.
	ps.decided, ps.matches = true, pred.matching(int64(d))
	ps.observe = !t.quiet && bs.Overflows+ms.Overflows == 0 && bs.Inexact == 0 && ms.Inexact == 0
	return ps
}

// unitByShift is judgeUnit on thread th from the compact traces of the
// probe's two programs (ps): it records what judgeUnit would (the unit
// observation in ps.observed) and returns true, or returns false having
// recorded nothing where the records are needed (a move that is not one
// distance for every access, narrowings or truncations that differ
// between threads, or a violation).
func unitByShift(c *Case, t *Traces, p *unitProbe, ps *probeShift, base, moved *ProgramTraces, th int) bool {
	if (!base.caseThreads && !base.has(th)) || (!moved.caseThreads && !moved.has(th)) || ps.none {
		return true
	}
	n := ps.bs.Accesses
	bm, bt, ok1 := p.sites[0].maskCount(c, th)
	mm, mt, ok2 := p.sites[1].maskCount(c, th)
	if !ok1 || !ok2 || (bm != nil && len(bm) != n) || (mm != nil && len(mm) != n) {
		return true
	}
	count := n
	switch {
	case bm == nil && mm == nil:
	case mm == nil:
		count = bt
	case bm == nil:
		count = mt
	default:
		count = 0
		for k := range n {
			if bm[k] && mm[k] {
				count++
			}
		}
	}
	if count == 0 {
		return true
	}
	if !ps.decided {
		return false
	}
	t.Checks += int64(count)
	t.Judged()
	ps.observed = ps.observe
	return true
}
