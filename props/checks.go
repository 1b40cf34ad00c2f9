package props

import (
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
)

// forRecords calls f for every record of the case program, per judged thread.
func forRecords(c *Case, t *Traces, f func(th int, tr *iterator.ThreadTrace, rec *iterator.Record)) {
	own := t.mainProgram(c.Program)
	for _, th := range c.Threads {
		tr, err := t.getIn(own, th)
		if err != nil {
			continue
		}
		for i := range tr.Records {
			f(th, tr, &tr.Records[i])
		}
	}
}

// recordFacts remembers a fact of a record that does not depend on the
// thread (a precondition of its op and access size), found for the first
// thread and read for the others: a judge asks thread after thread.
type recordFacts struct {
	n    int
	keys [8]struct{ op, bytes int64 }
	vals [8]bool
}

// get returns the fact of (op, bytes), computing it with f the first time
// (past eight ops, every time).
func (m *recordFacts) get(op int, bytes int64, f func() bool) bool {
	for i := range m.n {
		if k := m.keys[i]; k.op == int64(op) && k.bytes == bytes {
			return m.vals[i]
		}
	}
	v := f()
	if m.n < len(m.keys) {
		m.keys[m.n], m.vals[m.n] = struct{ op, bytes int64 }{int64(op), bytes}, v
		m.n++
	}
	return v
}

// alignPrecondition is P-align's precondition: rows stay aligned
// (L·B/8 a multiple of A), the natural access size is a multiple of A (an
// Alignment override above it misaligns the thread map itself), and the
// documented base of the record is aligned.
func alignPrecondition(c *Case, rec *iterator.Record) bool {
	a := rec.AccessBytes
	b := int64(c.Config.Elem.Bits)
	if a <= 0 || !rowsByteExact(c) || (c.Config.Pitch()*b/8)%a != 0 || (int64(c.Config.Access)*b/8)%a != 0 {
		return false
	}
	origin, ok := c.mainOrigin(rec.Op)
	return ok && floorMod(origin, 8*a) == 0
}

// PAlign: every access address is a multiple of A when the base is aligned.
var PAlign = Property{
	ID:      "P-align",
	Doc:     "every access address is a multiple of A when the base is aligned",
	Catches: "odd pitch, misaligned vectors",
	Judge: func(c *Case, t *Traces) []Violation {
		var out []Violation
		var pre recordFacts
		forRecords(c, t, func(th int, _ *iterator.ThreadTrace, rec *iterator.Record) {
			if !pre.get(rec.Op, rec.AccessBytes, func() bool { return alignPrecondition(c, rec) }) {
				return
			}
			t.Judged()
			for k, a := range rec.Addrs {
				if !rec.Seen(k) {
					continue // no address: P-companion judges it
				}
				t.Checks++
				if floorMod(a, rec.AccessBytes) != 0 {
					if t.quiet {
						out = append(out, Violation{Property: "P-align", Thread: th, Op: rec.Op})
						return
					}
					exp := append([]int64(nil), rec.Addrs...)
					exp[k] = a - floorMod(a, rec.AccessBytes)
					out = append(out, Violation{Property: "P-align", Config: c.Config, Program: c.Program, Thread: th, Op: rec.Op,
						Expected: exp, Actual: rec.Addrs,
						Detail: fmt.Sprintf("op %d: access %d at byte %d is not a multiple of A=%d", rec.Op, k, a, rec.AccessBytes)})
					return
				}
			}
		})
		return out
	},
}

// tileInside is P-bounds' precondition for one record: the whole tile the
// contract puts the record at lies inside the allocation [lo, hi).
func tileInside(c *Case, rec *iterator.Record, lo, hi int64) bool {
	origin, ok := c.mainOrigin(rec.Op)
	if !ok {
		return false
	}
	var k checked
	sh, l, b := c.Config.PitchShape(), c.Config.Pitch(), int64(c.Config.Elem.Bits)
	span := k.mul(k.add(k.mul(sh.S-1, l), sh.C), b)
	end := k.add(origin, span)
	return !k.bad && origin >= 8*lo && end <= 8*hi
}

// PBounds: every access (its full byte range, and for sub-word atomics the
// enclosing aligned 4-byte word) lies inside the allocation.
var PBounds = Property{
	ID:      "P-bounds",
	Doc:     "every access, and every word a sub-word atomic touches, lies inside the allocation",
	Catches: "16-bit CAS tail out of bounds",
	Judge: func(c *Case, t *Traces) []Violation {
		if c.Config.Class.Family() || !mapExact(c) {
			return nil
		}
		lo64, hi64 := iterator.Allocation(c.Config, c.Program)
		lo, hi := int64(lo64), int64(hi64)
		b, v := int64(c.Config.Elem.Bits), int64(c.Config.Access)
		var out []Violation
		var inside recordFacts
		forRecords(c, t, func(th int, _ *iterator.ThreadTrace, rec *iterator.Record) {
			if !inside.get(rec.Op, 0, func() bool { return tileInside(c, rec, lo, hi) }) {
				return
			}
			mask, ok := exactMask(c, c.Program, rec.Op, th)
			if !ok {
				return
			}
			t.Judged()
			size := (v*b + 7) / 8
			if rec.AccessBytes > 0 && rec.AccessBytes < size {
				size = rec.AccessBytes
			}
			bad := func(detail string) {
				if t.quiet {
					out = append(out, Violation{Property: "P-bounds", Thread: th, Op: rec.Op})
					return
				}
				out = append(out, Violation{Property: "P-bounds", Config: c.Config, Program: c.Program, Thread: th, Op: rec.Op,
					Expected: []int64{lo, hi}, Actual: rec.Addrs, Detail: fmt.Sprintf("op %d: %s outside the allocation [%d, %d)", rec.Op, detail, lo, hi)})
			}
			for k, a := range rec.Addrs {
				if (mask != nil && (k >= len(mask) || !mask[k])) || !rec.Seen(k) {
					continue
				}
				t.Checks++
				if a < lo || a+size > hi {
					bad(fmt.Sprintf("access %d, bytes [%d, %d),", k, a, a+size))
					return
				}
			}
			for _, w := range rec.AtomicWords {
				t.Checks++
				if w < lo || w+4 > hi {
					bad(fmt.Sprintf("the atomic's enclosing word [%d, %d) is", w, w+4))
					return
				}
			}
		})
		return out
	},
}

// PExact: no bit→byte conversion truncates. The trace lists the conversions
// that did; a model that truncates without saying so is not seen here
// (where the documented position is itself mid-byte no address can be
// compared with it), only where the truncation moves a later whole-byte
// access (P-oracle, P-inc). Its Doc says so in every report.
var PExact = Property{
	ID:      "P-exact",
	Doc:     "no bit→byte conversion truncates (x·B % 8 == 0); judges the conversions the model reports, a silent one only where P-oracle or P-inc sees it move a whole-byte access",
	Catches: "sub-byte truncation",
	Judge: func(c *Case, t *Traces) []Violation {
		return judgeEachThread(c, t, func(tr *iterator.ThreadTrace, v *Violation) bool {
			if len(tr.Inexact) == 0 {
				return false
			}
			v.Property, v.Detail = "P-exact", "truncating bit→byte conversion: "+strings.Join(tr.Inexact, "; ")
			return true
		})
	},
}

// PIndex: no int32-typed intermediate overflows. It judges two ways. The
// trace lists the narrowings a model performs and reports (CUTLASS's
// renditions wrap exactly as the C++ does, and say so). Independently of
// what the model reports, every address of the case program is compared
// with the reference, which tilecheck computes in overflow-checked 64-bit
// arithmetic: a thread whose every differing address is what narrowing a
// documented int32 intermediate makes of it (2^32 bytes lost, or 2^32 bits
// where a pointer offset's n·B does not fit) has silently wrapped; any
// other difference is an ordinary address mismatch, not a wrap.
var PIndex = Property{
	ID:      "P-index",
	Doc:     "no int32-typed intermediate overflows (po·B, incS, incA, the int in add_tile_offset): reported by the model, or silent (an address off the 64-bit reference by a multiple of 2^29 bytes)",
	Catches: "32-bit wraparound",
	Oracle:  POracle.Oracle,
	Judge: func(c *Case, t *Traces) []Violation {
		// The reference's answer, found once for every thread.
		var refs ProgramTraces
		ref, refOK := oracleProgram(c)
		if refOK {
			refs = t.referenceProgram(ref)
		}
		return judgeEachThread(c, t, func(tr *iterator.ThreadTrace, v *Violation) bool {
			if len(tr.Overflows) == 0 {
				return refOK && silentWrap(c, t, tr, refs, v)
			}
			parts := make([]string, len(tr.Overflows))
			for i, o := range tr.Overflows {
				parts[i] = o.String()
			}
			v.Property, v.Detail = "P-index", strings.Join(parts, "; ")
			v.Expected = []int64{tr.Overflows[0].Value}
			v.Actual = []int64{int64(int32(tr.Overflows[0].Value))}
			return true
		})
	},
}

// judgeEachThread judges a fact recorded in each thread's trace of the case's
// own program (P-exact's truncations, P-index's narrowings): judge fills in
// the violation started for the thread, in place (a Violation is hundreds
// of bytes, and most threads pass), and says whether there is one.
func judgeEachThread(c *Case, t *Traces, judge func(*iterator.ThreadTrace, *Violation) bool) []Violation {
	var out []Violation
	own := t.mainProgram(c.Program)
	for _, th := range c.Threads {
		tr, err := t.getIn(own, th)
		if err != nil {
			continue
		}
		t.Judged()
		t.Checks++
		// The strings are only built for a violation: most threads pass.
		t.each.Thread, t.each.Op = th, -1
		if judge(tr, &t.each) {
			v := t.each
			t.each = Violation{}
			if !t.quiet {
				v.Config, v.Program = c.Config, c.Program
			}
			out = append(out, v)
		}
	}
	return out
}

// silentWrap is P-index's independent judgement of one thread: the model
// reported no overflow, yet its addresses are the 64-bit reference's
// (refs, the reference's answer for the case program, oracleProgram) with
// a 32-bit intermediate narrowed. Every address that differs from the
// reference must be explained so (wrapExplained); one that differs
// otherwise makes the thread an ordinary address mismatch, P-oracle's to
// report, and no wrap. It fills in v and reports true for a wrap.
func silentWrap(c *Case, t *Traces, tr *iterator.ThreadTrace, refs ProgramTraces, v *Violation) bool {
	rt, err := refs.thread(v.Thread)
	if err != nil {
		return false
	}
	found := false
	for i := range tr.Records {
		mr := &tr.Records[i]
		rr := recordAt(rt, mr.Op)
		if rr == nil || len(rr.Addrs) != len(mr.Addrs) {
			continue
		}
		for k := range mr.Addrs {
			if !mr.Seen(k) {
				continue
			}
			t.Checks++
			d := mr.Addrs[k] - rr.Addrs[k]
			if d == 0 {
				continue
			}
			if !wrapExplained(c, mr.Op, d) {
				return false
			}
			if !found {
				found = true
				v.Property, v.Op = "P-index", mr.Op
				v.Expected, v.Actual = rr.Addrs, mr.Addrs
				v.Detail = fmt.Sprintf("op %d access %d: %d bytes from the 64-bit reference, a multiple of 2^29: an int32 intermediate wrapped, and the model reported no overflow", mr.Op, k, d)
			}
		}
	}
	return found
}

// wrapExplained says whether an address d bytes off the 64-bit reference,
// in a record of op op, is what narrowing the documented int32
// intermediates makes of it: a byte count (a byte offset, an increment, a
// row offset) loses a multiple of 2^32 bytes; the only bit counts held in
// int32 are the pointer offsets' n·B, each of which loses exactly
// n·B − int32(n·B) bits. So d must be, modulo 2^32 bytes, 0 or what the
// pointer offsets that reach the record lose (add_pointer_offset before
// it, or the record's own load/store_with_pointer_offset).
func wrapExplained(c *Case, op int, d int64) bool {
	const bytes32 = 1 << 32
	if d%bytes32 == 0 {
		return true
	}
	b := int64(c.Config.Elem.Bits)
	if c.bytesContract() {
		b = 8 // the offset is in bytes
	}
	var lost int64
	for i, o := range c.Program {
		if i > op {
			break
		}
		if o.Kind == iterator.AddPointerOffset || (i == op && (o.Kind == iterator.LoadPtr || o.Kind == iterator.StorePtr)) {
			bits := o.A * b
			lost += (int64(int32(bits)) - bits) / 8
		}
	}
	return lost%bytes32 != 0 && (d-lost)%bytes32 == 0
}
