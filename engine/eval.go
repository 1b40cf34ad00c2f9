package engine

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// Outcome is what judging one case found, per property (indexed like the
// property list given to Evaluate).
type Outcome struct {
	Violations  [][]props.Violation
	Judged      []bool // the property's preconditions held at least once
	Checks      int64  // address comparisons made
	Findings    []props.Finding
	Units       []props.UnitObservation // in the order made, a repeat of the one before left out
	Unavailable []string
	Err         error // the case program's own error (invalid configuration…)
	// ModelErr is the first error of the source under test on any program
	// the case needed (the case program's own included), other than an
	// unavailable path.
	ModelErr error
}

// Plan is what judging a batch of cases needs, worked out once: the
// configuration group of each case and every (configuration, program)
// request of every property, for the source under test and for the
// reference. A sweep judges the same batch on the iterator and on every
// control, so it builds one Plan and evaluates it on each source; the
// derived programs and equivalences of each case are memoised with it
// (caseMemo) rather than rebuilt for every source.
type Plan struct {
	properties      []props.Property
	cases           []props.Case
	groupOf         []int
	cfgs            []iterator.Config
	mainNeeds, refs needs
	// uses lists, per property, the mainNeeds indices its judging reads
	// (the case programs included), so that a source judged on some
	// properties only is traced only for them (EvaluateKillsOf).
	uses [][]int
	// useAt bounds, per property, each case's part of uses[j]: case i
	// reads uses[j][useAt[j][i]:useAt[j][i+1]] (Kills' shortcut).
	useAt [][]int32
	// The answers of the source judged and of the reference, and Kills'
	// traces, reused evaluation after evaluation: no outcome refers to
	// them.
	mainFetch, refFetch fetched
	killTraces          props.Traces
	evalTraces          props.Traces // evaluateSome's, reset case after case
	read                reader       // the Traces' reader, reset case after case
	wantBuf             []bool       // neededBy's answer, valid until its next call
	sameBuf, viaRefBuf  []bool       // shortcut's memory
	refWantBuf          []bool       // ReferenceKills' memory
	refMainFetch        fetched
	scopes              []iterator.Scope // by group, once a shortcut needs them (nil until then)
	// Memory Replan reuses: what the properties derive from the cases,
	// and the configurations' keys.
	work  props.Workspace
	byKey map[string]int
	all   []int // 0, 1, 2, …: every AllThreads list is a prefix
	// The outcomes' memory, reused evaluation after evaluation once the
	// plan's owner said it reads each evaluation's outcomes before the
	// next (ReuseOutcomes).
	reuse bool
	outs  outcomeMemory
}

// outcomeMemory is what an evaluation's outcomes are carved from.
type outcomeMemory struct {
	outs   []Outcome
	viols  [][]props.Violation
	judged []bool
	units  []props.UnitObservation
}

// ReuseOutcomes makes the outcomes of each evaluation of p valid until its
// next evaluation only, which reuses their memory (a sweep's worker reads
// a batch's outcomes before judging the next; outcomes are otherwise the
// largest share of what a sweep allocates). It returns p.
func (p *Plan) ReuseOutcomes() *Plan {
	p.reuse = true
	return p
}

// carve returns the outcomes of n cases of np properties each, their
// per-property lists and the room their unit observations start in:
// fresh, or p's own cleared where p reuses them.
func (p *Plan) carve(n, np int) (out []Outcome, viols [][]props.Violation, judged []bool, units []props.UnitObservation) {
	if !p.reuse {
		return make([]Outcome, n), make([][]props.Violation, n*np), make([]bool, n*np), nil
	}
	m := &p.outs
	m.outs, m.viols, m.judged = resize(m.outs, n), resize(m.viols, n*np), resize(m.judged, n*np)
	clear(m.outs)
	clear(m.viols)
	clear(m.judged)
	return m.outs, m.viols, m.judged, m.units[:0]
}

// keepUnits makes room in p for as many unit observations as out made, so
// that the next evaluation carves them from one block it keeps.
func (p *Plan) keepUnits(out []Outcome) {
	if !p.reuse {
		return
	}
	n := 0
	for i := range out {
		n += len(out[i].Units)
	}
	if n > cap(p.outs.units) {
		p.outs.units = make([]props.UnitObservation, 0, n+n/4)
	}
}

// NewPlan plans the judging of cases with the given properties.
func NewPlan(properties []props.Property, cases []props.Case) *Plan {
	return new(Plan).Replan(properties, cases)
}

// Replan plans the judging of cases in p anew, reusing the memory of its
// earlier plan (a sweep's worker keeps one plan, batch after batch), and
// returns p. The outcomes of earlier evaluations stay valid: they hold
// nothing of the plan's.
func (p *Plan) Replan(properties []props.Property, cases []props.Case) *Plan {
	p.properties = properties
	p.cases = resize(p.cases, len(cases))
	p.groupOf = resize(p.groupOf, len(cases))
	p.cfgs, p.scopes = p.cfgs[:0], p.scopes[:0]
	if p.byKey == nil {
		p.byKey = map[string]int{}
	}
	clear(p.byKey)
	// The cases are read in place and copied once, into the plan (a
	// Case is large).
	for i := range cases {
		c := &cases[i]
		k := c.Key()
		g, ok := p.byKey[k]
		if !ok {
			g = len(p.cfgs)
			p.byKey[k] = g
			p.cfgs = append(p.cfgs, c.Config)
		}
		p.groupOf[i] = g
	}
	copy(p.cases, cases)
	p.work.Attach(p.cases, p.groupOf, len(p.cfgs))
	p.uses = resize(p.uses, len(properties))
	p.useAt = resize(p.useAt, len(properties))
	for j := range p.uses {
		p.uses[j] = p.uses[j][:0]
		p.useAt[j] = p.useAt[j][:0]
	}
	p.mainNeeds.reset()
	p.refs.reset()
	for i := range p.cases {
		c := &p.cases[i]
		g := p.groupOf[i]
		own := p.mainNeeds.add(g, c.Program, c.Threads)
		for j, pr := range properties {
			p.useAt[j] = append(p.useAt[j], int32(len(p.uses[j])))
			p.uses[j] = append(p.uses[j], own)
			threads := c.Threads
			if pr.AllThreads {
				threads = p.allThreads(c.Config.Threads)
			}
			if pr.Programs != nil {
				for _, prog := range pr.Programs(c) {
					p.uses[j] = append(p.uses[j], p.mainNeeds.add(g, prog, threads))
				}
			}
			if pr.Oracle != nil {
				for _, prog := range pr.Oracle(c) {
					p.refs.add(g, prog, c.Threads)
				}
			}
		}
		p.planDerived(i, g, own)
	}
	for j := range properties {
		p.useAt[j] = append(p.useAt[j], int32(len(p.uses[j])))
	}
	// The needs whose records some property reads; the others may be
	// answered in compact form.
	p.mainNeeds.records = resize(p.mainNeeds.records, len(p.mainNeeds.list))
	clear(p.mainNeeds.records)
	for j, pr := range properties {
		if !pr.Compact {
			for _, i := range p.uses[j] {
				p.mainNeeds.records[i] = true
			}
		}
	}
	p.mainNeeds.finish(p.cfgs)
	p.refs.finish(p.cfgs)
	return p
}

// declaredBy is the need index of each program property j declared for
// case i (its Programs, in order): a judge finds the answer of its k-th
// program by index rather than by hashing the program.
func (p *Plan) declaredBy(j, i int) []int {
	return p.uses[j][p.useAt[j][i]+1 : p.useAt[j][i+1]]
}

// allThreads is AllThreads(n), shared by every case and plan that asks
// (the list is never written).
func (p *Plan) allThreads(n int) []int {
	if len(p.all) < n {
		p.all = props.AllThreads(max(n, 2*len(p.all)))
	}
	return p.all[:n:n]
}

// resize returns s with length n, reusing its memory when it can; the
// elements are not cleared.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// Evaluate judges cases on src with the given properties: it collects every
// property's programs for the whole batch, fetches each (configuration,
// program) once from src (and the oracle programs once from ref, which may
// be nil), then judges. Cases of one configuration share their traces.
func Evaluate(properties []props.Property, src, ref props.Source, cases []props.Case) ([]Outcome, error) {
	return NewPlan(properties, cases).Evaluate(src, ref)
}

// Evaluate judges the plan's cases on src, with the oracle programs from
// ref (nil: none).
func (p *Plan) Evaluate(src, ref props.Source) ([]Outcome, error) { return p.evaluate(src, ref, false) }

// EvaluateKills is Evaluate for a source whose violations are only
// counted, never shown (a control): the same checks and the same number of
// violations, without their descriptions or unit observations
// (a quiet props.Traces). ControlsExempt properties are not judged: their
// outcome is empty.
func (p *Plan) EvaluateKills(src, ref props.Source) ([]Outcome, error) {
	return p.evaluate(src, ref, true)
}

func (p *Plan) evaluate(src, ref props.Source, quiet bool) ([]Outcome, error) {
	return p.evaluateSome(src, ref, quiet, nil, false)
}

// EvaluateAsReference is Evaluate where src answers as ref does: it is
// the reference model itself (a sweep of the reference). Then every
// oracle program the plan also asks src for, with its records and at
// least the oracle's threads, is answered once: the oracle reads src's
// answer. Where any oracle program is not such a program (the bytes
// contract rewrites the oracle's pointer offsets), or the two sources'
// names differ, it is Evaluate.
func (p *Plan) EvaluateAsReference(src, ref props.Source) ([]Outcome, error) {
	return p.evaluateSome(src, ref, false, nil, src != nil && ref != nil && src.Name() == ref.Name())
}

// refsInMain says whether every oracle need is a main need of the same
// configuration and program, whose records are read and whose threads
// include the oracle's: then the main answers serve as the oracle's.
func (p *Plan) refsInMain() bool {
	m := &p.mainNeeds
	for _, r := range p.refs.list {
		i, ok := m.lookupHash(r.hash, r.group, r.prog)
		if !ok || (len(m.records) == len(m.list) && !m.records[i]) {
			return false
		}
		if have, want := m.lists[m.list[i].threads].threads, p.refs.lists[r.threads].threads; !sameThreads(have, want) && !containsThreads(have, want) {
			return false
		}
	}
	return true
}

// evaluateSome is evaluate judging only the properties j with judge[j]
// (nil: all); the others' violations are empty and they count as not
// judged. Where refIsSrc, src answers as ref does (EvaluateAsReference).
func (p *Plan) evaluateSome(src, ref props.Source, quiet bool, judge []bool, refIsSrc bool) ([]Outcome, error) {
	properties := p.properties
	main, err := p.mainNeeds.fetchInto(&p.mainFetch, src, p.neededBy(judge))
	if err != nil {
		return nil, err
	}
	refs := main
	if !refIsSrc || judge != nil || !p.refsInMain() {
		if refs, err = p.refs.fetchInto(&p.refFetch, ref, nil); err != nil {
			return nil, err
		}
	}
	// Every case's per-property lists are carved from one allocation per
	// evaluation (the plan's own where it reuses outcomes), and its Traces
	// is the plan's, reset case after case (its slices are handed to the
	// outcome and replaced, never reused). The cases' unit observations are
	// carved from blocks (mostly a few a case), each case's list capped:
	// units is the room left, which a case starts its list in (observeUnit
	// takes a block where there is too little; an evaluation that observes
	// nothing, a control's, takes none).
	np := len(properties)
	out, viols, judged, units := p.carve(len(p.cases), np)
	t := &p.evalTraces
	for i := range p.cases {
		c := &p.cases[i]
		g := p.groupOf[i]
		mainSet := traceSet{f: main, group: g}
		p.read = reader{main: mainSet, oracle: traceSet{f: refs, group: g}}
		t.Reset(&p.read, c, quiet, &p.work)
		t.Units = units
		o := &out[i] // filled in place: an Outcome is 25 words
		o.Violations, o.Judged = viols[i*np:(i+1)*np:(i+1)*np], judged[i*np:(i+1)*np:(i+1)*np]
		if a := mainSet.get(c.Program); a != nil && a.Err() != nil {
			o.Err = a.Err()
			t.NoteErr(o.Err)
		}
		for j, pr := range properties {
			// A control is judged only by the properties still able to kill
			// it (judge), and never by one exempt from controls.
			if (judge != nil && !judge[j]) || (quiet && pr.ControlsExempt) {
				continue
			}
			p.read.declared = p.declaredBy(j, i)
			o.Violations[j] = pr.Judge(c, t)
			o.Judged[j] = t.TakeJudged()
		}
		o.Checks, o.Unavailable, o.ModelErr = t.Checks, t.Unavailable, t.ModelErr
		if n := len(t.Units); n > 0 {
			o.Units = t.Units[:n:n]
			units = t.Units[n:] // the rest of the block (or of the list a case outgrew it into)
		}
		o.Findings = append(c.Audit(), t.Findings...)
	}
	p.keepUnits(out)
	return out, nil
}

// Check judges one case with the given properties and returns one Result
// per property: fail with its violations, pass, or n/a when its
// preconditions never held (and audit for audit-only properties).
func Check(properties []props.Property, src, ref props.Source, c props.Case) ([]props.Result, Outcome, error) {
	outs, err := Evaluate(properties, src, ref, []props.Case{c})
	if err != nil {
		return nil, Outcome{}, err
	}
	o := outs[0]
	if o.Err != nil {
		return nil, o, o.Err
	}
	if o.ModelErr != nil {
		// A program a property derived failed on the model: what the
		// property would say is unknown, and a model error is never a pass.
		return nil, o, fmt.Errorf("the model failed on a program the properties derive: %w", o.ModelErr)
	}
	res := make([]props.Result, len(properties))
	for j, p := range properties {
		r := props.Result{ID: p.ID, Doc: p.Doc, Violations: o.Violations[j]}
		switch {
		case len(r.Violations) > 0 && p.AuditOnly:
			r.Status = report.Audited
		case len(r.Violations) > 0:
			r.Status = report.Violated
		case o.Judged[j]:
			r.Status = report.Held
		default:
			r.Status = report.NotApplicable
		}
		res[j] = r
	}
	return res, o, nil
}
