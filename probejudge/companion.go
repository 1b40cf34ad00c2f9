package probejudge

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
}

// mismatch says whether a candidate is one: a guard that differs where
// P-companion finds its record differing, a flagged access where
// P-recovered finds it, an unflagged one where P-companion finds its
// address differing.
func (j judgement) mismatch(c candidate) bool {
	pos := accessPos{c.thread, c.op, c.access}
	switch {
	case c.byAddr:
		return j.differ[pos]
	case c.recovery:
		return j.unrecovered[pos]
	}
	return j.records[recordPos{c.thread, c.op}]
}

// companionDiffers judges the compiled traces of one program against the Go
// model's (expected, by thread) with P-companion, the property a compiled
// sweep judges, and with P-recovered (judgement). A configuration the Go
// side rejects cannot be judged by a property; there every record is
// compared directly, and the unrecovered accesses are those the evidence
// flags.
func companionDiffers(cfg iterator.Config, prog iterator.Program, expected, compiled []iterator.ThreadTrace) judgement {
	out := map[accessPos]bool{}
	unrecovered := map[accessPos]bool{}
	records := map[recordPos]bool{}
	c, err := props.NewCase(cfg, prog, props.AllThreads(len(expected)))
	var viol, rviol []props.Violation
	if err == nil {
		var outs []props.Outcome
		outs, err = props.Evaluate([]props.Property{props.Companion(fixedSource(expected)), props.Recovered(fixedSource(expected))}, fixedSource(compiled), nil, []props.Case{c})
		if err == nil {
			viol, rviol = outs[0].Violations[0], outs[0].Violations[1]
		}
	}
	for _, v := range rviol {
		if v.Thread >= 0 && v.Thread < len(compiled) {
			if r := recordOf(&compiled[v.Thread], v.Op); r != nil {
				for _, a := range props.Unexplained(r, modelRecord(expected, v.Thread, v.Op)) {
					unrecovered[accessPos{v.Thread, v.Op, a}] = true
				}
			}
		}
	}
	if err != nil {
		for t := range compiled {
			for r := range compiled[t].Records {
				rec := &compiled[t].Records[r]
				for _, a := range props.Unexplained(rec, modelRecord(expected, t, rec.Op)) {
					unrecovered[accessPos{t, rec.Op, a}] = true
				}
			}
		}
		// No case to judge: every record's addresses, side by side.
		for t := range expected {
			for r, rec := range expected[t].Records {
				if t < len(compiled) && r < len(compiled[t].Records) {
					viol = append(viol, props.Violation{Thread: t, Op: rec.Op, Expected: rec.Addrs, Actual: compiled[t].Records[r].Addrs})
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

// fixedSource answers every request with traces already made, by thread.
type fixedSource []iterator.ThreadTrace

func (fixedSource) Name() string { return "probe traces" }

func (s fixedSource) Traces(reqs []props.Request) ([]props.Response, error) {
	out := make([]props.Response, len(reqs))
	for i, r := range reqs {
		for _, th := range r.Threads {
			if th < 0 || th >= len(s) {
				out[i] = props.Response{Err: &iterator.UnavailableError{Path: "probe traces", Reason: "no such thread"}}
				break
			}
			out[i].Traces = append(out[i].Traces, s[th])
		}
	}
	return out, nil
}
