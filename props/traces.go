package props

import (
	"errors"

	"github.com/tilecheck/tilecheck/iterator"
)

// What a property's Judge reads: the answers of the source under test and
// of the reference for one case, lent by the engine judging it through a
// Reader, and read thread by thread without it (ProgramTraces).

// Reader is what the engine judging a case lends its Traces: the answers
// of the source under test and of the reference for the case's
// configuration. It is asked once per program a judge reads, never per
// thread or access.
type Reader interface {
	// Answer is the source under test's answer to program p, nil where
	// p was not requested. Reading a program that was requested but not
	// fetched for the properties judged is a bug in a property (it read a
	// program it did not declare): the reader panics.
	Answer(p iterator.Program) *Answer
	// ReferenceAnswer is the reference's answer to program p, nil where
	// p was not requested.
	ReferenceAnswer(p iterator.Program) *Answer
	// Declared is Answer for p, the k-th program the property being
	// judged declared for the case (Property.Programs, then the programs
	// Declaration lists for a derived property); whole says that the
	// answer's compact form holds every thread the case judges.
	Declared(k int, p iterator.Program) (a *Answer, whole bool)
	// Declaration is the k-th program the property being judged
	// declared for the case, in order; ok is false past the last.
	Declaration(k int) (p iterator.Program, ok bool)
}

// Lazy makes an answer's traces that a source gave in compact form only,
// at the first read of a thread's records.
type Lazy interface {
	// TraceLazy traces request i of the answers in full, as the source's
	// Traces would.
	TraceLazy(i int) ([]iterator.ThreadTrace, error)
}

// Answer is a source's answer to one (configuration, program) request:
// its traces, found by thread through the request's thread positions, or
// its error, and its compact form where the source gave one.
type Answer struct {
	err    error
	traces []iterator.ThreadTrace
	shift  *iterator.ShiftTrace
	pos    []int32
	lazy   Lazy // non-nil: traces not made yet
	need   int
}

// NewAnswer is a source's answer: traces (one per thread requested) or
// err, shift its compact form (nil: none), and pos, by thread, its index
// in traces or -1. pos is read, never written.
func NewAnswer(traces []iterator.ThreadTrace, err error, shift *iterator.ShiftTrace, pos []int32) Answer {
	return Answer{err: err, traces: traces, shift: shift, pos: pos}
}

// PendingAnswer is an answer given in compact form only: lazy.TraceLazy(i)
// makes its traces when a judge first reads a thread's records.
func PendingAnswer(shift *iterator.ShiftTrace, pos []int32, lazy Lazy, i int) Answer {
	return Answer{shift: shift, pos: pos, lazy: lazy, need: i}
}

// Pending says whether the answer's traces are not made yet: it was
// judged from its compact form alone.
func (a *Answer) Pending() bool { return a.lazy != nil }

// Err is the answer's error: nil for a pending answer, until a judge
// reads its records.
func (a *Answer) Err() error { return a.err }

// trace makes a pending answer's traces.
func (a *Answer) trace() {
	a.traces, a.err = a.lazy.TraceLazy(a.need)
	a.lazy = nil
}

// Traces is what a property's Judge reads: the traces of the source under
// test and of the reference, for one case, through the Reader the engine
// lends it. It also collects the side observations of judging: address
// comparisons made, audit findings, unit observations, unavailable paths.
type Traces struct {
	r           Reader
	Checks      int64
	Findings    []Finding
	Units       []UnitObservation
	Unavailable []string
	// ModelErr is the first error the source under test returned for a
	// program of the case other than an unavailable path: a model error is
	// never a pass (the sweep reports it and is weak at best).
	ModelErr error
	judged   bool
	// quiet says that only whether each property failed will be read (a
	// control's kills): violations then carry their property, thread and
	// op but no strings, whose formatting is most of a violation's cost.
	// Every check is still made and counted.
	quiet bool
	// scratch is the workspace's memory for judgements (nil: they allocate).
	scratch *judgeScratch
	// each is the violation judgeEachThread's judge fills in: handed to a
	// function value, a local would be moved to the heap thread after
	// thread. It is zero but for Thread and Op between violations.
	each Violation
	// own is the case program's answer, found at its first mainProgram:
	// every records-reading judge asks for it (ownProg: the case program).
	ownProg  iterator.Program
	own      ProgramTraces
	ownFound bool
}

// Reset readies t to judge case c through r, emptying every observation
// (the slices are dropped, not reused). A quiet judgement is one whose
// violations are only counted (a control's kills: no descriptions or unit
// observations); w lends the judges its memory (nil: they allocate).
func (t *Traces) Reset(r Reader, c *Case, quiet bool, w *Workspace) {
	var scratch *judgeScratch
	if w != nil {
		scratch = &w.scratch
	}
	*t = Traces{r: r, quiet: quiet, scratch: scratch, ownProg: c.Program}
}

// Quiet says whether only whether each property failed will be read: a
// judge then need not describe its violations.
func (t *Traces) Quiet() bool { return t.quiet }

// ProgramTraces is one program's answer, found once for every thread a
// judge reads: finding it asks the Reader, reading a thread of it is an
// index.
type ProgramTraces struct {
	a *Answer // nil: not fetched
	// caseThreads says that every thread of the case judged was traced
	// in the compact form (Reader.Declared's whole): judges then skip
	// has, thread after thread.
	caseThreads bool
}

// Thread returns the trace of thread, or the program's error.
func (a ProgramTraces) Thread(thread int) (*iterator.ThreadTrace, error) {
	if a.a == nil {
		return nil, errNotFetched
	}
	if a.a.lazy != nil {
		a.a.trace()
	}
	if a.a.err != nil {
		return nil, a.a.err
	}
	pos := a.a.pos
	if thread < 0 || thread >= len(pos) || pos[thread] < 0 || int(pos[thread]) >= len(a.a.traces) {
		return nil, errNotFetched
	}
	return &a.a.traces[pos[thread]], nil
}

func (a ProgramTraces) thread(thread int) (*iterator.ThreadTrace, error) { return a.Thread(thread) }

// Program finds program p's answer from the source under test (the case
// program's once per case); Read reads its threads.
func (t *Traces) Program(p iterator.Program) ProgramTraces { return t.mainProgram(p) }

// mainProgram finds program p's answer from the source under test.
func (t *Traces) mainProgram(p iterator.Program) ProgramTraces {
	if t.r == nil {
		return ProgramTraces{}
	}
	if len(p) == 0 || !isProgram(p, t.ownProg) {
		return ProgramTraces{a: t.r.Answer(p)}
	}
	if !t.ownFound {
		t.own, t.ownFound = ProgramTraces{a: t.r.Answer(p)}, true
	}
	return t.own
}

// Declared is Program for p, the k-th program the property being judged
// declared for the case (its Programs, in order, then for a derived
// property those DeclaredPrograms lists): found by its place, not by
// hashing p.
func (t *Traces) Declared(k int, p iterator.Program) ProgramTraces { return t.declaredProgram(k, p) }

func (t *Traces) declaredProgram(k int, p iterator.Program) ProgramTraces {
	if t.r == nil {
		return ProgramTraces{}
	}
	a, whole := t.r.Declared(k, p)
	return ProgramTraces{a: a, caseThreads: whole && a != nil && a.shift != nil}
}

// DeclaredPrograms calls yield with every program the property being
// judged declared for the case (a derived property: every program the
// engine evaluates with its records for the case besides its own).
func (t *Traces) DeclaredPrograms(yield func(k int, p iterator.Program) bool) {
	if t.r == nil {
		return
	}
	for k := 0; ; k++ {
		p, ok := t.r.Declaration(k)
		if !ok || !yield(k, p) {
			return
		}
	}
}

func (t *Traces) derivedPrograms(yield func(k int, p iterator.Program) bool) {
	t.DeclaredPrograms(yield)
}

// isProgram says whether a and b are one program, by its first op and
// length: a program is never written once built.
func isProgram(a, b iterator.Program) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// ReferenceProgram finds program p's answer from the reference.
func (t *Traces) ReferenceProgram(p iterator.Program) ProgramTraces { return t.referenceProgram(p) }

func (t *Traces) referenceProgram(p iterator.Program) ProgramTraces {
	if t.r == nil {
		return ProgramTraces{}
	}
	return ProgramTraces{a: t.r.ReferenceAnswer(p)}
}

// Read is a's trace of thread, noting an unavailable path or a model
// error as Get does.
func (t *Traces) Read(a ProgramTraces, thread int) (*iterator.ThreadTrace, error) {
	return t.getIn(a, thread)
}

// getIn is Get for a program found once (mainProgram).
func (t *Traces) getIn(a ProgramTraces, thread int) (*iterator.ThreadTrace, error) {
	tr, err := a.thread(thread)
	t.NoteErr(err)
	return tr, err
}

// Get returns the trace of program p for thread from the source under test.
func (t *Traces) Get(p iterator.Program, thread int) (*iterator.ThreadTrace, error) {
	return t.getIn(t.mainProgram(p), thread)
}

// Reference returns the trace of program p for thread from the reference.
func (t *Traces) Reference(p iterator.Program, thread int) (*iterator.ThreadTrace, error) {
	return t.referenceProgram(p).thread(thread)
}

// NoteErr records what an error of the source under test means for the
// case: an unavailable path is listed once (Unavailable), any other error
// but a program not fetched is the case's ModelErr, the first one kept.
func (t *Traces) NoteErr(err error) {
	if err != nil && err != errNotFetched && t.ModelErr == nil && !errors.As(err, new(*iterator.UnavailableError)) {
		t.ModelErr = err
	}
	if ue, ok := err.(*iterator.UnavailableError); ok {
		for _, u := range t.Unavailable {
			if u == ue.Path {
				return
			}
		}
		t.Unavailable = append(t.Unavailable, ue.Path)
	}
}

// Judged marks that the property made at least one check on this case (its
// preconditions held), even when the check counted no addresses.
func (t *Traces) Judged() { t.judged = true }

// TakeJudged reports and resets the judged mark.
func (t *Traces) TakeJudged() bool {
	j := t.judged
	t.judged = false
	return j
}

// Audit records an audit finding.
func (t *Traces) Audit(topic, detail string) {
	t.Findings = append(t.Findings, Finding{Topic: topic, Detail: detail})
}

type fetchError string

func (e fetchError) Error() string { return string(e) }

const errNotFetched = fetchError("trace not fetched (the property did not list its program)")

// Shift is the answer's compact form, nil where the source gave none.
func (a *Answer) Shift() *iterator.ShiftTrace { return a.shift }
