package cutesweep

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/cases"
	"github.com/tilecheck/tilecheck/cute/laws"
	"github.com/tilecheck/tilecheck/rapidrun"
	"github.com/tilecheck/tilecheck/report"
)

// Result is a finished (or interrupted) sweep, before it is a report.
type Result struct {
	opts           Options
	total          int // the sweep's cases, every shard's
	hits           []int
	cases          []cute.Case
	outcomes       []*outcome
	controls       []controlOutcome
	accepted       int
	dynamicOutside int
	divergences    []*divergence
	interrupted    bool
	elapsed        time.Duration
}

// measure counts the cases that reach each coverage target.
func measure(cs []cute.Case, model judged) []int {
	out := make([]int, len(cases.Targets))
	for k, t := range cases.Targets {
		for _, c := range cs {
			if t.Hit(c, model.of(c)) {
				out[k]++
			}
		}
	}
	return out
}

// shrinkChecks bounds the cases rapid draws when it minimises a failure.
const shrinkChecks = 2000

// minimiseFailures is a variable so that a test of what does not depend on
// minimising (merging shards) can leave out its seconds per failure.
var minimiseFailures = true

// minimise replaces each law's first failure with the smallest failing
// case rapid finds, for a source cheap enough to ask case by case (the Go
// model and its controls); a compiled source keeps the smallest failing
// case among those drawn, as every new case shape is a compile.
func (r *Result) minimise(ctx context.Context, src, model judged) {
	if r.opts.Source.Backend() != "go" || !minimiseFailures {
		return
	}
	for _, o := range r.outcomes {
		if o.first == nil || ctx.Err() != nil {
			continue
		}
		p := o.law
		fails := func(c cute.Case) bool {
			planned := plan(ctx, []cute.Case{c}, []*laws.Property{p}, 1)
			s, err := ask(ctx, r.opts.Source, planned)
			if err != nil {
				return false
			}
			m, _ := ask(ctx, Model{}, planned)
			v, _ := judge(p, c, s, m, 1)
			return v != nil
		}
		c, found := rapidrun.Shrink(cases.Gen(p.Ops), r.opts.Seed, shrinkChecks,
			func(c cute.Case) (cute.Case, bool) { return c, true }, fails)
		if !found || !smaller(c, o.first.c) {
			continue
		}
		planned := plan(ctx, []cute.Case{c}, []*laws.Property{p}, 1)
		s, _ := ask(ctx, r.opts.Source, planned)
		m, _ := ask(ctx, Model{}, planned)
		if v, _ := judge(p, c, s, m, 1); v != nil {
			o.first = &finding{c: c, v: v, got: s.of(c), want: m.of(c)}
		}
	}
}

// Report is the sweep in tilecheck's report schema: one property per law,
// the controls' kill matrix, the coverage floors and an audit of what
// compiled CuTe answered outside the documented preconditions. A shard's
// report carries its state for Merge.
func (r *Result) Report() *report.Report {
	st := r.state()
	rep := st.report()
	if r.opts.Shard.Count > 1 {
		rep.Shard, _ = json.Marshal(st)
	}
	return rep
}

// state is what a report is made of: of one sweep, of one shard, or of
// shards merged. Cases and answers are kept as CuTe notation.
func (r *Result) state() *state {
	st := &state{
		Family: "cute", Source: r.opts.Source.Name(), Backend: r.opts.Source.Backend(),
		Preset: r.opts.Preset, Seed: r.opts.Seed, ReplayFlags: r.opts.ReplayFlags,
		Index: r.opts.Shard.Index, Count: r.opts.Shard.Count, Total: r.total,
		Cases: len(r.cases), Accepted: r.accepted, DynamicOutside: r.dynamicOutside,
		Hits: r.hits, ElapsedS: r.elapsed.Seconds(), Interrupted: r.interrupted,
	}
	for _, o := range r.outcomes {
		ls := lawState{ID: o.law.ID, Doc: o.law.Doc, Cases: o.cases, Violations: o.violations}
		if f := o.first; f != nil {
			ls.First = &firstState{Case: f.c.String(), Op: string(f.c.Op), Detail: f.v.Detail,
				Expected: f.v.Expected, Actual: f.v.Actual,
				Got: laws.Describe(f.c.Op, f.got), Want: laws.Describe(f.c.Op, f.want),
				Answered: f.got.Rejected == "" || f.want.Rejected == ""}
		}
		st.Laws = append(st.Laws, ls)
	}
	for _, c := range r.controls {
		row := report.Control{ID: c.k.ID, Defect: c.k.Defect, Killed: len(c.killedBy) > 0,
			KilledBy: c.killedBy, MustKill: c.k.MustKill}
		row.OK = true
		for _, m := range c.k.MustKill {
			if !slices.Contains(c.killedBy, m) && lawSwept(r.outcomes, m) {
				row.OK = false
			}
		}
		st.Controls = append(st.Controls, row)
	}
	for _, d := range r.divergences {
		st.Divergences = append(st.Divergences, divState{Op: string(d.op), Kind: d.kind, Count: d.count,
			Least: d.least.String(), Got: laws.Describe(d.op, d.got), Want: laws.Describe(d.op, d.want), Broke: d.broke})
	}
	return st
}

// lawSwept says whether a law was among those swept (L-static-dynamic is
// not when no case is asked statically).
func lawSwept(os []*outcome, id string) bool {
	for _, o := range os {
		if o.law.ID == id {
			return o.cases > 0
		}
	}
	return false
}
