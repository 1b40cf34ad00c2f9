package props

import (
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
)

// Exact masks, memoised per configuration (for speed: integer keys, no
// formatting). Whether access j of a thread's record is a whole byte is
// whether origin + el_j·B is a multiple of 8, where origin is the record's
// documented tile origin (docOriginBits, a fact of the program) and el_j·B
// the access's bit offset from it (a fact of the configuration and the
// thread). The second part is computed once per (configuration, thread);
// the mask then depends on origin only through origin mod 8, so there are
// at most eight masks per thread, each built once.

// groupMemo is what the cases of one configuration in a plan share.
type groupMemo struct {
	threads []threadBits // by first use; a case judges a handful of threads
	// whole sums up the last thread list asked (uniformMask): the cases
	// of a configuration share theirs.
	whole wholeThreads
}

// wholeThreads says whether every access offset of every thread of a list
// is a whole number of bytes (ok), and the largest reach among them.
type wholeThreads struct {
	list  []int // the list summed up, by identity
	ok    bool
	reach int64
}

// threadBits is one thread's access offsets, in the checked arithmetic of
// eachAccessBit.
type threadBits struct {
	thread int
	// ok is false when an access offset overflowed int64 (eachAccessBit
	// then fails whatever the origin).
	ok bool
	// residue is el_j·B mod 8 per access, and reach the largest |el_j·B|:
	// an origin with |origin| <= MaxInt64 − reach cannot overflow the sum.
	residue []uint8
	reach   int64
	whole   bool // every residue is 0

	masks [8][]bool // by origin mod 8; nil: every access is exact
	trues [8]int    // the number of exact accesses of each mask
	built [8]bool
}

// appendGroup appends an empty group to groups. Workspace.Attach reuses an
// earlier plan's group there, keeping its list of threads and their
// residues' memory (neither is handed out of the plan; the masks are, to
// the judges, so they are not reused).
func appendGroup(groups []groupMemo) []groupMemo {
	if len(groups) == cap(groups) {
		return append(groups, groupMemo{})
	}
	groups = groups[:len(groups)+1]
	g := &groups[len(groups)-1]
	g.threads, g.whole = g.threads[:0], wholeThreads{}
	return groups
}

// bitsOf returns thread's entry, computing it on first use.
func (g *groupMemo) bitsOf(c *Case, thread int) *threadBits {
	for i := range g.threads {
		if g.threads[i].thread == thread {
			return &g.threads[i]
		}
	}
	var residue []uint8
	if k := len(g.threads); k < cap(g.threads) {
		residue = g.threads[:k+1][k].residue[:0] // an earlier plan's
	}
	tb := threadBits{thread: thread, ok: true}
	n := int(c.Map.Count())
	tb.residue = slices.Grow(residue, n)
	tb.whole = true
	tb.ok = eachAccessBit(*c, thread, 0, func(_ int, v int64) {
		tb.residue = append(tb.residue, uint8(v&7))
		tb.reach = max(tb.reach, capMagnitude(v))
		tb.whole = tb.whole && v&7 == 0
	})
	g.threads = append(g.threads, tb)
	return &g.threads[len(g.threads)-1]
}

// uniformMask says, where ok, that every thread of threads has the same
// mask for a record at origin: nil (every access exact) where exact, none
// exact otherwise. That holds where every access offset of every thread
// is a whole number of bytes (a whole-byte element, mostly) and the bound
// of mask holds for each: the mask then reads origin mod 8 alone. Judges
// that would ask thread after thread count the threads' checks at once.
func (g *groupMemo) uniformMask(c *Case, threads []int, origin int64) (exact, ok bool) {
	w := &g.whole
	if len(threads) == 0 || len(w.list) != len(threads) || &w.list[0] != &threads[0] {
		*w = wholeThreads{list: threads, ok: len(threads) > 0}
		for _, th := range threads {
			tb := g.bitsOf(c, th)
			w.ok = w.ok && tb.ok && tb.whole
			w.reach = max(w.reach, tb.reach)
		}
	}
	if !w.ok || capMagnitude(origin) > 1<<63-1-w.reach {
		return false, false
	}
	return origin&7 == 0, true
}

// capMagnitude is |v|, with MinInt64 taken as MaxInt64 (a bound only).
func capMagnitude(v int64) int64 {
	if v < 0 {
		if v == -v {
			return 1<<63 - 1
		}
		return -v
	}
	return v
}

// mask returns the mask of origin for this thread and its number of
// exact accesses; ok is false where the bound cannot prove the sums free
// of overflow (the caller then computes the answer in full).
func (tb *threadBits) mask(origin int64) (mask []bool, trues int, ok bool) {
	if capMagnitude(origin) > 1<<63-1-tb.reach {
		return nil, 0, false
	}
	r := uint8(origin & 7)
	if !tb.built[r] {
		var m []bool
		trues := len(tb.residue)
		for j, res := range tb.residue {
			if (r+res)&7 != 0 {
				if m == nil {
					m = make([]bool, len(tb.residue))
					for x := range m {
						m[x] = true
					}
				}
				m[j] = false
				trues--
			}
		}
		tb.masks[r], tb.trues[r], tb.built[r] = m, trues, true
	}
	return tb.masks[r], tb.trues[r], true
}

// maskAt is computeExactMask answered from the group's memo, given the
// record's documented origin (origin, ok: docOriginBits(c, prog, i)):
// the same mask and ok, exactly, for every origin the bound admits; the
// rest are computed in full.
func (g *groupMemo) maskAt(c *Case, prog iterator.Program, i int, origin int64, ok bool, thread int) ([]bool, int, bool) {
	if !ok {
		return nil, 0, false
	}
	tb := g.bitsOf(c, thread)
	if !tb.ok {
		return nil, 0, false
	}
	if m, trues, ok := tb.mask(origin); ok {
		return m, trues, true
	}
	return computeExactMaskCount(*c, prog, i, thread)
}

// computeExactMaskCount is computeExactMask and the mask's number of
// exact accesses (the mask's length where it is nil).
func computeExactMaskCount(c Case, prog iterator.Program, i, thread int) ([]bool, int, bool) {
	m, ok := computeExactMask(c, prog, i, thread)
	if !ok {
		return nil, 0, false
	}
	if m == nil {
		return nil, int(c.Map.Count()), true
	}
	return m, countTrue(m), true
}

// maskSite is one record's exact masks, asked thread after thread: the
// record's documented origin, a fact of the program, is found once.
type maskSite struct {
	prog   iterator.Program
	i      int
	origin int64
	ok     bool
}

// siteOf is the mask site of the record op i of prog makes: its origin
// from the case's memo (by op index for the case program, by program for
// a derived one); without a memo, or in a family class, the mask is
// computed in full.
func siteOf(c *Case, prog iterator.Program, i int) maskSite {
	s := maskSite{prog: prog, i: i}
	switch {
	case c.memo == nil || c.Config.Class.Family():
	case len(prog) > 0 && isProgram(prog, c.Program):
		s.origin, s.ok = c.mainOrigin(i)
	default:
		s.origin, s.ok = c.memo.originBits(c, prog, i)
	}
	return s
}

// mask is exactMask(c, s.prog, s.i, thread). The case is passed by
// address: it is asked thread after thread, record after record.
func (s *maskSite) mask(c *Case, thread int) ([]bool, bool) {
	m, _, ok := s.maskCount(c, thread)
	return m, ok
}

// uniform is groupMemo.uniformMask for this site's record and the case's
// threads; ok is false where the site's masks are asked thread by thread.
func (s *maskSite) uniform(c *Case) (exact, ok bool) {
	if c.memo == nil || c.Config.Class.Family() || !s.ok {
		return false, false
	}
	return c.memo.group.uniformMask(c, c.Threads, s.origin)
}

// maskCount is mask and its number of exact accesses, worked out with
// the mask: where it is nil, the thread map's accesses per thread.
func (s *maskSite) maskCount(c *Case, thread int) ([]bool, int, bool) {
	// The family classes' answer costs less than the memo's lookup.
	if c.memo == nil || c.Config.Class.Family() {
		return computeExactMaskCount(*c, s.prog, s.i, thread)
	}
	return c.memo.group.maskAt(c, s.prog, s.i, s.origin, s.ok, thread)
}

// mainOrigin is docOriginBits(c, c.Program, i): the case program's origins
// are found once per case, by op index (its judges ask for them record
// after record, thread after thread). Like the other helpers the judges
// call per record, it takes the case by address.
func (c *Case) mainOrigin(i int) (int64, bool) {
	m := c.memo
	if m == nil || i < 0 || i >= len(c.Program) {
		return docOriginBits(c, c.Program, i)
	}
	if m.mainOrigins == nil {
		m.mainOrigins = slices.Grow(m.mainOriginsBuf[:0], len(c.Program))[:len(c.Program)]
		m.mainOriginsBuf = m.mainOrigins
		for j := range m.mainOrigins {
			m.mainOrigins[j] = memoOrigin{i: -1}
		}
	}
	o := &m.mainOrigins[i]
	if o.i < 0 {
		o.bits, o.ok = docOriginBits(c, c.Program, i)
		o.i = i
	}
	return o.bits, o.ok
}

// memoOrigin is docOriginBits of one (program, op) of a case.
type memoOrigin struct {
	first *iterator.Op // the program, by its first op and length: a
	n, i  int          // program is never written once built
	bits  int64
	ok    bool
}

// originBits returns docOriginBits(c, prog, i), computed once per case:
// every thread, and every source of the plan, asks for the same few.
func (m *caseMemo) originBits(c *Case, prog iterator.Program, i int) (int64, bool) {
	if len(prog) == 0 {
		return docOriginBits(c, prog, i)
	}
	for _, o := range m.origins {
		if o.first == &prog[0] && o.n == len(prog) && o.i == i {
			return o.bits, o.ok
		}
	}
	bits, ok := docOriginBits(c, prog, i)
	m.origins = append(m.origins, memoOrigin{first: &prog[0], n: len(prog), i: i, bits: bits, ok: ok})
	return bits, ok
}
