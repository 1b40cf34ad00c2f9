package props

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// PTraverse: a residue-first traversal of
// ceil((extent − tb)/tile) tiles along the advance rank enables every element
// of the threadblock's region exactly once and no element outside it. The
// region is [tb, extent) along the advance rank and the threadblock's one
// tile, clipped to the extent, across it.
//
// The traversal is, for every thread, `load(); inc; load(); …` on
// PredicatedTileIterator and `accesses(); add_tile_offset(unit); …` on
// PredicatedTileAccessIterator. An enabled access covers access_elems
// elements from its address; addresses are decoded to coordinates through
// the pitch, so the property judges addresses and guards together.
//
// Preconditions (outside them the case says nothing, and the first case of
// the configuration is audited): a predicated class; a thread map that
// covers its tile exactly (as for P-cover); rows that do not overlap (L at least the region's contiguous end) and
// start on whole bytes, with tb's contiguous offset a whole byte, so that
// every vector of the contract starts on a byte and addresses decode.
//
// Where access_elems does not divide the region's contiguous size, the
// contract guards a vector by its first element alone, so a vector cut by
// the region's edge reads past it: the property is then narrowed to what
// the contract still promises. A vector's later elements may lie outside
// the region and, where a residue along the contiguous rank cuts the
// residue tile's last vector, on the next tile's first elements; every
// other element is still enabled exactly once.
var PTraverse = Property{
	ID:         "P-traverse",
	Doc:        "a residue-first traversal of ceil((extent − tb)/tile) tiles enables each element of the region exactly once, nothing outside",
	Catches:    "residue, threadblock-offset and tile-unit bugs of the predicated iterators",
	AllThreads: true,
	Programs: func(c *Case) []iterator.Program {
		if _, why := traverseRegion(*c); why != "" {
			return nil
		}
		return []iterator.Program{TraverseProgram(c.Config)}
	},
	Judge: judgeTraverse,
}

// region is a rectangle of element coordinates, [lo, hi) in both dimensions.
type region struct{ lo, hi layout.Coord }

func (r region) contains(x layout.Coord) bool {
	return x.C >= r.lo.C && x.C < r.hi.C && x.S >= r.lo.S && x.S < r.hi.S
}

func (r region) size() int64 { return (r.hi.C - r.lo.C) * (r.hi.S - r.lo.S) }

// traverseRegion is the region the traversal must enable, or why the case is
// outside P-traverse's preconditions; worked out once per case in a plan
// (the plan asks for it, then every source's judgement).
func traverseRegion(c Case) (region, string) {
	if c.memo == nil {
		return computeTraverseRegion(c)
	}
	m := c.memo
	if !m.regionDone {
		m.region, m.regionWhy = computeTraverseRegion(c)
		m.regionDone = true
	}
	return m.region, m.regionWhy
}

func computeTraverseRegion(c Case) (region, string) {
	cfg := c.Config
	if !cfg.Class.Predicated() {
		return region{}, "not a predicated class"
	}
	ext, sh := cfg.PitchExtent(), cfg.PitchShape()
	tb := layout.Coord{C: cfg.TB[0], S: cfg.TB[1]}
	r := region{lo: tb, hi: ext}
	if cfg.PitchAdv() == 1 {
		r.hi.C = min(ext.C, tb.C+sh.C)
	} else {
		r.hi.S = min(ext.S, tb.S+sh.S)
	}
	b, l := int64(cfg.Elem.Bits), cfg.Pitch()
	switch {
	case !mapExact(&c):
		return r, "the thread map does not cover its tile exactly"
	case l < r.hi.C:
		return r, fmt.Sprintf("L=%d is less than the region's contiguous end %d: rows overlap", l, r.hi.C)
	case l*b%8 != 0 || tb.C*b%8 != 0:
		return r, fmt.Sprintf("rows or tb do not start on whole bytes (L·B = %d, tb.c·B = %d bits)", l*b, tb.C*b)
	case cfg.PitchAdv() == 0 && (ext.C-tb.C)%sh.C*b%8 != 0:
		return r, fmt.Sprintf("the residue of %d elements (%d bits) does not start the next tile on a whole byte", (ext.C-tb.C)%sh.C, (ext.C-tb.C)%sh.C*b)
	}
	return r, ""
}

// TraverseTiles is ceil((extent − tb)/tile) along the advance rank.
func TraverseTiles(cfg iterator.Config) int64 {
	ext, sh := cfg.PitchExtent(), cfg.PitchShape()
	if cfg.PitchAdv() == 1 {
		return (ext.S - cfg.TB[1] + sh.S - 1) / sh.S
	}
	return (ext.C - cfg.TB[0] + sh.C - 1) / sh.C
}

// TraverseProgram is the residue-first traversal of the configuration's
// region: one pass per tile, one tile step between passes.
func TraverseProgram(cfg iterator.Config) iterator.Program {
	pass := iterator.Op{Kind: iterator.Load}
	step := iterator.Op{Kind: iterator.Inc}
	if cfg.Class.Predicated() && !cfg.Class.Fragments() {
		pass = iterator.Op{Kind: iterator.Accesses}
		unit := layout.Coord{S: 1}
		if cfg.PitchAdv() == 0 {
			unit = layout.Coord{C: 1}
		}
		a, b := cfg.Layout.FromPitch(unit)
		step = iterator.Op{Kind: iterator.AddTileOffset, A: a, B: b}
	}
	n := TraverseTiles(cfg)
	p := make(iterator.Program, 0, 2*n)
	for i := int64(0); i < n; i++ {
		if i > 0 {
			p = append(p, step)
		}
		p = append(p, pass)
	}
	return p
}

// enabledBy records which access enabled an element; set is false for an
// element not enabled yet.
type enabledBy struct {
	set        bool
	overlap    bool // enabled by a cut vector's tail that the next tile may enable again
	thread, op int
	addr       int64
}

// index is x's position in a dense row-major table of the region.
func (r region) index(x layout.Coord) int64 {
	return (x.S-r.lo.S)*(r.hi.C-r.lo.C) + x.C - r.lo.C
}

func judgeTraverse(c *Case, t *Traces) []Violation {
	reg, why := traverseRegion(*c)
	if why != "" {
		if c.First && c.Config.Class.Predicated() {
			t.Audit("traverse-precondition", "P-traverse not judged: "+why)
		}
		return nil
	}
	cfg := c.Config
	prog := TraverseProgram(cfg)
	b, l, ae := int64(cfg.Elem.Bits), cfg.Pitch(), int64(cfg.ElemsPerAccessType())
	cut := (reg.hi.C-reg.lo.C)%ae != 0
	// resEnd is where the residue tile ends along a contiguous advance rank
	// (past the region where the iterator advances along the strided one).
	resEnd := reg.hi.C
	if cfg.PitchAdv() == 0 {
		resEnd = reg.lo.C + (reg.hi.C-reg.lo.C)%cfg.PitchShape().C
	}
	// A dense table rather than a map: the region is a rectangle, and this
	// loop visits every element of it for every case.
	// Every thread's traversal first: a traversal the model cannot make
	// (an unavailable path, or a model error, which Get records) judges
	// nothing, and must not read as a pass.
	traces := t.scratch.traverseTraces(cfg.Threads)
	for th := range traces {
		tr, err := t.Get(prog, th)
		if err != nil {
			return nil
		}
		traces[th] = tr
	}
	seen := t.scratch.traverseSeen(reg.size())
	enabled := int64(0)
	t.Judged()
	// actual is the record's addresses, so that a report's table row k is
	// access k, the one the detail names; a region-wide violation has the
	// address of the element alone.
	viol := func(th, op int, actual []int64, format string, args ...any) []Violation {
		return []Violation{{Property: "P-traverse", Config: cfg, Program: prog, Thread: th, Op: op,
			Actual: actual, Detail: fmt.Sprintf(format, args...)}}
	}
	for th, tr := range traces {
		for _, rec := range tr.Records {
			for k, addr := range rec.Addrs {
				if k >= len(rec.Valid) || !rec.Valid[k] || !rec.Seen(k) {
					continue
				}
				t.Checks++
				if addr*8%b != 0 {
					return viol(th, rec.Op, rec.Addrs, "op %d access %d: byte %d is not on an element boundary (B=%d)", rec.Op, k, addr, b)
				}
				e := addr * 8 / b
				first := layout.Coord{C: traverseFloorMod(e, l), S: traverseFloorDiv(e, l)}
				for v := int64(0); v < ae; v++ {
					x := layout.Coord{C: first.C + v, S: first.S}
					tail := cut && v > 0
					if !reg.contains(x) {
						if tail {
							continue
						}
						return viol(th, rec.Op, rec.Addrs, "op %d access %d (byte %d) enables element (%d,%d), outside the region [%d,%d)x[%d,%d)",
							rec.Op, k, addr, x.C, x.S, reg.lo.C, reg.hi.C, reg.lo.S, reg.hi.S)
					}
					overlap := tail && first.C < resEnd && x.C >= resEnd
					p := seen[reg.index(x)]
					if p.set && (overlap || p.overlap) {
						if !overlap {
							seen[reg.index(x)] = enabledBy{set: true, thread: th, op: rec.Op, addr: addr}
						}
						continue
					}
					if p.set {
						return viol(th, rec.Op, rec.Addrs, "op %d access %d (byte %d) enables element (%d,%d) again: thread %d op %d (byte %d) enabled it",
							rec.Op, k, addr, x.C, x.S, p.thread, p.op, p.addr)
					}
					seen[reg.index(x)] = enabledBy{set: true, overlap: overlap, thread: th, op: rec.Op, addr: addr}
					enabled++
				}
			}
		}
	}
	if enabled != reg.size() {
		for s := reg.lo.S; s < reg.hi.S; s++ {
			for x := reg.lo.C; x < reg.hi.C; x++ {
				if !seen[reg.index(layout.Coord{C: x, S: s})].set {
					return viol(0, -1, []int64{(x + s*l) * b / 8}, "element (%d,%d) of the region [%d,%d)x[%d,%d) is never enabled (%d of %d enabled)",
						x, s, reg.lo.C, reg.hi.C, reg.lo.S, reg.hi.S, enabled, reg.size())
				}
			}
		}
	}
	return nil
}

// judgeScratch is memory a judgement needs only while it runs, lent by the
// plan to each case in turn (a plan is evaluated by one goroutine at a
// time); a nil *judgeScratch allocates.
type judgeScratch struct {
	traces       []*iterator.ThreadTrace
	seen         []enabledBy
	count, owner []int32  // P-cover's
	coverBits    []uint64 // P-cover's quick pass (coverQuick)
}

// coverBitset is room for P-cover's quick pass over n elements, zeroed.
func (s *judgeScratch) coverBitset(n int) []uint64 {
	words := (n + 63) / 64
	if s == nil {
		return make([]uint64, words)
	}
	s.coverBits = resize(s.coverBits, words)
	clear(s.coverBits)
	return s.coverBits
}

// coverCounts is room for P-cover's count and owner of n elements, zeroed.
func (s *judgeScratch) coverCounts(n int) (count, owner []int32) {
	if s == nil {
		return make([]int32, n), make([]int32, n)
	}
	s.count, s.owner = resize(s.count, n), resize(s.owner, n)
	clear(s.count)
	clear(s.owner)
	return s.count, s.owner
}

// traverseTraces is room for the traces of n threads.
func (s *judgeScratch) traverseTraces(n int) []*iterator.ThreadTrace {
	if s == nil {
		return make([]*iterator.ThreadTrace, n)
	}
	if cap(s.traces) < n {
		s.traces = make([]*iterator.ThreadTrace, n)
	}
	return s.traces[:n]
}

// traverseSeen is a zeroed table of n elements.
func (s *judgeScratch) traverseSeen(n int64) []enabledBy {
	if s == nil {
		return make([]enabledBy, n)
	}
	if int64(cap(s.seen)) < n {
		s.seen = make([]enabledBy, n)
	}
	s.seen = s.seen[:n]
	clear(s.seen)
	return s.seen
}

func traverseFloorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func traverseFloorMod(a, b int64) int64 { return a - traverseFloorDiv(a, b)*b }
