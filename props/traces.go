package props

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
)

// What a property's Judge reads: one source's answers to a plan's needs,
// and the traces of one case in them, found by program once and by thread
// by index.

// progTraces is one source's answer to one (configuration, program)
// request: the response's traces, in the request's thread order.
type progTraces struct {
	err    error
	traces []iterator.ThreadTrace
	// shift is the compact form of the traces, where the source gave one
	// (nil: none), in the source's arena. pending says that the traces
	// themselves are not made yet: the first thread read makes them
	// (programTraces.thread).
	shift   *iterator.ShiftTrace
	pending bool
}

// fetched is one source's answers to a plan's needs, by need index.
type fetched struct {
	n       *needs
	answers []progTraces
	// skipped marks the needs not asked for (nil: none): reading one is a
	// bug in the plan (a property read a program it did not declare), so
	// get panics rather than judge on a missing trace.
	skipped []bool
	// What Plan.Kills reuses from one control to the next.
	reqs       []Request
	idx        []int
	skippedBuf []bool
	// compact is the source, where it answered in compact form: it traces
	// a pending answer when a judge reads its records.
	compact   compactSource
	compactOK []bool
}

// TraceSet is the view of one configuration (a plan's group) on a
// source's answers.
type TraceSet struct {
	f     *fetched
	group int
}

// get returns the answer for program p, or nil when p was not requested.
func (s TraceSet) get(p iterator.Program) *progTraces {
	if s.f == nil {
		return nil
	}
	i, ok := s.f.n.find(s.group, p)
	if !ok || i >= len(s.f.answers) {
		return nil
	}
	if s.f.skipped != nil && s.f.skipped[i] {
		panic(fmt.Sprintf("props: program %v read but not fetched for the properties judged", p))
	}
	return &s.f.answers[i]
}

// Traces is what a property's Judge reads: the traces of the source under
// test and of the reference, for one case. It also collects the side
// observations of judging: address comparisons made, audit findings, unit
// observations, unavailable paths.
type Traces struct {
	main, oracle TraceSet
	Checks       int64
	Findings     []Finding
	Units        []UnitObservation
	Unavailable  []string
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
	// scratch is the plan's memory for judgements (nil: they allocate).
	scratch *judgeScratch
	// declared is the need index of each program the property being
	// judged declared for the case (Plan.declaredBy; nil: find them by
	// program).
	declared []int
	// each is the violation judgeEachThread's judge fills in: handed to a
	// function value, a local would be moved to the heap thread after
	// thread. It is zero but for Thread and Op between violations.
	each Violation
	// own is the case program's answer, found at its first mainProgram:
	// every records-reading judge asks for it (ownProg: the case program;
	// nil outside a plan's evaluation).
	ownProg  iterator.Program
	own      programTraces
	ownFound bool
}

// NewTraces wraps the trace sets of one configuration.
func NewTraces(main, oracle TraceSet) *Traces { return &Traces{main: main, oracle: oracle} }

func lookup(s TraceSet, p iterator.Program, thread int) (*iterator.ThreadTrace, error) {
	return s.program(p).thread(thread)
}

// programTraces is one program's answer in a trace set, found once for
// every thread a judge reads: finding it is a lookup by program, reading a
// thread of it an index.
type programTraces struct {
	pt *progTraces // nil: not fetched
	// f and need find the request (to trace a pending answer) and its
	// threads' positions (pos). A programTraces is passed and returned
	// by value, judgement after judgement, so it is kept to four words,
	// which Go holds in registers: each word more costs the whole engine
	// CPU (docs/performance.md).
	f    *fetched
	need int
	// caseThreads says that every thread of the case judged was traced
	// in the compact form: the program is one the property declared for
	// the case, whose need was asked for the case's threads (or more),
	// and the compact form has every thread of the need's list. Judges
	// then skip has, thread after thread.
	caseThreads bool
}

// program finds the answer for p (not fetched: a zero programTraces).
func (s TraceSet) program(p iterator.Program) programTraces {
	if s.f == nil {
		return programTraces{}
	}
	i, ok := s.f.n.find(s.group, p)
	if !ok || i >= len(s.f.answers) {
		return programTraces{}
	}
	return s.answerAt(i, p)
}

// answerAt is the answer of need i, program p, which must have been
// fetched.
func (s TraceSet) answerAt(i int, p iterator.Program) programTraces {
	if s.f.skipped != nil && s.f.skipped[i] {
		panic(fmt.Sprintf("props: program %v read but not fetched for the properties judged", p))
	}
	return programTraces{pt: &s.f.answers[i], f: s.f, need: i}
}

// pos is, by thread, its index in the answer's traces, or -1.
func (a programTraces) pos() []int32 {
	if a.f == nil {
		return nil
	}
	return a.f.n.positions(a.need)
}

// thread returns the trace of thread, or the program's error.
func (a programTraces) thread(thread int) (*iterator.ThreadTrace, error) {
	if a.pt == nil {
		return nil, errNotFetched
	}
	if a.pt.pending {
		a.trace()
	}
	if a.pt.err != nil {
		return nil, a.pt.err
	}
	pos := a.pos()
	if thread < 0 || thread >= len(pos) || pos[thread] < 0 || int(pos[thread]) >= len(a.pt.traces) {
		return nil, errNotFetched
	}
	return &a.pt.traces[pos[thread]], nil
}

// mainProgram finds program p's answer from the source under test, for
// getIn.
func (t *Traces) mainProgram(p iterator.Program) programTraces {
	if len(p) == 0 || !isProgram(p, t.ownProg) {
		return t.main.program(p)
	}
	if !t.ownFound {
		t.own, t.ownFound = t.main.program(p), true
	}
	return t.own
}

// declaredProgram is mainProgram for p, the k-th program the property
// being judged declared for the case: found by its need index where the
// plan gave them (and the need is p, which a property that lists its
// programs in another order than it reads them would break), else by
// program.
func (t *Traces) declaredProgram(k int, p iterator.Program) programTraces {
	s := t.main
	if k >= len(t.declared) || s.f == nil {
		return s.program(p)
	}
	i := t.declared[k]
	if i >= len(s.f.answers) || !sameProgram(s.f.n.list[i].prog, p) {
		return s.program(p)
	}
	a := s.answerAt(i, p)
	if sh := a.pt.shift; sh != nil && sh.Threads == len(s.f.n.threadsOf(i)) {
		a.caseThreads = true
	}
	return a
}

// sameProgram says whether a and b are the same program: by identity
// first (a need keeps the program first declared, and most are asked by
// the case that built them), else op by op.
func sameProgram(a, b iterator.Program) bool {
	return isProgram(a, b) || slices.Equal(a, b)
}

// isProgram says whether a and b are one program, by its first op and
// length: a program is never written once built.
func isProgram(a, b iterator.Program) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// referenceProgram finds program p's answer from the reference.
func (t *Traces) referenceProgram(p iterator.Program) programTraces {
	if t.oracle == t.main {
		// The plan answers the oracle from the source's own answers
		// (EvaluateAsReference): the case program's is found once.
		return t.mainProgram(p)
	}
	return t.oracle.program(p)
}

// getIn is Get for a program found once (mainProgram).
func (t *Traces) getIn(a programTraces, thread int) (*iterator.ThreadTrace, error) {
	tr, err := a.thread(thread)
	t.noteUnavailable(err)
	return tr, err
}

// Get returns the trace of program p for thread from the source under test.
func (t *Traces) Get(p iterator.Program, thread int) (*iterator.ThreadTrace, error) {
	tr, err := lookup(t.main, p, thread)
	t.noteUnavailable(err)
	return tr, err
}

// Reference returns the trace of program p for thread from the reference.
func (t *Traces) Reference(p iterator.Program, thread int) (*iterator.ThreadTrace, error) {
	return lookup(t.oracle, p, thread)
}

func (t *Traces) noteUnavailable(err error) {
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
