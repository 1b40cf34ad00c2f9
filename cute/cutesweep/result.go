package cutesweep

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/cases"
	"github.com/tilecheck/tilecheck/cute/laws"
	"github.com/tilecheck/tilecheck/rapidrun"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// Result is a finished (or interrupted) sweep, before it is a report.
type Result struct {
	opts           Options
	cases          []cute.Case
	outcomes       []*outcome
	controls       []controlOutcome
	coverage       []report.Coverage
	accepted       int
	dynamicOutside int
	divergences    []*divergence
	interrupted    bool
	elapsedStart   time.Time
	elapsed        time.Duration
}

// measure is the fraction of cases that reach each coverage target.
func measure(cs []cute.Case, model judged) []report.Coverage {
	out := make([]report.Coverage, len(cases.Targets))
	for k, t := range cases.Targets {
		hit := 0
		for _, c := range cs {
			if t.Hit(c, model.of(c)) {
				hit++
			}
		}
		f := 0.0
		if len(cs) > 0 {
			f = float64(hit) / float64(len(cs))
		}
		out[k] = report.Coverage{Class: t.Name, Fraction: f, Floor: t.Floor, OK: f >= t.Floor}
	}
	return out
}

// shrinkChecks bounds the cases rapid draws when it minimises a failure.
const shrinkChecks = 2000

// minimise replaces each law's first failure with the smallest failing
// case rapid finds, for a source cheap enough to ask case by case (the Go
// model and its controls); a compiled source keeps the smallest failing
// case among those drawn, as every new case shape is a compile.
func (r *Result) minimise(ctx context.Context, src, model judged) {
	if r.opts.Source.Backend() != "go" {
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
			v, _ := judge(p, 0, c, s, m, 1)
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
		if v, _ := judge(p, 0, c, s, m, 1); v != nil {
			o.first = &finding{c: c, v: v, got: s.of(c), want: m.of(c)}
		}
	}
}

// Report is the sweep in tilecheck's report schema: one property per law,
// the controls' kill matrix, the coverage floors and an audit of what
// compiled CuTe answered outside the documented preconditions.
func (r *Result) Report() *report.Report {
	rep := &report.Report{
		Iterator: r.opts.Source.Name(), Class: "cute", Backend: r.opts.Source.Backend(),
		Preset: r.opts.Preset, Seed: r.opts.Seed,
		Configs:  report.ConfigCounts{Valid: r.accepted, Invalid: len(r.cases) - r.accepted},
		ElapsedS: r.elapsed.Seconds(), Coverage: r.coverage,
	}
	if rep.Preset == "" {
		rep.Preset = fmt.Sprintf("%d cases", len(r.cases))
	}
	failed, unproven := false, len(r.cases) == 0
	for _, o := range r.outcomes {
		rep.Checks += o.cases
		p := report.Property{ID: o.law.ID, Doc: o.law.Doc, Cases: o.cases, Violations: o.violations}
		switch {
		case o.violations > 0:
			p.Status, failed = report.Violated, true
			p.Counterexample = r.counterexample(o)
		case o.cases > 0:
			p.Status = report.Held
		default:
			p.Status, unproven = report.NotApplicable, true
		}
		rep.Properties = append(rep.Properties, p)
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
		rep.Controls = append(rep.Controls, row)
	}
	for _, c := range r.coverage {
		if !c.OK {
			unproven = true
		}
	}
	if r.dynamicOutside > 0 {
		rep.Audit = append(rep.Audit, report.AuditEntry{Topic: "dynamic-outside-precondition",
			Detail: "compiled CuTe answered dynamic cases that a documented precondition excludes (it checks none at run time); no law judges those answers",
			Count:  r.dynamicOutside})
	}
	rep.Audit = append(rep.Audit, auditOf(r.opts.Source.Name(), r.divergences)...)
	if rep.ElapsedS > 0 {
		rep.ChecksPerSecond = float64(rep.Checks) / rep.ElapsedS
	}
	rep.Verdict = sweep.Verdict(failed, rep.Controls, unproven)
	if r.interrupted {
		rep.Verdict = report.Interrupted
		rep.Interrupted = "stopped while judging; the report holds what was judged by then"
	}
	return rep
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

func (r *Result) counterexample(o *outcome) *report.Counterexample {
	f := o.first
	detail := f.v.Detail
	if f.got.Rejected == "" || f.want.Rejected == "" {
		detail += fmt.Sprintf("; %s gives %s; the model gives %s", r.opts.Source.Name(),
			laws.Describe(f.c.Op, f.got), laws.Describe(f.c.Op, f.want))
	}
	cmd := []string{"tilecheck cute check"}
	if r.opts.ReplayFlags != "" {
		cmd = append(cmd, r.opts.ReplayFlags)
	}
	cmd = append(cmd, fmt.Sprintf("--case '%s' --law %s", f.c, o.law.ID))
	return &report.Counterexample{
		Config: f.c.String(), Ops: string(f.c.Op), Thread: -1,
		Expected: f.v.Expected, Actual: f.v.Actual, Detail: detail,
		Replay: report.Replay{Command: strings.Join(cmd, " ")},
	}
}
