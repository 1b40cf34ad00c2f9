package props

import (
	"fmt"
	mathbits "math/bits"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// mapExact is the P-cover and P-bounds precondition: the thread map alone
// (a fact of the configuration, not of a model) covers the tile exactly.
func mapExact(c *Case) bool {
	if c.prepared {
		return c.exact
	}
	dup, missing, outside := iterator.MapCoverage(c.Map)
	return dup == 0 && missing == 0 && outside == 0
}

// mapCoverage is iterator.MapCoverage of the case's thread map; a
// prepared case that Prepare found exact is not placed again.
func mapCoverage(c Case) (dup, missing, outside int64) {
	if c.prepared && c.exact {
		return 0, 0, 0
	}
	return iterator.MapCoverage(c.Map)
}

// rowsByteExact reports whether every row starts on a whole byte.
func rowsByteExact(c *Case) bool {
	return c.Config.Pitch()*int64(c.Config.Elem.Bits)%8 == 0
}

var tileLoad = iterator.Program{loadOp}

// firstTileLoad asks for load() once per RegularTileIterator configuration
// (on its first case): the whole-tile facts P-cover and P-frag judge.
func firstTileLoad(c *Case) []iterator.Program {
	if !c.First || c.Config.Class.Family() {
		return nil
	}
	return append(c.programList(1), tileLoad)
}

// PCover: one tile, all threads: every element covered exactly once, none
// outside the tile. Judged on load() of the first case of a configuration.
var PCover = Property{
	ID:         "P-cover",
	Doc:        "one tile, all threads: every element covered exactly once, none outside the tile",
	Catches:    "thread-map defects (#119, #3131)",
	AllThreads: true,
	Programs:   firstTileLoad,
	Judge:      judgeCover,
}

// coverQuick is judgeCover where the tile is covered exactly: every access
// of every thread's record starts on an element, its V elements lie in one
// row of the tile, and no element is covered twice or missed. Each access
// marks its elements as one run of bits, a word at a time. It returns the
// checks judgeCover makes (one per access with an address) and true; where
// anything else holds (a thread without its record, an element outside,
// twice or never covered), false, having changed nothing: judgeCover then
// judges element by element, for the violations.
func coverQuick(c *Case, t *Traces, load *ProgramTraces, sh layout.Coord, l, b, v int64) (checks int64, ok bool) {
	if v < 1 || v > 64 || c.Config.Threads < 1 {
		return 0, false
	}
	bits := t.scratch.coverBitset(int(sh.C * sh.S))
	for th := 0; th < c.Config.Threads; th++ {
		tr, err := load.thread(th)
		if err != nil {
			return 0, false
		}
		rec := lastRecord(tr)
		if rec == nil {
			return 0, false
		}
		for k, a := range rec.Addrs {
			if !rec.Seen(k) {
				continue
			}
			checks++
			bit := a * 8
			if bit%b != 0 {
				return 0, false
			}
			e := bit / b
			s, cc := floorDiv(e, l), floorMod(e, l)
			if s < 0 || s >= sh.S || cc+v > sh.C {
				return 0, false
			}
			// A run that crosses a word is left to the element-by-element
			// judgement: valid accesses start on a multiple of V, a power
			// of two, so none of them does.
			i := s*sh.C + cc
			w, at := i/64, i%64
			if at+v > 64 {
				return 0, false
			}
			mask := (^uint64(0) >> (64 - uint(v))) << uint(at)
			if bits[w]&mask != 0 {
				return 0, false
			}
			bits[w] |= mask
		}
	}
	covered := int64(0)
	for _, w := range bits {
		covered += int64(mathbits.OnesCount64(w))
	}
	return checks, covered == sh.C*sh.S
}

func judgeCover(c *Case, t *Traces) []Violation {
	if !c.First || c.Config.Class.Family() {
		return nil
	}
	cfg := c.Config
	sh, l, b, v := cfg.PitchShape(), cfg.Pitch(), int64(cfg.Elem.Bits), int64(cfg.Access)
	if !mapExact(c) || !rowsByteExact(c) || l < sh.C {
		return nil // the audit reports inexact maps and odd rows
	}
	load := t.mainProgram(tileLoad)
	if checks, ok := coverQuick(c, t, &load, sh, l, b, v); ok {
		t.Judged()
		t.Checks += checks
		return nil
	}
	viol := func(th int, addrs []int64, format string, args ...any) Violation {
		return Violation{Property: "P-cover", Config: cfg, Program: tileLoad, Thread: th, Op: 0,
			Actual: addrs, Detail: fmt.Sprintf(format, args...)}
	}
	count, owner := t.scratch.coverCounts(int(sh.C * sh.S))
	var out []Violation
	outside := false
	for th := 0; th < cfg.Threads; th++ {
		tr, err := t.getIn(load, th)
		if err != nil {
			return nil
		}
		rec := lastRecord(tr)
		if rec == nil {
			return nil
		}
		t.Judged()
		for k, a := range rec.Addrs {
			if !rec.Seen(k) {
				continue // no address: P-companion judges it
			}
			t.Checks++
			bit := a * 8
			if bit%b != 0 {
				if !outside {
					out = append(out, viol(th, rec.Addrs, "access %d at byte %d does not start on an element", k, a))
					outside = true
				}
				continue
			}
			// The access's elements in row-major order: the first one's
			// row and column by division, the next ones by stepping.
			e0 := bit / b
			s, cc := floorDiv(e0, l), floorMod(e0, l)
			for e := e0; e < e0+v; e, cc = e+1, cc+1 {
				if cc == l {
					s, cc = s+1, 0
				}
				if cc >= sh.C || s < 0 || s >= sh.S {
					if !outside {
						out = append(out, viol(th, rec.Addrs, "access %d covers element (%d,%d), outside the %dx%d tile", k, cc, s, sh.C, sh.S))
						outside = true
					}
					continue
				}
				idx := s*sh.C + cc
				if count[idx] == 1 && len(out) < 3 {
					out = append(out, viol(th, rec.Addrs, "access %d covers element (%d,%d), already covered by thread %d", k, cc, s, owner[idx]))
				}
				count[idx]++
				owner[idx] = int32(th)
			}
		}
	}
	for idx, n := range count {
		if n == 0 {
			out = append(out, viol(-1, nil, "element (%d,%d) is covered by no thread", int64(idx)%sh.C, int64(idx)/sh.C))
			break
		}
	}
	return out
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func floorMod(a, b int64) int64 { return a - floorDiv(a, b)*b }

// PFrag: A · Iter.count <= sizeof(Fragment). A fact about the instantiation
// (the same for every model), reported in the audit and never in a verdict.
var PFrag = Property{
	ID:        "P-frag",
	Doc:       "A · Iter.count <= sizeof(Fragment)",
	Catches:   "Alignment override overrun",
	AuditOnly: true,
	Programs:  firstTileLoad,
	Judge: func(c *Case, t *Traces) []Violation {
		if !c.First || c.Config.Class.Family() || len(c.Threads) == 0 {
			return nil
		}
		th := c.Threads[0]
		tr, err := t.Get(tileLoad, th)
		if err != nil {
			return nil
		}
		rec := lastRecord(tr)
		if rec == nil {
			return nil
		}
		t.Judged()
		t.Checks++
		frag := int64(iterator.FragmentBytes(c.Config, c.Map))
		written := rec.AccessBytes * int64(len(rec.Addrs))
		if written <= frag {
			return nil
		}
		d := fmt.Sprintf("the load loop writes %d accesses of %d bytes (%d) into a %d-byte fragment", len(rec.Addrs), rec.AccessBytes, written, frag)
		t.Audit("fragment-overrun", d)
		return []Violation{{Property: "P-frag", Config: c.Config, Program: tileLoad, Thread: th, Op: 0,
			Expected: []int64{frag}, Actual: []int64{written}, Detail: d}}
	},
}
