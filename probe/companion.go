package probe

import (
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// candidate is one access the probe may report as a mismatch: a differing
// guard; recovery, a flagged or missing record (detail says why), a
// mismatch where P-recovered finds it; or, byAddr, an unflagged access that
// is a mismatch only where P-companion finds its address differs from the
// Go model's.
type candidate struct {
	thread, op, access int
	want, actual       int64
	detail             string
	byAddr, recovery   bool
}

// accessPos names one access of one thread's record.
type accessPos struct{ thread, op, access int }

// recordPos names one thread's record of one op.
type recordPos struct{ thread, op int }

// judgement is what the properties found on one program's compiled traces:
// the accesses whose addresses P-companion finds differing from the Go
// model's, the records it finds differing in any way (addresses, width,
// guards), and the accesses P-recovered finds not recovered whole.
type judgement struct {
	differ, unrecovered map[accessPos]bool
	records             map[recordPos]bool
	// unjudged: the properties could not judge the run (sweepVariant):
	// every candidate is a mismatch, as no judgement is a pass.
	unjudged bool
}

// mismatch says whether a candidate is one: a guard that differs where
// P-companion finds its record differing, a flagged access where
// P-recovered finds it, an unflagged one where P-companion finds its
// address differing.
func (j judgement) mismatch(c candidate) bool {
	pos := accessPos{c.thread, c.op, c.access}
	switch {
	case j.unjudged:
		return true
	case c.byAddr:
		return j.differ[pos]
	case c.recovery:
		return j.unrecovered[pos]
	}
	return j.records[recordPos{c.thread, c.op}]
}

// judgementOf reads what P-companion (viol) and P-recovered given the Go
// model (rviol) found on one program run's compiled traces into a
// judgement: the accesses whose addresses differ from the model's, the
// records that differ in any way, and the accesses not recovered whole
// that the model does not explain (props.Unexplained). expected are the
// Go model's traces of the run, by thread; compiled the run's.
func judgementOf(viol, rviol []props.Violation, expected, compiled []iterator.ThreadTrace) judgement {
	out := map[accessPos]bool{}
	unrecovered := map[accessPos]bool{}
	records := map[recordPos]bool{}
	for _, v := range rviol {
		if v.Thread >= 0 && v.Thread < len(compiled) {
			if r := recordOf(&compiled[v.Thread], v.Op); r != nil {
				for _, a := range props.Unexplained(r, modelRecord(expected, v.Thread, v.Op)) {
					unrecovered[accessPos{v.Thread, v.Op, a}] = true
				}
			}
		}
	}
	for _, v := range viol {
		records[recordPos{v.Thread, v.Op}] = true
		if v.Thread < 0 || v.Thread >= len(expected) || v.Thread >= len(compiled) {
			continue
		}
		want, got := recordOf(&expected[v.Thread], v.Op), recordOf(&compiled[v.Thread], v.Op)
		// Only an address violation holds the two records' addresses (a
		// width or guard violation is about records whose addresses agree).
		if want == nil || got == nil || !slices.Equal(v.Expected, want.Addrs) || !slices.Equal(v.Actual, got.Addrs) {
			continue
		}
		for k := range min(len(v.Expected), len(v.Actual)) {
			if v.Expected[k] != v.Actual[k] {
				out[accessPos{v.Thread, v.Op, k}] = true
			}
		}
	}
	return judgement{differ: out, unrecovered: unrecovered, records: records}
}

// modelRecord is the Go model's record of op on thread t, or nil.
func modelRecord(expected []iterator.ThreadTrace, t, op int) *iterator.Record {
	if t < 0 || t >= len(expected) {
		return nil
	}
	return recordOf(&expected[t], op)
}

func recordOf(tr *iterator.ThreadTrace, op int) *iterator.Record {
	for i := range tr.Records {
		if tr.Records[i].Op == op {
			return &tr.Records[i]
		}
	}
	return nil
}
