package sweep

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"sync"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// sizeKey orders counterexamples: fewest ops, smallest V, smallest tile,
// smallest offsets, fewest threads, lowest thread, least padding.
type sizeKey [7]int64

func less(a, b sizeKey) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func caseSize(c props.Case, thread int) sizeKey {
	sh := c.Config.PitchShape()
	var offs int64
	for _, o := range c.Program {
		offs += abs(o.A) + abs(o.B)
	}
	return sizeKey{int64(len(c.Program)), int64(c.Config.Access), sh.C * sh.S, offs,
		int64(c.Config.Threads), int64(thread), c.Config.Pitch() - sh.C}
}

type candidate struct {
	key sizeKey
	v   props.Violation
}

type unitAgg struct {
	documented string
	matches    props.UnitSet
}

type auditAgg struct {
	entries []report.AuditEntry
	count   int
}

// aggregate accumulates batch results in case order, so that the report is
// the same whatever the worker count.
type aggregate struct {
	name     string
	opts     Options
	controls []iterator.Defect
	cases    []int64
	viol     []int64
	best     []*candidate
	kills    [][]bool
	checks   int64
	classes  []gen.Target // gen.Targets of the class swept: what the coverage section measures
	covHits  []int
	covSeen  []map[string]bool // pairwise classes: the keys reached
	// keys are the last key of each universe target and whether it was
	// filed; a PerConfig target's is kept while cases of one
	// configuration follow one another in a batch.
	keys     []caseKey
	covTotal int
	// What the back end left out (iterator.UnavailableError.LeftOut): the
	// keys and class members of cases it cannot have, outside the floors.
	leftKeys []map[string]bool
	leftHits []int
	units    map[string]*unitAgg
	audit    map[string]*auditAgg
	unavail  map[string]bool
	errs     int
	firstErr *report.AuditEntry // the first case the model errored on
}

const auditExamples = 5

// tileArgs matches the arguments of a tile op, so that unavailable paths are
// listed once per path rather than once per offset.
var tileArgs = regexp.MustCompile(`\(-?\d+,-?\d+\)`)

func newAggregate(name string, opts Options, controls []iterator.Defect) *aggregate {
	n := len(opts.Properties)
	a := &aggregate{name: name, opts: opts, controls: controls,
		cases: make([]int64, n), viol: make([]int64, n), best: make([]*candidate, n),
		kills: make([][]bool, len(controls)),
		units: map[string]*unitAgg{}, audit: map[string]*auditAgg{}, unavail: map[string]bool{}}
	if opts.Cases == nil { // given cases were aimed at no target (given.go)
		a.classes = gen.Targets(opts.Class)
	}
	a.covHits = make([]int, len(a.classes))
	a.covSeen = make([]map[string]bool, len(a.classes))
	a.keys = make([]caseKey, len(a.classes))
	a.leftHits = make([]int, len(a.classes))
	a.leftKeys = make([]map[string]bool, len(a.classes))
	for k, cl := range a.classes {
		if cl.Key != nil {
			a.covSeen[k] = map[string]bool{}
			a.leftKeys[k] = map[string]bool{}
		}
	}
	for i := range a.kills {
		a.kills[i] = make([]bool, n)
	}
	return a
}

func (a *aggregate) offer(j int, c props.Case, v props.Violation) {
	k := caseSize(c, v.Thread)
	if a.best[j] == nil || less(k, a.best[j].key) {
		// The addresses may be carved from a worker's arena, reused by its
		// next batch: the counterexample kept owns a copy.
		v.Expected, v.Actual = slices.Clone(v.Expected), slices.Clone(v.Actual)
		a.best[j] = &candidate{key: k, v: v}
	}
}

// addOutcomes adds the iterator's outcomes of one batch of cases.
func (a *aggregate) addOutcomes(cases []props.Case, outs []engine.Outcome) {
	for i := range outs {
		c, o := &cases[i], &outs[i] // a Case is 368 bytes, an Outcome 200
		a.checks += o.Checks
		if o.ModelErr != nil {
			// A model error is never a pass: counted, shown in the audit
			// with its case, and the verdict is weak at best.
			a.errs++
			if a.firstErr == nil {
				a.firstErr = &report.AuditEntry{Topic: "model-error", Config: c.Key(),
					Detail: fmt.Sprintf("ops %s: %v", c.Program, o.ModelErr)}
			}
		}
		a.addCoverage(c, o, i > 0 && c.Config == cases[i-1].Config)
		for j := range a.opts.Properties {
			if o.Judged[j] {
				a.cases[j]++
			}
			a.viol[j] += int64(len(o.Violations[j]))
			for _, v := range o.Violations[j] {
				a.offer(j, *c, v)
			}
		}
		for _, u := range o.Units {
			ua := a.units[u.Path]
			if ua == nil {
				ua = &unitAgg{documented: u.Documented, matches: props.AllUnits}
				a.units[u.Path] = ua
			}
			ua.matches &= u.Matches
		}
		for _, f := range o.Findings {
			ag := a.audit[f.Topic]
			if ag == nil {
				ag = &auditAgg{}
				a.audit[f.Topic] = ag
			}
			ag.count++
			if len(ag.entries) < auditExamples {
				ag.entries = append(ag.entries, report.AuditEntry{Topic: f.Topic, Config: c.Key(), Detail: f.Detail})
			}
		}
		for _, u := range o.Unavailable {
			a.unavail[tileArgs.ReplaceAllString(u, "(c,s)")] = true
		}
	}
}

// merge adds a later batch's partial aggregate. Merging in batch order
// keeps the smallest counterexample and the audit examples the same as a
// sequential run would choose.
func (a *aggregate) merge(b *aggregate) {
	a.checks += b.checks
	a.errs += b.errs
	if a.firstErr == nil {
		a.firstErr = b.firstErr
	}
	a.covTotal += b.covTotal
	for k := range a.covHits {
		a.covHits[k] += b.covHits[k]
		a.leftHits[k] += b.leftHits[k]
		for key := range b.covSeen[k] {
			a.covSeen[k][key] = true
		}
		for key := range b.leftKeys[k] {
			a.leftKeys[k][key] = true
		}
	}
	for j := range a.cases {
		a.cases[j] += b.cases[j]
		a.viol[j] += b.viol[j]
		if c := b.best[j]; c != nil && (a.best[j] == nil || less(c.key, a.best[j].key)) {
			a.best[j] = c
		}
	}
	for i := range a.kills {
		for j := range a.kills[i] {
			a.kills[i][j] = a.kills[i][j] || b.kills[i][j]
		}
	}
	for p, u := range b.units {
		if au := a.units[p]; au != nil {
			au.matches &= u.matches
		} else {
			a.units[p] = u
		}
	}
	topics := slices.Sorted(maps.Keys(b.audit))
	for _, t := range topics {
		ba := b.audit[t]
		aa := a.audit[t]
		if aa == nil {
			aa = &auditAgg{}
			a.audit[t] = aa
		}
		aa.count += ba.count
		for _, e := range ba.entries {
			if len(aa.entries) < auditExamples {
				aa.entries = append(aa.entries, e)
			}
		}
	}
	for u := range b.unavail {
		a.unavail[u] = true
	}
}

// shrinkFailures runs the random phase's shrinker on every failing property
// and keeps the smaller of its result and the smallest generated failure.
// It reports false, keeping the generated failures only, when
// ctx is done before every search ends: a search cut short has not
// minimised what it found.
func (a *aggregate) shrinkFailures(ctx context.Context, src, ref props.Source) bool {
	checks, searches := a.opts.Preset.Size().ShrinkChecks, 1
	if a.opts.Class.Family() {
		// A family case is cheap to judge, and one search often ends in a
		// local minimum with an op more than needed: search from a few
		// seeds and keep the smallest.
		checks, searches = a.opts.Preset.Size().FamilyShrinkChecks, 3
	}
	// The searches run concurrently (each is deterministic on its own
	// seed); their results are offered in property and search order, as a
	// sequential run would, so that ties resolve the same way.
	type search struct {
		j    int
		seed int64
		res  *shrunk
	}
	var all []*search
	for j, p := range a.opts.Properties {
		if a.viol[j] == 0 || p.AuditOnly {
			continue
		}
		for k := 0; k < searches; k++ {
			all = append(all, &search{j: j, seed: a.opts.Seed + int64(j) + 1000*int64(k)})
		}
	}
	slots := make(chan struct{}, a.opts.Workers)
	var wg sync.WaitGroup
	for _, s := range all {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			s.res = shrink(ctx, a.opts.Class, a.opts.Properties[s.j], src, ref, a.opts.PtrContract, s.seed, checks)
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return false
	}
	for _, s := range all {
		if s.res != nil {
			a.offer(s.j, s.res.c, s.res.v)
		}
	}
	return true
}

func (a *aggregate) report(gen generated) *report.Report {
	// A compiled source says which back end it is (host or gpu); a Go
	// model is "go".
	r := &report.Report{Tool: "tilecheck", Iterator: a.name, Class: a.opts.Class.String(), Backend: props.BackendOf(a.opts.Source),
		Preset: string(a.opts.Preset), Seed: a.opts.Seed, Configs: report.ConfigCounts{Valid: gen.valid, Invalid: gen.invalid},
		Checks: a.checks}
	failed := false
	// KillOnly runs no control, so nothing shows the properties could fail;
	// a property that judged nothing at all proves nothing either, nor
	// does a run of no check at all.
	weak := a.opts.KillOnly || a.checks == 0
	for j, p := range a.opts.Properties {
		rp := report.Property{ID: p.ID, Doc: p.Doc, Cases: a.cases[j], Violations: a.viol[j]}
		switch {
		case a.viol[j] > 0 && p.AuditOnly:
			rp.Status = report.Audited
		case a.viol[j] > 0:
			rp.Status = report.Violated
			failed = true
		case a.cases[j] > 0:
			rp.Status = report.Held
		default:
			rp.Status = report.NotApplicable
			weak = weak || !p.AuditOnly
		}
		if b := a.best[j]; b != nil {
			rp.Counterexample = &report.Counterexample{Config: b.v.ConfigText(), Ops: b.v.OpsText(), Thread: b.v.Thread,
				Expected: b.v.Expected, Actual: b.v.Actual, Detail: b.v.Detail,
				Replay: replay(a.name, b.v, a.opts.PtrContract)}
		}
		r.Properties = append(r.Properties, rp)
	}
	for i, d := range a.controls {
		spec, _ := props.ControlSpecOf(d)
		spec = props.EffectiveSpec(spec, a.opts.Properties)
		c := report.Control{ID: string(d), Defect: iterator.DefectDoc(d), MustKill: spec.MustKill, MustSurvive: spec.MustSurvive, KilledBy: []string{}}
		for j, p := range a.opts.Properties {
			if a.kills[i][j] {
				c.KilledBy = append(c.KilledBy, p.ID)
			}
		}
		c.Killed = len(c.KilledBy) > 0
		c.OK = props.ControlOK(spec, c.KilledBy)
		r.Controls = append(r.Controls, c)
	}
	for k, cl := range a.classes {
		f, measured := a.coverage(k, cl)
		if !measured {
			r.Audit = append(r.Audit, report.AuditEntry{Topic: "coverage-left-out", Count: a.leftHits[k],
				Detail: fmt.Sprintf("coverage class %s: every case of it was left out by the back end (%d cases), so its floor is not measured", cl.Name, a.leftHits[k])})
			continue
		}
		ok := f >= cl.Floor
		weak = weak || !ok
		r.Coverage = append(r.Coverage, report.Coverage{Class: cl.Name, Fraction: f, Floor: cl.Floor, OK: ok})
	}
	paths := slices.Sorted(maps.Keys(a.units))
	for _, p := range paths {
		u := a.units[p]
		r.Units = append(r.Units, report.Unit{Path: p, Documented: u.documented, Observed: u.matches.Name(u.documented)})
	}
	if a.errs > 0 {
		e := report.AuditEntry{Topic: "model-error", Detail: "the model failed (no case recorded)"}
		if a.firstErr != nil {
			e = *a.firstErr
		}
		e.Count = a.errs
		r.Audit = append(r.Audit, e)
		weak = true
	}
	topics := slices.Sorted(maps.Keys(a.audit))
	for _, t := range topics {
		ag := a.audit[t]
		for i, e := range ag.entries {
			if i == 0 {
				e.Count = ag.count
			}
			r.Audit = append(r.Audit, e)
		}
	}
	for u := range a.unavail {
		r.Unavailable = append(r.Unavailable, u)
	}
	sort.Strings(r.Unavailable)
	r.Verdict = Verdict(failed, r.Controls, weak)
	return r
}
