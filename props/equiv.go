package props

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
)

// An equivalence compares the record of one program with the record of
// another, per thread, per access, in fragment order. The case's program is
// one side; the other is derived from it by replacing one op (and what
// follows) with what the contract says is the same thing.
type equivalence struct {
	exp, act     iterator.Program
	expOp, actOp int // record's op index, or -1 for the program's last record
	// maskOp is the op index in the case program whose documented position
	// decides which accesses are whole bytes; -1 compares every access
	// (whole-tile moves, byte-exact even where single rows are not).
	maskOp int
	what   describe // the description, built only for a violation
}

// describe is an equivalence's description, kept as the op's index and up
// to three ops until a violation formats it: a closure would be an
// allocation for every equivalence of every case.
type describe struct {
	f       func(i int, o, x, y iterator.Op) string
	i       int
	o, x, y iterator.Op
}

func (d describe) String() string { return d.f(d.i, d.o, d.x, d.y) }

// equivalenceProperty builds a property from a function appending the
// equivalences a case implies.
func equivalenceProperty(id, doc, catches string, list func(*Case, []equivalence) []equivalence) Property {
	return Property{
		ID: id, Doc: doc, Catches: catches, Compact: true,
		Programs: func(c *Case) []iterator.Program {
			eqs := c.memo.equivalences(id, c, list)
			if len(eqs) == 0 {
				return nil
			}
			ps := c.programList(2 * len(eqs))
			for _, e := range eqs {
				ps = append(ps, e.exp, e.act)
			}
			return ps
		},
		Judge: func(c *Case, t *Traces) []Violation {
			var out []Violation
			for k, e := range c.memo.equivalences(id, c, list) {
				// Programs declared them in this order.
				exp, act := t.declaredProgram(2*k, e.exp), t.declaredProgram(2*k+1, e.act)
				var site maskSite // the mask's record, found once for every thread
				if e.maskOp >= 0 {
					site = siteOf(c, c.Program, e.maskOp)
				}
				// Compact traces at the same origins are equal on every
				// thread (shift.go); else the records decide.
				if decided, absent := sameOrigins(&e, exp.shift(), act.shift()); decided {
					if !absent {
						equalByShift(c, t, &e, &exp, &act, &site)
					}
					continue
				}
				var v Violation
				for _, th := range c.Threads {
					if judgeEquivalence(id, c, t, &e, exp, act, &site, th, &v) {
						out = append(out, v)
					}
				}
			}
			return out
		},
	}
}

func pick(tr *iterator.ThreadTrace, op int) *iterator.Record {
	if op < 0 {
		return lastRecord(tr)
	}
	return recordAt(tr, op)
}

// judgeEquivalence judges e on thread th; exp and act are e's programs'
// answers, and site the mask's record (when e.maskOp >= 0), found once for
// every thread. A violation is written to *v (a Violation is 304 bytes:
// returned by value, it was cleared for every thread that passes).
func judgeEquivalence(id string, c *Case, t *Traces, e *equivalence, exp, act ProgramTraces, site *maskSite, th int, v *Violation) bool {
	et, err1 := t.getIn(exp, th)
	at, err2 := t.getIn(act, th)
	if err1 != nil || err2 != nil {
		return false
	}
	er, ar := pick(et, e.expOp), pick(at, e.actOp)
	if er == nil || ar == nil {
		return false
	}
	var mask []bool
	if e.maskOp >= 0 {
		var ok bool
		if mask, ok = site.mask(c, th); !ok {
			return false
		}
		if mask != nil && !anyTrue(mask) {
			return false
		}
	}
	if !t.compare(er, ar, mask) {
		return false
	}
	*v = Violation{Property: id, Thread: th, Op: opIndex(*e), Expected: er.Addrs, Actual: ar.Addrs}
	if !t.quiet {
		v.Config, v.Program = c.Config, c.Program
		v.Detail = fmt.Sprintf("%s (expected from `%s`, actual from `%s`)", e.what, e.exp, e.act)
	}
	return true
}

func opIndex(e equivalence) int {
	if e.maskOp >= 0 {
		return e.maskOp
	}
	return -1
}

func anyTrue(m []bool) bool {
	for _, v := range m {
		if v {
			return true
		}
	}
	return false
}

func op(k iterator.OpKind, a, b int64) iterator.Op { return iterator.Op{Kind: k, A: a, B: b} }

var (
	loadOp  = op(iterator.Load, 0, 0)
	storeOp = op(iterator.Store, 0, 0)
)

func describeSym(i int, o, _, _ iterator.Op) string {
	return fmt.Sprintf("op %d: store(%d,%d) differs from load(%d,%d)", i, o.A, o.B, o.A, o.B)
}

// PSym: load(f,t) and store(f,t) make the same accesses.
var PSym = equivalenceProperty("P-sym",
	"load(f,t) and store(f,t) make the same accesses",
	"#3017 / pre-#3049 store",
	func(c *Case, out []equivalence) []equivalence {
		for i, o := range c.Program {
			pre := c.Program[:i]
			switch o.Kind {
			case iterator.LoadTile:
				out = append(out, equivalence{exp: c.Program, expOp: i, act: c.with(pre, op(iterator.StoreTile, o.A, o.B)), actOp: -1, maskOp: i,
					what: describe{f: describeSym, i: i, o: o}})
			case iterator.StoreTile:
				out = append(out, equivalence{exp: c.with(pre, op(iterator.LoadTile, o.A, o.B)), expOp: -1, act: c.Program, actOp: i, maskOp: i,
					what: describe{f: describeSym, i: i, o: o}})
			}
		}
		return out
	})

func describeTile(i int, o, plain, _ iterator.Op) string {
	return fmt.Sprintf("op %d: %s differs from add_tile_offset(%d,%d); %s", i, o, o.A, o.B, plain)
}

// PTile: load(f,t) ≡ add_tile_offset(t); load(f); likewise store.
var PTile = equivalenceProperty("P-tile",
	"load(f,t) ≡ add_tile_offset(t); load(f), and likewise store",
	"post-#3049 /V in both",
	func(c *Case, out []equivalence) []equivalence {
		for i, o := range c.Program {
			pre := c.Program[:i]
			plain := loadOp
			switch o.Kind {
			case iterator.LoadTile:
			case iterator.StoreTile:
				plain = storeOp
			default:
				continue
			}
			out = append(out, equivalence{exp: c.with(pre, op(iterator.AddTileOffset, o.A, o.B), plain), expOp: -1, act: c.Program, actOp: i, maskOp: i,
				what: describe{f: describeTile, i: i, o: o, x: plain}})
		}
		// The family classes have no load/store(frag, tile): their tile
		// offsets are held to whole-tile moves (family_tile.go).
		return familyTileEquivalences(c, out)
	})

func describeIncTile(i int, o, u, _ iterator.Op) string {
	return fmt.Sprintf("op %d: %s; load() differs from add_tile_offset(%d,%d); load()", i, o, u.A, u.B)
}

func describeIncInverse(i int, o, inv, _ iterator.Op) string {
	return fmt.Sprintf("op %d: %s; %s is not an identity", i, o, inv)
}

func describeTileInverse(i int, o, _, _ iterator.Op) string {
	return fmt.Sprintf("op %d: %s; add_tile_offset(%d,%d) is not an identity", i, o, -o.A, -o.B)
}

// PInc: ++ ≡ add_tile_offset(unit along the advance rank) (and -- its
// negative); ++;-- and add_tile_offset(t); add_tile_offset(−t) are
// identities. Whole-tile moves are compared on every access.
var PInc = equivalenceProperty("P-inc",
	"++ ≡ add_tile_offset(one tile along the advance rank); ++;-- and add_tile_offset(t);add_tile_offset(-t) are identities",
	"rank swaps, truncation order",
	func(c *Case, out []equivalence) []equivalence {
		for i, o := range c.Program {
			pre := c.Program[:i]
			switch o.Kind {
			case iterator.Inc, iterator.Dec:
				n := int64(1)
				inv := op(iterator.Dec, 0, 0)
				if o.Kind == iterator.Dec {
					n, inv = -1, op(iterator.Inc, 0, 0)
				}
				u := unitTile(c.Config, n)
				out = append(out,
					equivalence{exp: c.with(pre, op(iterator.AddTileOffset, u[0], u[1]), loadOp), expOp: -1, act: c.with(pre, o, loadOp), actOp: -1, maskOp: -1,
						what: describe{f: describeIncTile, i: i, o: o, x: op(iterator.AddTileOffset, u[0], u[1])}},
					equivalence{exp: c.with(pre, loadOp), expOp: -1, act: c.with(pre, o, inv, loadOp), actOp: -1, maskOp: -1,
						what: describe{f: describeIncInverse, i: i, o: o, x: inv}})
			case iterator.AddTileOffset:
				if o.A == 0 && o.B == 0 {
					continue
				}
				out = append(out, equivalence{exp: c.with(pre, loadOp), expOp: -1, act: c.with(pre, o, op(iterator.AddTileOffset, -o.A, -o.B), loadOp), actOp: -1, maskOp: -1,
					what: describe{f: describeTileInverse, i: i, o: o}})
			}
		}
		return out
	})

func describePtr(i int, o, ptr, plain iterator.Op) string {
	return fmt.Sprintf("op %d: %s differs from add_pointer_offset(%d); %s", i, o, ptr.A, plain)
}

// PPtr: load_with_pointer_offset(f,n) ≡ add_pointer_offset(n); load(f), and
// likewise store. Under the bytes contract add_pointer_offset takes n·B/8.
var PPtr = equivalenceProperty("P-ptr",
	"load_with_pointer_offset(f,n) ≡ add_pointer_offset(n); load(f), and likewise store",
	"bytes vs elements (#3017)",
	func(c *Case, out []equivalence) []equivalence {
		b := int64(c.Config.Elem.Bits)
		for i, o := range c.Program {
			pre := c.Program[:i]
			plain := loadOp
			switch o.Kind {
			case iterator.LoadPtr:
			case iterator.StorePtr:
				plain = storeOp
			default:
				continue
			}
			n := o.A
			if c.bytesContract() {
				if n*b%8 != 0 {
					continue
				}
				n = n * b / 8
			}
			out = append(out, equivalence{exp: c.with(pre, op(iterator.AddPointerOffset, n, 0), plain), expOp: -1, act: c.Program, actOp: i, maskOp: i,
				what: describe{f: describePtr, i: i, o: o, x: op(iterator.AddPointerOffset, n, 0), y: plain}})
		}
		return out
	})
