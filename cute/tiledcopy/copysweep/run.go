package copysweep

import (
	"context"
	"fmt"
	"time"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copycases"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copyprops"
	"github.com/tilecheck/tilecheck/rapidrun"
	"github.com/tilecheck/tilecheck/sweep"
)

// Options configure a sweep.
type Options struct {
	Source Source // under test; nil is the Go model
	Preset string // quick or release: how many cases
	Cases  int    // when > 0, the number of cases, whatever the preset
	Seed   int64
	// ReplayFlags are the flags a replay command needs to reach the same
	// source; "" for the Go model.
	ReplayFlags string
	// Progress, when set, hears each phase as it starts.
	Progress func(phase string)
	// Shard judges one contiguous part of the drawn cases (Index of
	// Count); Merge joins the parts' reports into the whole sweep's. The
	// controls are judged on every drawn case in each shard.
	Shard sweep.Shard
}

// PresetCases is how many cases each preset draws.
var PresetCases = map[string]int{"quick": 600, "release": 6000}

// outcome is one property's judgement over a sweep.
type outcome struct {
	prop       *copyprops.Property
	cases      int64
	violations int64
	first      *finding
}

// finding is one violated case.
type finding struct {
	c tiledcopy.Case
	v *copyprops.Violation
}

// Result is a finished (or interrupted) sweep, before it is a report.
type Result struct {
	opts        Options
	total       int // the sweep's cases, every shard's
	cases       []tiledcopy.Case
	accepted    int
	outcomes    []*outcome
	controls    []controlOutcome
	hits        []int
	interrupted bool
	elapsed     time.Duration
}

// propsFor lists the properties a sweep of src judges: every property,
// and P-model for a source other than the model.
func propsFor(src Source) []*copyprops.Property {
	ps := copyprops.All()
	if _, isModel := src.(Model); !isModel {
		ps = append(ps, copyprops.Model)
	}
	return ps
}

// judge applies p to case c given the source's trace and the model's;
// applied is false where p does not judge it (a refusal).
func judge(p *copyprops.Property, c tiledcopy.Case, got, model tiledcopy.Trace) (v *copyprops.Violation, applied bool) {
	if p == copyprops.Model {
		return copyprops.ModelCheck(c, got, model), true
	}
	if got.Rejected != "" || model.Rejected != "" {
		return nil, false
	}
	return p.Check(c, got), true
}

// Run sweeps opts.Source and reports.
func Run(ctx context.Context, opts Options) (*Result, error) {
	start := time.Now()
	if opts.Source == nil {
		opts.Source = Model{}
	}
	n := opts.Cases
	if n <= 0 {
		var ok bool
		if n, ok = PresetCases[opts.Preset]; !ok {
			return nil, fmt.Errorf("preset %q: want quick or release", opts.Preset)
		}
	}
	phase := func(s string) {
		if opts.Progress != nil {
			opts.Progress(s)
		}
	}
	phase(fmt.Sprintf("drawing %d cases", n))
	all, err := copycases.DrawContext(ctx, opts.Seed, n)
	if err != nil {
		return nil, err
	}
	phase(fmt.Sprintf("answering %d cases with the model", n))
	allModel, err := Model{}.Answer(ctx, all)
	if err != nil {
		return nil, err
	}
	cs, model := all, allModel
	if opts.Shard.Count > 1 {
		lo, hi := n*(opts.Shard.Index-1)/opts.Shard.Count, n*opts.Shard.Index/opts.Shard.Count
		cs, model = all[lo:hi], allModel[lo:hi]
	}
	src := model
	if _, isModel := opts.Source.(Model); !isModel {
		phase(fmt.Sprintf("answering %d cases with %s", len(cs), opts.Source.Name()))
		if src, err = opts.Source.Answer(ctx, cs); err != nil {
			return nil, err
		}
		if len(src) != len(cs) {
			return nil, fmt.Errorf("%s answered %d of %d cases", opts.Source.Name(), len(src), len(cs))
		}
	}
	res := &Result{opts: opts, cases: cs, total: n}
	phase("judging")
	props := propsFor(opts.Source)
	for _, p := range props {
		res.outcomes = append(res.outcomes, &outcome{prop: p})
	}
	for i, c := range cs {
		if i%64 == 0 && ctx.Err() != nil {
			res.interrupted = true
			break
		}
		if model[i].Rejected == "" {
			res.accepted++
		}
		for _, o := range res.outcomes {
			v, applied := judge(o.prop, c, src[i], model[i])
			if !applied {
				continue
			}
			o.cases++
			if v != nil {
				o.violations++
				if o.first == nil || smaller(c, o.first.c) {
					o.first = &finding{c: c, v: v}
				}
			}
		}
	}
	phase("controls")
	res.controls = runControls(ctx, all, allModel)
	res.hits = make([]int, len(copycases.Targets))
	for k, t := range copycases.Targets {
		for i, c := range cs {
			if t.Hit(c, model[i]) {
				res.hits[k]++
			}
		}
	}
	if ctx.Err() != nil {
		res.interrupted = true
	}
	if !res.interrupted {
		phase("minimising failures")
		res.minimise(ctx)
	}
	res.elapsed = time.Since(start)
	return res, nil
}

// smaller orders cases by how much a person must read.
func smaller(a, b tiledcopy.Case) bool {
	sa, sb := a.String(), b.String()
	if len(sa) != len(sb) {
		return len(sa) < len(sb)
	}
	return sa < sb
}

// controlOutcome is one control's row of the kill matrix.
type controlOutcome struct {
	k        *Control
	killedBy []string
}

// runControls judges each control on the cases its defect changes; every
// other case it answers as the model does.
func runControls(ctx context.Context, cs []tiledcopy.Case, model []tiledcopy.Trace) []controlOutcome {
	var out []controlOutcome
	for _, k := range Controls() {
		row := controlOutcome{k: k}
		killed := map[string]bool{}
		for i, c := range cs {
			if i%64 == 0 && ctx.Err() != nil {
				break
			}
			tr, changed := k.answer(c, model[i])
			if !changed {
				continue
			}
			for _, p := range copyprops.All() {
				if killed[p.ID] || tr.Rejected != "" {
					continue
				}
				if v := p.Check(c, tr); v != nil {
					killed[p.ID] = true
					row.killedBy = append(row.killedBy, p.ID)
				}
			}
		}
		out = append(out, row)
	}
	return out
}

// shrinkChecks bounds the cases rapid draws when it minimises a failure.
const shrinkChecks = 500

// minimise replaces each property's first failure with the smallest
// failing case rapid finds, for a source cheap enough to ask case by case.
func (r *Result) minimise(ctx context.Context) {
	if r.opts.Source.Backend() != "go" {
		return
	}
	for _, o := range r.outcomes {
		if o.first == nil || ctx.Err() != nil {
			continue
		}
		p := o.prop
		fails := func(c tiledcopy.Case) bool {
			v := r.judgeOne(ctx, p, c)
			return v != nil
		}
		c, found := rapidrun.Shrink(copycases.Gen(), r.opts.Seed, shrinkChecks,
			func(c tiledcopy.Case) (tiledcopy.Case, bool) { return c, true }, fails)
		if !found || !smaller(c, o.first.c) {
			continue
		}
		if v := r.judgeOne(ctx, p, c); v != nil {
			o.first = &finding{c: c, v: v}
		}
	}
}

func (r *Result) judgeOne(ctx context.Context, p *copyprops.Property, c tiledcopy.Case) *copyprops.Violation {
	got, err := r.opts.Source.Answer(ctx, []tiledcopy.Case{c})
	if err != nil || len(got) != 1 {
		return nil
	}
	v, _ := judge(p, c, got[0], c.Eval())
	return v
}
