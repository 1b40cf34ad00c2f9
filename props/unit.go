package props

import (
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
)

// Unit is a unit an offset parameter can move by.
type Unit uint8

const (
	UnitElements Unit = iota
	UnitBytes
	UnitAccess   // access units: V elements
	UnitTiles    // whole tiles along the parameter's dimension
	UnitTilesByV // Sc/V elements: the /V of CUTLASS's load(frag, tile)
	UnitInverted // po·8/B bytes (#3504)
	numUnits
)

var unitNames = [numUnits]string{"elements", "bytes", "access units", "tiles", "tiles/V", "8/B bytes (inverted)"}

func (u Unit) String() string { return unitNames[u] }

// UnitSet is a set of units, one bit each.
type UnitSet uint8

// AllUnits is the set of every unit: the identity of intersection.
const AllUnits UnitSet = 1<<numUnits - 1

func (s UnitSet) Has(u Unit) bool { return s&(1<<u) != 0 }

// Name is the inferred unit of a path whose observations intersect to s:
// the documented unit when it is consistent with every observation, else
// the first consistent unit, else "inconsistent".
func (s UnitSet) Name(documented string) string {
	if s == 0 {
		return "inconsistent"
	}
	for u := Unit(0); u < numUnits; u++ {
		if s.Has(u) && u.String() == documented {
			return documented
		}
	}
	var names []string
	for u := Unit(0); u < numUnits; u++ {
		if s.Has(u) {
			names = append(names, u.String())
		}
	}
	return strings.Join(names, " or ")
}

// unitProbe is one P-unit check: the path moved by x of its parameter,
// against the same path moved by zero.
type unitProbe struct {
	path        string
	doc         Unit // the documented unit; its name is the report's
	x           int64
	dim         int // 0 contiguous, 1 strided, -1 a pointer offset
	base, moved iterator.Program
	op          int // index of the op in the case program
	// What every source's judgement of the probe reads, worked out with
	// the probe: the units' predicted moves and the mask sites of the two
	// programs' last records.
	pred  unitPrediction
	sites [2]maskSite
}

// predictedBits is how far x of unit u moves along dim, in bits; ok is
// false when the unit does not apply.
func predictedBits(c *Case, u Unit, x int64, dim int) (int64, bool) {
	b, v := int64(c.Config.Elem.Bits), int64(c.Config.Access)
	sh := c.Config.PitchShape()
	switch u {
	case UnitElements:
		return x * b, true
	case UnitBytes:
		return 8 * x, true
	case UnitAccess:
		return x * v * b, true
	case UnitTiles:
		if dim == 0 {
			return x * sh.C * b, true
		}
		if dim == 1 {
			return x * sh.S * c.Config.Pitch() * b, true
		}
	case UnitTilesByV:
		if dim == 0 {
			return x * (sh.C / v) * b, true
		}
	case UnitInverted:
		if dim < 0 {
			return 8 * (x * 8 / b), true
		}
	}
	return 0, false
}

// unitProbes appends the case's unit probes to out.
func unitProbes(out []unitProbe, c *Case) []unitProbe {
	start := len(out)
	out = appendProbes(out, c)
	// The documented position before each op of the case program, in
	// order, for the probes' sites (probes are in op order).
	var k checked
	var pos int64
	next := 0 // the op pos is before
	for i := range out[start:] {
		p := &out[start+i]
		p.pred = predictUnits(c, p)
		if c.memo == nil || c.Config.Class.Family() || p.op < next {
			p.sites = [2]maskSite{siteOf(c, p.base, len(p.base)-1), siteOf(c, p.moved, len(p.moved)-1)}
			continue
		}
		for ; next < p.op; next++ {
			pos = docMove(&k, c, pos, c.Program[next])
		}
		p.sites = probeSites(c, p, pos, !k.bad)
	}
	return out
}

// probeSites are siteOf of the last records of p's two programs, given
// the documented position (and its ok) that the case program's ops before
// p.op leave: the base program is those ops and a plain load or store,
// whose record sits there; the moved one is those ops, op p.op and a
// plain load (a move: its record sits where op p.op moves the iterator)
// or those ops and op p.op (a record: it sits where the case program's op
// p.op has it). The same sums in the same checked order as
// docOriginBits', so the same origins and oks.
func probeSites(c *Case, p *unitProbe, before int64, ok bool) [2]maskSite {
	base := maskSite{prog: p.base, i: len(p.base) - 1, origin: before, ok: ok}
	moved := maskSite{prog: p.moved, i: len(p.moved) - 1}
	if o := c.Program[p.op]; o.Records() {
		moved.origin, moved.ok = c.mainOrigin(p.op)
	} else {
		k := checked{bad: !ok}
		moved.origin = docMove(&k, c, before, o)
		moved.ok = !k.bad
	}
	return [2]maskSite{base, moved}
}

// tilePaths name the tile-offset paths a unit probe measures, by path and
// dimension: constants, not built probe after probe.
var tilePaths = [3][2]string{
	{"add_tile_offset.contiguous", "add_tile_offset.strided"},
	{"load(tile).contiguous", "load(tile).strided"},
	{"store(tile).contiguous", "store(tile).strided"},
}

// appendProbes appends the case's unit probes to out, without their
// predictions and sites.
func appendProbes(out []unitProbe, c *Case) []unitProbe {
	ptrUnit := UnitElements
	if c.PtrContract == PtrBytes {
		ptrUnit = UnitBytes
	}
	for i, o := range c.Program {
		pre := c.Program[:i]
		switch o.Kind {
		case iterator.AddPointerOffset:
			if o.A != 0 {
				out = append(out, unitProbe{path: "add_pointer_offset", doc: ptrUnit, x: o.A, dim: -1, base: c.with(pre, loadOp), moved: c.with(pre, o, loadOp), op: i})
			}
		case iterator.LoadPtr, iterator.StorePtr:
			plain := loadOp
			if o.Kind == iterator.StorePtr {
				plain = storeOp
			}
			if o.A != 0 {
				out = append(out, unitProbe{path: o.Kind.Name(), doc: UnitElements, x: o.A, dim: -1, base: c.with(pre, plain), moved: c.with(pre, o), op: i})
			}
		case iterator.AddTileOffset, iterator.LoadTile, iterator.StoreTile:
			t := c.Config.Layout.ToPitch(o.A, o.B)
			dim, x := 0, t.C
			switch {
			case t.C != 0 && t.S == 0:
			case t.C == 0 && t.S != 0:
				dim, x = 1, t.S
			default:
				continue // one dimension at a time, so that the unit is identifiable
			}
			if o.Kind == iterator.AddTileOffset {
				out = append(out, unitProbe{path: tilePaths[0][dim], doc: UnitTiles, x: x, dim: dim, base: c.with(pre, loadOp), moved: c.with(pre, o, loadOp), op: i})
			} else {
				plain, paths := loadOp, tilePaths[1]
				if o.Kind == iterator.StoreTile {
					plain, paths = storeOp, tilePaths[2]
				}
				out = append(out, unitProbe{path: paths[dim], doc: UnitTiles, x: x, dim: dim, base: c.with(pre, plain), moved: c.with(pre, o), op: i})
			}
		case iterator.Inc, iterator.Dec:
			x := int64(1)
			if o.Kind == iterator.Dec {
				x = -1
			}
			out = append(out, unitProbe{path: o.String(), doc: UnitTiles, x: x, dim: c.Config.PitchAdv(), base: c.with(pre, loadOp), moved: c.with(pre, o, loadOp), op: i})
		}
	}
	return out
}

// PUnit: each offset parameter moves by its documented unit; the inferred
// unit of every path is reported (UnitObservation).
var PUnit = Property{
	ID:      "P-unit",
	Doc:     "each offset parameter moves by its documented unit",
	Catches: "#3504 inverted ·8/B",
	Compact: true,
	Programs: func(c *Case) []iterator.Program {
		probes := c.memo.unitProbes(c)
		if len(probes) == 0 {
			return nil
		}
		ps := c.programList(2 * len(probes))
		for _, p := range probes {
			ps = append(ps, p.base, p.moved)
		}
		return ps
	},
	Judge: func(c *Case, t *Traces) []Violation {
		var out []Violation
		probes := c.memo.unitProbes(c)
		for i := range probes {
			p := &probes[i]
			pred := p.pred // its memo of the last move is this judgement's
			// Programs declared the probes' programs in this order.
			base, moved := t.declaredProgram(2*i, p.base), t.declaredProgram(2*i+1, p.moved)
			var ps probeShift // the compact traces' move, the same for every thread
			bs, ms := base.shift(), moved.shift()
			compact := bs != nil && ms != nil
			if compact {
				ps = shiftOfProbe(t, &pred, bs, ms)
			}
			var v Violation
			threads := c.Threads
			if compact && ps.decided && base.caseThreads && moved.caseThreads && len(threads) > 0 {
				// Every thread has both records: where both masks are
				// every thread's, so are the checks (unitByShift's, at
				// once).
				e0, ok0 := p.sites[0].uniform(c)
				e1, ok1 := p.sites[1].uniform(c)
				if ok0 && ok1 {
					if e0 && e1 {
						t.Checks += int64(ps.bs.Accesses * len(threads))
						t.Judged()
						ps.observed = ps.observe
					}
					threads = nil
				}
			}
			for _, th := range threads {
				if compact && unitByShift(c, t, p, &ps, &base, &moved, th) {
					continue
				}
				if judgeUnit(c, t, p, &pred, base, moved, th, &v) {
					out = append(out, v)
				}
			}
			// Only a decided probe observes from the compact form, and
			// then no thread of it takes the records: the observation
			// is in its place.
			if ps.observed {
				t.observeUnit(UnitObservation{Path: p.path, Documented: p.doc.String(), Matches: ps.matches})
			}
		}
		return out
	},
}

// unitPrediction is the move each unit predicts for a probe (predictedBits)
// and the probe's documented unit: the same for every thread.
type unitPrediction struct {
	bits [numUnits]int64
	ok   [numUnits]bool
	doc  Unit
	// The units a consistent move matches, for the last move seen: the
	// threads of a probe mostly move alike.
	lastMove    int64
	lastMatches UnitSet
	hasLast     bool
}

// matching is the set of units whose predicted move is d bytes.
func (pr *unitPrediction) matching(d int64) UnitSet {
	if pr.hasLast && pr.lastMove == d {
		return pr.lastMatches
	}
	var matches UnitSet
	for u := Unit(0); u < numUnits; u++ {
		if pb, ok := pr.bits[u], pr.ok[u]; ok && pb%8 == 0 && pb == 8*d {
			matches |= 1 << u
		}
	}
	pr.lastMove, pr.lastMatches, pr.hasLast = d, matches, true
	return matches
}

func predictUnits(c *Case, p *unitProbe) unitPrediction {
	var pr unitPrediction
	for u := Unit(0); u < numUnits; u++ {
		pr.bits[u], pr.ok[u] = predictedBits(c, u, p.x, p.dim)
	}
	pr.doc = p.doc
	return pr
}

// unitsPerCase is the room a case's unit observations start with.
const unitsPerCase = 8

// observeUnit records a unit observation. One equal to the one just made
// (the probe's previous thread, mostly) is not repeated: what is made of
// them (the sweep's inferred units) is their intersection per path.
func (t *Traces) observeUnit(u UnitObservation) {
	if n := len(t.Units); n == 0 || t.Units[n-1] != u {
		if n == 0 && cap(t.Units) < unitsPerCase {
			// A case's first observation where the evaluation's room
			// (Traces.Units as evaluateSome set it) is short: a new
			// block, whose rest the next cases start in; outside a plan
			// (no scratch), the case's own few.
			size := unitsPerCase
			if t.scratch != nil {
				size *= 32
			}
			t.Units = make([]UnitObservation, 0, size)
		}
		t.Units = append(t.Units, u)
	}
}

// judgeUnit judges probe p on thread th; base and moved are the answers
// of its programs, found once for every thread. A violation is written to
// *v, as judgeEquivalence does.
func judgeUnit(c *Case, t *Traces, p *unitProbe, pred *unitPrediction, base, moved ProgramTraces, th int, v *Violation) bool {
	bt, err1 := t.getIn(base, th)
	mt, err2 := t.getIn(moved, th)
	if err1 != nil || err2 != nil {
		return false
	}
	br, mr := lastRecord(bt), lastRecord(mt)
	if br == nil || mr == nil || len(br.Addrs) != len(mr.Addrs) {
		return false
	}
	bm, ok1 := p.sites[0].mask(c, th)
	mm, ok2 := p.sites[1].mask(c, th)
	if !ok1 || !ok2 {
		return false
	}
	if (bm != nil && len(bm) != len(br.Addrs)) || (mm != nil && len(mm) != len(mr.Addrs)) {
		// The source does not use the configuration's thread map (a
		// thread-map control); its moves are not comparable access by access.
		return false
	}
	// The observed move: the same for every byte-exact access, or none.
	var d int64
	seen, consistent := false, true
	for k := range br.Addrs {
		if (bm != nil && !bm[k]) || (mm != nil && !mm[k]) || !br.Seen(k) || !mr.Seen(k) {
			continue
		}
		t.Checks++
		dk := mr.Addrs[k] - br.Addrs[k]
		if seen && dk != d {
			consistent = false
		}
		d, seen = dk, true
	}
	if !seen {
		return false
	}
	t.Judged()
	var matches UnitSet
	if consistent {
		matches = pred.matching(d)
	}
	// The inferred unit is that of the path's arithmetic; moves bent by an
	// int32 wrap or a truncating conversion (P-index and P-exact report
	// those) would make every path look inconsistent, so they do not vote.
	// (A quiet judgement's observations are never read.)
	if !t.quiet && len(bt.Overflows)+len(mt.Overflows)+len(bt.Inexact)+len(mt.Inexact) == 0 {
		t.observeUnit(UnitObservation{Path: p.path, Documented: p.doc.String(), Matches: matches})
	}
	want, ok := pred.bits[pred.doc], pred.ok[pred.doc]
	if !ok || want%8 != 0 || (consistent && want == 8*d) {
		return false
	}
	if t.quiet {
		*v = Violation{Property: "P-unit", Thread: th, Op: p.op}
		return true
	}
	exp := make([]int64, len(br.Addrs))
	for k, a := range br.Addrs {
		exp[k] = a + want/8
	}
	*v = Violation{
		Property: "P-unit", Config: c.Config, Program: c.Program, Thread: th, Op: p.op,
		Expected: exp, Actual: mr.Addrs,
		Detail: fmt.Sprintf("op %d: %s moved %d bytes for %d; %d %s would move %d bytes (observed unit: %s)",
			p.op, p.path, d, p.x, p.x, p.doc, want/8, matches.Name(p.doc.String())),
	}
	return true
}
