package props

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
)

// oracleProgram is the case program as the reference model must run it:
// under the bytes contract, add_pointer_offset(x) means x bytes, which the
// reference (elements) spells x·8/B; ok is false when that is not a whole
// number of elements, and the case says nothing about the oracle.
func oracleProgram(c *Case) (iterator.Program, bool) { return oracleProgramOf(c, c.Program) }

// oracleProgramOf is oracleProgram for a program prog of the case (its own
// or one derived from it).
func oracleProgramOf(c *Case, prog iterator.Program) (iterator.Program, bool) {
	if !c.bytesContract() {
		return prog, true
	}
	b := int64(c.Config.Elem.Bits)
	p := make(iterator.Program, len(prog))
	for i, o := range prog {
		if o.Kind == iterator.AddPointerOffset {
			if o.A*8%b != 0 {
				return nil, false
			}
			o.A = o.A * 8 / b
		}
		p[i] = o
	}
	return p, true
}

// POracle: every access of every path equals the reference address, with
// the reference's width (access bytes) and, on the predicated classes, the
// reference's guard. Every program the plan evaluates with its records
// for the case is compared, the case's own and those the other properties
// derive from it, wherever the reference answers it (on
// RegularTileIterator, the programs only compact properties read are
// compared with the case program by them).
var POracle = Property{
	ID:      "P-oracle",
	Doc:     "every access of every path equals the reference address, with its width (access bytes) and, on the predicated classes, its guard",
	Catches: "symmetric bugs that P-sym and round trips miss",
	Oracle: func(c *Case) []iterator.Program {
		if p, ok := oracleProgram(c); ok {
			return append(c.programList(1), p)
		}
		return nil
	},
	Derived: oracleProgramOf,
	Judge: func(c *Case, t *Traces) []Violation {
		var out []Violation
		if ref, ok := oracleProgram(c); ok {
			out = judgeOracle(c, t, c.Program, t.mainProgram(c.Program), ref)
		}
		t.derivedPrograms(func(k int, p iterator.Program) bool {
			if len(out) > 0 {
				return false // one program's violations are the counterexample
			}
			if ref, ok := oracleProgramOf(c, p); ok {
				out = judgeOracle(c, t, p, t.declaredProgram(k, p), ref)
			}
			return true
		})
		return out
	},
}

// judgeOracle compares the answers own of program prog of the case with
// the reference's answer to ref, thread by thread.
func judgeOracle(c *Case, t *Traces, prog iterator.Program, own ProgramTraces, ref iterator.Program) []Violation {
	var out []Violation
	refs := t.referenceProgram(ref)
	for _, th := range c.Threads {
		mt, err := t.getIn(own, th)
		if err != nil {
			continue
		}
		rt, err := refs.thread(th)
		if err != nil {
			continue
		}
		for i := range mt.Records {
			mr := &mt.Records[i]
			rr := recordAt(rt, mr.Op)
			if rr == nil {
				continue
			}
			var mask []bool
			if rr.Inexact != nil {
				mask = make([]bool, len(rr.Inexact))
				for k, inexact := range rr.Inexact {
					mask[k] = !inexact
				}
				if !anyTrue(mask) {
					continue
				}
			}
			v := Violation{Property: "P-oracle", Thread: th, Op: mr.Op}
			var detail func() string
			switch {
			case t.compare(rr, mr, mask):
				v.Expected, v.Actual = rr.Addrs, mr.Addrs
				detail = func() string { return fmt.Sprintf("op %d: %s differs from the reference", mr.Op, prog[mr.Op]) }
			case rr.AccessBytes != mr.AccessBytes:
				// An access type that ignores Alignment (or access_elems)
				// moves the right first byte but the wrong width.
				v.Expected, v.Actual = []int64{rr.AccessBytes}, []int64{mr.AccessBytes}
				detail = func() string {
					return fmt.Sprintf("op %d: %s accesses %d bytes at a time, the reference %d", mr.Op, prog[mr.Op], mr.AccessBytes, rr.AccessBytes)
				}
			default:
				k, differ := guardsDiffer(t, rr, mr)
				if !differ {
					continue
				}
				v.Expected, v.Actual = guardBits(rr.Valid), guardBits(mr.Valid)
				detail = func() string {
					return fmt.Sprintf("op %d: %s: the guard of access %d differs from the reference (guards as 0/1)", mr.Op, prog[mr.Op], k)
				}
			}
			if !t.quiet {
				// Controls are judged quietly: only counted, never described.
				v.Config, v.Program, v.Detail = c.Config, prog, detail()
			}
			out = append(out, v)
		}
	}
	return out
}

// guardsDiffer compares the guards (valid bits) of a predicated record with
// the reference's, access by access: a guard that is on where the contract
// has it off reads or writes outside the tensor, one that is off skips an
// element. It returns the first access that differs. Records without guards
// (the unguarded classes) never differ; a guard a compiled trace did not
// see (iterator.Record.GuardSeen) is not compared.
func guardsDiffer(t *Traces, exp, act *iterator.Record) (int, bool) {
	if len(exp.Valid) == 0 && len(act.Valid) == 0 {
		return 0, false
	}
	t.Checks++
	if len(exp.Valid) != len(act.Valid) {
		return 0, true
	}
	for k := range exp.Valid {
		if exp.Valid[k] != act.Valid[k] && exp.GuardSeen(k) && act.GuardSeen(k) {
			return k, true
		}
	}
	return 0, false
}

// guardBits writes guards as 0/1, the form a counterexample shows.
func guardBits(v []bool) []int64 {
	out := make([]int64, len(v))
	for i, b := range v {
		if b {
			out[i] = 1
		}
	}
	return out
}
