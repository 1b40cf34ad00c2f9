package props

import (
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
)

// Workspace is the memory the properties derive a batch's cases into
// (their equivalences, unit probes, masks and audit findings, memoised per
// case and per configuration) and judge them with, kept from one batch to
// the next. The engine judging a batch attaches it to the batch's cases;
// a case judged without one derives everything afresh, with the same
// outcome. A workspace serves one goroutine at a time.
type Workspace struct {
	memos   []caseMemo
	shared  planShared
	groups  []groupMemo
	scratch judgeScratch
}

// Attach gives case i of cases, of configuration group groupOf[i] (0 ≤
// groupOf[i] < groups; the cases of one configuration share a group), its
// memo in w, emptying what the previous batch left there. What a property
// derives from the earlier batch's cases is no longer valid; outcomes
// judged earlier stay valid (they hold nothing of the workspace's).
func (w *Workspace) Attach(cases []Case, groupOf []int, groups int) {
	w.groups = w.groups[:0]
	for range groups {
		w.groups = appendGroup(w.groups)
	}
	w.shared.reset()
	if cap(w.memos) < len(cases) {
		w.memos = make([]caseMemo, len(cases))
	}
	w.memos = w.memos[:len(cases)]
	for i := range cases {
		w.memos[i].renew(&w.groups[groupOf[i]], &w.shared)
		cases[i].memo = &w.memos[i]
	}
}

// Audit is AuditCase(*c), computed once per attached case; the caller may
// append to the slice returned.
func (c *Case) Audit() []Finding { return c.memo.audit(c) }

// resize returns s with length n, reusing its memory when it can; the
// elements are not cleared.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// caseMemo holds what the properties derive from a case alone (its
// equivalences, unit probes, audit findings), worked out once per Plan and
// shared by every source the plan is evaluated on, instead of once per
// source and again per judgement. A plan is evaluated by one goroutine at a
// time; nil (a case judged outside a plan) means no memo.
type caseMemo struct {
	equivs     []memoEquivs
	probes     []unitProbe
	probesDone bool
	findings   []Finding
	auditDone  bool
	group      *groupMemo  // shared by the cases of the configuration (mask.go)
	shared     *planShared // the plan's derived programs and equivalences
	origins    []memoOrigin
	// mainOrigins is the case program's origins by op index (i < 0: not
	// yet found; nil until asked), carved from mainOriginsBuf.
	mainOrigins, mainOriginsBuf []memoOrigin
	// P-traverse's region and precondition (traverseRegion).
	region     region
	regionWhy  string
	regionDone bool
}

// renew empties m for a case of a new plan, in group, keeping the memory
// of its lists of equivalences, unit probes and origins: nothing outside
// the plan holds them (the judges read them while the plan is evaluated,
// and originBits returns values). The findings are handed out in the
// outcomes, so they are dropped.
func (m *caseMemo) renew(group *groupMemo, shared *planShared) {
	equivs, probes, origins, mainBuf := m.equivs, m.probes, m.origins, m.mainOriginsBuf
	clear(equivs) // no earlier plan's programs kept alive
	clear(probes)
	*m = caseMemo{group: group, shared: shared, equivs: equivs[:0], probes: probes[:0], origins: origins[:0], mainOriginsBuf: mainBuf}
}

type memoEquivs struct {
	id  string
	eqs []equivalence
}

// equivalences returns list(c, nil), computed once per memo, appended to
// the plan's list of equivalences (planShared).
func (m *caseMemo) equivalences(id string, c *Case, list func(*Case, []equivalence) []equivalence) []equivalence {
	if m == nil {
		return list(c, nil)
	}
	for _, e := range m.equivs {
		if e.id == id {
			return e.eqs
		}
	}
	var eqs []equivalence
	if m.shared != nil {
		// Appended after every list handed out so far (capped, so none
		// is written again); a list that outgrows the buffer's capacity
		// moves the buffer, and the earlier lists stay where they were.
		buf := &m.shared.eqs
		start := len(*buf)
		*buf = list(c, *buf)
		eqs = (*buf)[start:len(*buf):len(*buf)]
	} else {
		eqs = list(c, nil)
	}
	if len(eqs) == 0 {
		eqs = nil
	}
	m.equivs = append(m.equivs, memoEquivs{id, eqs})
	return eqs
}

// unitProbes returns unitProbes(c), computed once per memo.
func (m *caseMemo) unitProbes(c *Case) []unitProbe {
	if m == nil {
		return unitProbes(nil, c)
	}
	if !m.probesDone {
		m.probes, m.probesDone = unitProbes(m.probes[:0], c), true
	}
	return m.probes
}

// audit returns a fresh copy of AuditCase(c), computed once per memo (the
// caller appends to it).
func (m *caseMemo) audit(c *Case) []Finding {
	if m == nil {
		return AuditCase(*c)
	}
	if !m.auditDone {
		m.findings, m.auditDone = AuditCase(*c), true
	}
	return slices.Clip(m.findings)
}

// planShared is the memory a plan's case memos carve their derived
// programs, lists of programs and lists of equivalences from, kept from
// one batch to the next: Workspace.Attach resets it, and nothing outside the batch
// holds a derived program or an equivalence (a violation holds its case's
// program; descriptions are formatted when judged).
type planShared struct {
	ops   slab[iterator.Op]
	progs slab[iterator.Program]
	eqs   []equivalence
}

func (s *planShared) reset() {
	s.ops.reset()
	s.progs.clearUsed() // no earlier plan's programs kept alive
	s.progs.reset()
	clear(s.eqs)
	s.eqs = s.eqs[:0]
}

// slab holds what a plan's cases derive (the equivalences' and unit
// probes' sides, the lists of them), in blocks kept from one plan to the
// next: Workspace.Attach resets it, and nothing outside the batch holds what it
// hands out.
type slab[T any] struct {
	blocks    [][]T
	cur, used int
}

const slabBlock = 1 << 12

// take returns an empty slice with capacity n, capped so that appending
// beyond n never runs into the next one handed out.
func (s *slab[T]) take(n int) []T {
	for {
		if s.cur == len(s.blocks) {
			s.blocks = append(s.blocks, make([]T, max(n, slabBlock)))
		}
		b := s.blocks[s.cur]
		if len(b)-s.used >= n {
			out := b[s.used : s.used : s.used+n]
			s.used += n
			return out
		}
		s.cur, s.used = s.cur+1, 0
	}
}

func (s *slab[T]) reset() { s.cur, s.used = 0, 0 }

// clearUsed zeroes what was handed out since the last reset.
func (s *slab[T]) clearUsed() {
	for i := 0; i < s.cur && i < len(s.blocks); i++ {
		clear(s.blocks[i])
	}
	if s.cur < len(s.blocks) {
		clear(s.blocks[s.cur][:s.used])
	}
}
