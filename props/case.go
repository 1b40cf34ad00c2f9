package props

import (
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// Case is one configuration and one op program to judge.
type Case struct {
	Config  iterator.Config
	Map     iterator.ThreadMap // the thread map Config instantiates (iterator.Validate)
	Program iterator.Program
	// Threads are the threads judged per thread; properties about the whole
	// tile (P-cover) ask for every thread.
	Threads []int
	// PtrContract is what add_pointer_offset counts (zero: PtrElements).
	PtrContract Contract
	// First marks the first case of its configuration: properties that are
	// facts about the instantiation rather than the program (P-cover,
	// P-frag, the audit) are judged on it only, so that a configuration
	// with many programs counts once.
	First bool

	// Derived once by Prepare: the configuration's key and whether its
	// thread map covers the tile exactly.
	prepared, exact bool
	key             string
	// memo is set by Workspace.Attach: what properties derive from the
	// case alone.
	memo *caseMemo
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

// Prepare computes what every property and every source of a sweep would
// otherwise recompute for the case. Evaluate prepares unprepared cases
// itself; a sweep prepares them once for the iterator and all controls.
func (c *Case) Prepare() {
	if c.prepared {
		return
	}
	c.key = c.Config.String()
	dup, missing, outside := iterator.MapCoverage(c.Map)
	c.exact = dup == 0 && missing == 0 && outside == 0
	c.prepared = true
}

// Key is the configuration's canonical string (Config.String()).
func (c Case) Key() string {
	if c.prepared {
		return c.key
	}
	return c.Config.String()
}

// NewCase validates cfg and returns the case, or the *ConstraintError.
func NewCase(cfg iterator.Config, prog iterator.Program, threads []int) (Case, error) {
	m, err := iterator.Validate(cfg)
	if err != nil {
		return Case{}, err
	}
	if threads == nil {
		threads = AllThreads(cfg.Threads)
	}
	c := Case{Config: cfg, Map: m, Program: prog, Threads: threads, First: true}
	c.Prepare()
	return c, nil
}

// AllThreads lists threads 0..n-1.
func AllThreads(n int) []int {
	ts := make([]int, n)
	for i := range ts {
		ts[i] = i
	}
	return ts
}

func (c *Case) bytesContract() bool { return c.PtrContract == PtrBytes }

// Violation is one failed check: a configuration, an op program, a thread,
// and the addresses the property expected next to those it got, in fragment
// order.
//
// It holds its case as values (formatted only when a report is rendered):
// a quiet judgement (a kill-only sweep) leaves Config zero and Program nil.
type Violation struct {
	Property string
	Config   iterator.Config
	Program  iterator.Program
	Thread   int
	Op       int // index of the judged record's op in Program; -1 when not about one op
	Expected []int64
	Actual   []int64
	Detail   string
}

// Result is one property's outcome on one case (tilecheck check).
type Result struct {
	ID         string
	Doc        string
	Status     report.Status // pass, fail, n/a (preconditions not met) or audit
	Violations []Violation
}

// Property is one property. Programs lists the op programs whose
// traces Judge reads (the case's own program is always fetched); Oracle the
// programs it reads from the reference source. Judge compares traces only,
// read through Traces. All three only read the case: the engine judges the
// same case on the iterator under test and on every control.
type Property struct {
	ID      string
	Doc     string
	Catches string
	// Programs returns the derived programs to trace with the case's threads
	// (or every thread when AllThreads is set).
	Programs   func(*Case) []iterator.Program
	AllThreads bool
	// Oracle returns the programs to trace on the reference source.
	Oracle func(*Case) []iterator.Program
	Judge  func(*Case, *Traces) []Violation
	// AuditOnly properties are facts about the instantiation, the same for
	// every model (P-frag): reported, never part of a verdict.
	AuditOnly bool
	// ControlsExempt properties judge the source under test against a
	// companion of the same code (P-companion): a control is other code,
	// so the engine does not judge them on one and they kill no control.
	ControlsExempt bool
	// Compact says that Judge reads the compact form of its derived
	// programs' traces (shift.go) where the source has one, and their
	// records only where that does not decide: a program that only such
	// properties read is asked for in compact form.
	Compact bool
	// Derived, where set, says that Judge reads, besides its own programs,
	// every other program the engine evaluates with its records for the
	// case (Traces.DeclaredPrograms lists them after its own), and gives
	// for each the program the reference is asked (ok false: none).
	// P-oracle compares every program with the reference.
	Derived func(c *Case, prog iterator.Program) (ref iterator.Program, ok bool)
}

// with returns prefix followed by ops, in a new slice: carved from the
// plan's derived programs (planShared) when the case is planned, else
// allocated.
func (c *Case) with(prefix iterator.Program, ops ...iterator.Op) iterator.Program {
	var p iterator.Program
	if n := len(prefix) + len(ops); c.memo != nil && c.memo.shared != nil {
		p = c.memo.shared.ops.take(n)
	} else {
		p = make(iterator.Program, 0, n)
	}
	p = append(p, prefix...)
	return append(p, ops...)
}

// programList returns an empty list of at most n programs: carved from
// the plan's memory where c has a memo, since Replan reads a property's
// list of programs once and keeps none of it.
func (c *Case) programList(n int) []iterator.Program {
	if c.memo != nil && c.memo.shared != nil {
		return c.memo.shared.progs.take(n)
	}
	return make([]iterator.Program, 0, n)
}

// planShared is the memory a plan's case memos carve their derived
// programs, lists of programs and lists of equivalences from, kept from
// one plan to the next: Replan resets it, and nothing outside the plan
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
// next: Replan resets it, and nothing outside the plan holds what it
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

// Finding is an audit observation: a configuration outside a property's
// preconditions, or a fact about the instantiation.
type Finding struct {
	Topic  string
	Detail string
}

// UnitObservation is what one P-unit check saw: the units whose predicted
// move equals the observed move of one offset-taking path.
type UnitObservation struct {
	Path       string
	Documented string
	Matches    UnitSet
}

// recordAt returns the record of op index op in tr, or nil.
func recordAt(tr *iterator.ThreadTrace, op int) *iterator.Record {
	for i := range tr.Records {
		if tr.Records[i].Op == op {
			return &tr.Records[i]
		}
	}
	return nil
}

// lastRecord returns the last record of tr, or nil.
func lastRecord(tr *iterator.ThreadTrace) *iterator.Record {
	if len(tr.Records) == 0 {
		return nil
	}
	return &tr.Records[len(tr.Records)-1]
}
