package props

import (
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

// Prepare computes what every property and every source of a sweep would
// otherwise recompute for the case; an unprepared case works it out
// when asked. A sweep prepares its cases once for the iterator and all
// controls.
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
// the workspace's memory where c has a memo, since the engine reads a property's
// list of programs once and keeps none of it.
func (c *Case) programList(n int) []iterator.Program {
	if c.memo != nil && c.memo.shared != nil {
		return c.memo.shared.progs.take(n)
	}
	return make([]iterator.Program, 0, n)
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
