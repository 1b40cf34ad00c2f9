package engine

import (
	"fmt"
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// One source's answers to a plan's needs, and the Reader a property's
// Traces reads them through for one case: found by program once, by
// thread by index (props.ProgramTraces).

// fetched is one source's answers to a plan's needs, by need index.
type fetched struct {
	n       *needs
	answers []props.Answer
	// skipped marks the needs not asked for (nil: none): reading one is a
	// bug in the plan (a property read a program it did not declare), so
	// the reader panics rather than judge on a missing trace.
	skipped []bool
	// What Plan.Kills reuses from one control to the next.
	reqs       []props.Request
	idx        []int
	skippedBuf []bool
	// compact is the source, where it answered in compact form: it traces
	// a pending answer when a judge reads its records (TraceLazy).
	compact   props.CompactSource
	compactOK []bool
	list      needList // the needs asked of compact, read in place
}

// TraceLazy traces need i in full, from its request.
func (f *fetched) TraceLazy(i int) ([]iterator.ThreadTrace, error) {
	r := f.n.request(i)
	return f.compact.TraceRequest(&r)
}

// traceSet is the view of one configuration (a plan's group) on a
// source's answers.
type traceSet struct {
	f     *fetched
	group int
}

// get returns the answer for program p, or nil when p was not requested.
func (s traceSet) get(p iterator.Program) *props.Answer {
	if s.f == nil {
		return nil
	}
	i, ok := s.f.n.find(s.group, p)
	if !ok || i >= len(s.f.answers) {
		return nil
	}
	return s.answerAt(i, p)
}

// answerAt is the answer of need i, program p, which must have been
// fetched.
func (s traceSet) answerAt(i int, p iterator.Program) *props.Answer {
	if s.f.skipped != nil && s.f.skipped[i] {
		panic(fmt.Sprintf("engine: program %v read but not fetched for the properties judged", p))
	}
	return &s.f.answers[i]
}

// reader is the props.Reader of one case: the source under test's and
// the reference's answers of its configuration, and the needs the
// property being judged declared (declared, set property by property).
type reader struct {
	main, oracle traceSet
	declared     []int
}

func (r *reader) Answer(p iterator.Program) *props.Answer { return r.main.get(p) }

func (r *reader) ReferenceAnswer(p iterator.Program) *props.Answer {
	// Where the plan answers the oracle from the source's own answers
	// (EvaluateAsReference), the two sets are one.
	return r.oracle.get(p)
}

// Declared finds p, the k-th declared program, by its need index where
// the plan gave them (and the need is p, which a property that lists its
// programs in another order than it reads them would break), else by
// program.
func (r *reader) Declared(k int, p iterator.Program) (*props.Answer, bool) {
	s := r.main
	if k >= len(r.declared) || s.f == nil {
		return s.get(p), false
	}
	i := r.declared[k]
	if i >= len(s.f.answers) || !sameProgram(s.f.n.list[i].prog, p) {
		return s.get(p), false
	}
	a := s.answerAt(i, p)
	whole := false
	if sh := s.f.answers[i].Shift(); sh != nil && sh.Threads == len(s.f.n.threadsOf(i)) {
		whole = true
	}
	return a, whole
}

func (r *reader) Declaration(k int) (iterator.Program, bool) {
	s := r.main
	if s.f == nil || k >= len(r.declared) || r.declared[k] >= len(s.f.n.list) {
		return nil, false
	}
	return s.f.n.list[r.declared[k]].prog, true
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
