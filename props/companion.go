package props

import (
	"fmt"
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
)

// CompanionID is the id of the property Companion builds.
const CompanionID = "P-companion"

// Companion is the property "compiled equals its companion model": every
// access the source under test makes on the case's program equals the
// access companion makes on the same configuration, program and thread:
// the same records, addresses, width and, on the predicated classes,
// guards. It judges traces like every property, so it holds compiled C++
// to the Go model of the same code (or any source to any other).
//
// companion is asked for the case's program, one request per judged case,
// outside the plan's batching: it is meant to be an in-process Go model
// (ModelSource). A companion that has no such path (or rejects the case)
// says nothing about it; a companion failing as a whole is reported as a
// model error, never a pass.
//
// A control is other code than the companion's, so the property is
// ControlsExempt: it neither judges nor kills controls.
func Companion(companion Source) Property {
	return Property{
		ID:             CompanionID,
		Doc:            "every compiled access equals the access the Go model of the same name makes",
		Catches:        "a compiled rendition that drifts from its Go model",
		ControlsExempt: true,
		Judge: func(c *Case, t *Traces) []Violation {
			resps, err := companion.Traces([]Request{{Config: c.Config, Program: c.Program, Threads: c.Threads}})
			if err != nil {
				if t.ModelErr == nil {
					t.ModelErr = fmt.Errorf("companion %s: %w", companion.Name(), err)
				}
				return nil
			}
			if len(resps) != 1 || resps[0].Err != nil || len(resps[0].Traces) != len(c.Threads) {
				return nil
			}
			var out []Violation
			for k, th := range c.Threads {
				mt, err := t.Get(c.Program, th)
				if err != nil {
					continue
				}
				out = append(out, judgeCompanion(*c, t, &resps[0].Traces[k], mt, th)...)
			}
			return out
		},
	}
}

// judgeCompanion compares one thread's records, op by op: a record either
// side lacks is a violation too.
func judgeCompanion(c Case, t *Traces, want, got *iterator.ThreadTrace, th int) []Violation {
	var out []Violation
	t.Judged()
	bad := func(op int, exp, act []int64, detail func() string) {
		v := Violation{Property: CompanionID, Thread: th, Op: op, Expected: exp, Actual: act}
		if !t.quiet {
			v.Config, v.Program, v.Detail = c.Config, c.Program, detail()
		}
		out = append(out, v)
	}
	for i := range want.Records {
		wr := &want.Records[i]
		gr := recordAt(got, wr.Op)
		t.Checks++
		if gr == nil {
			bad(wr.Op, wr.Addrs, nil, func() string {
				return fmt.Sprintf("op %d: %s: no access made, the companion model makes one", wr.Op, opText(c, wr.Op))
			})
			continue
		}
		t.Checks += int64(max(len(wr.Addrs), 1)) - 1
		switch {
		case !sameSeen(wr, gr):
			bad(wr.Op, wr.Addrs, gr.Addrs, func() string {
				return fmt.Sprintf("op %d: %s differs from the companion model", wr.Op, opText(c, wr.Op))
			})
		case wr.AccessBytes != gr.AccessBytes:
			bad(wr.Op, []int64{wr.AccessBytes}, []int64{gr.AccessBytes}, func() string {
				return fmt.Sprintf("op %d: %s accesses %d bytes at a time, the companion model %d", wr.Op, opText(c, wr.Op), gr.AccessBytes, wr.AccessBytes)
			})
		case !sameGuards(wr, gr):
			bad(wr.Op, guardBits(wr.Valid), guardBits(gr.Valid), func() string {
				return fmt.Sprintf("op %d: %s: the guards differ from the companion model's (guards as 0/1)", wr.Op, opText(c, wr.Op))
			})
		}
	}
	for i := range got.Records {
		gr := &got.Records[i]
		if recordAt(want, gr.Op) == nil {
			t.Checks++
			bad(gr.Op, nil, gr.Addrs, func() string {
				return fmt.Sprintf("op %d: %s: an access the companion model does not make", gr.Op, opText(c, gr.Op))
			})
		}
	}
	return out
}

// sameSeen says whether a compiled record's addresses are the companion's:
// equal where the bytes showed them, and explained by the companion
// (NotSeenExplained) where they did not.
func sameSeen(want, got *iterator.Record) bool {
	if got.Evidence == nil || len(want.Addrs) != len(got.Addrs) {
		return slices.Equal(want.Addrs, got.Addrs)
	}
	for k, a := range want.Addrs {
		if got.Seen(k) {
			if a != got.Addrs[k] {
				return false
			}
		} else if !NotSeenExplained(want, got, k) {
			return false
		}
	}
	return true
}

// sameGuards says whether a compiled record's guards are the companion's
// where the bytes showed them (iterator.Record.GuardSeen): a store that
// left no byte shows none, and sameSeen has judged it.
func sameGuards(want, got *iterator.Record) bool {
	if got.Evidence == nil || len(want.Valid) != len(got.Valid) {
		return slices.Equal(want.Valid, got.Valid)
	}
	for k, v := range want.Valid {
		if got.GuardSeen(k) && v != got.Valid[k] {
			return false
		}
	}
	return true
}

// opText names op index i of the case's program ("?" for an index a
// source made up).
func opText(c Case, i int) string {
	if i < 0 || i >= len(c.Program) {
		return "?"
	}
	return c.Program[i].String()
}
