package copysweep

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tilecheck/tilecheck/cute/tiledcopy/copycases"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// Class is the report class of a TiledCopy sweep.
const Class = "cute-copy"

// Report is the sweep in tilecheck's report schema: one row per
// property, the controls' kill matrix and the coverage floors.
func (r *Result) Report() *report.Report {
	rep := &report.Report{
		Iterator: r.opts.Source.Name(), Class: Class, Backend: r.opts.Source.Backend(),
		Preset: r.opts.Preset, Seed: r.opts.Seed, ElapsedS: r.elapsed.Seconds(),
		Configs: report.ConfigCounts{Valid: r.accepted, Invalid: len(r.cases) - r.accepted},
	}
	if rep.Preset == "" || r.opts.Cases > 0 {
		rep.Preset = fmt.Sprintf("%d cases", len(r.cases))
	}
	failed, unproven := false, len(r.cases) == 0
	for _, o := range r.outcomes {
		rep.Checks += o.cases
		p := report.Property{ID: o.prop.ID, Doc: o.prop.Doc, Cases: o.cases, Violations: o.violations}
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
			KilledBy: c.killedBy, MustKill: c.k.MustKill, OK: true}
		if row.KilledBy == nil {
			row.KilledBy = []string{}
		}
		for _, m := range c.k.MustKill {
			if !slices.Contains(c.killedBy, m) {
				row.OK = false
			}
		}
		rep.Controls = append(rep.Controls, row)
	}
	for k, t := range copycases.Targets {
		f := 0.0
		if len(r.cases) > 0 {
			f = float64(r.hits[k]) / float64(len(r.cases))
		}
		c := report.Coverage{Class: t.Name, Fraction: f, Floor: t.Floor, OK: f >= t.Floor}
		unproven = unproven || !c.OK
		rep.Coverage = append(rep.Coverage, c)
	}
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

func (r *Result) counterexample(o *outcome) *report.Counterexample {
	f := o.first
	cmd := []string{"tilecheck cute copy check"}
	if r.opts.ReplayFlags != "" {
		cmd = append(cmd, r.opts.ReplayFlags)
	}
	cmd = append(cmd, fmt.Sprintf("--case '%s' --property %s", f.c, o.prop.ID))
	return &report.Counterexample{
		Config: f.c.String(), Ops: string(f.c.Atom), Thread: f.v.Thread,
		Expected: f.v.Expected, Actual: f.v.Actual, Detail: f.v.Detail,
		Replay: report.Replay{Command: strings.Join(cmd, " ")},
	}
}
