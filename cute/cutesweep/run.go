package cutesweep

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"time"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/cases"
	"github.com/tilecheck/tilecheck/cute/laws"
	"github.com/tilecheck/tilecheck/sweep"
)

// Options configure a sweep.
type Options struct {
	Source Source // under test; nil is the Go model
	Preset string // quick or release: how many cases
	Cases  int    // when > 0, the number of cases, whatever the preset
	Seed   int64
	Ops    []cute.Op // the operations swept; empty: all
	// StaticEvery asks every n-th case again with static integers, for the
	// static-dynamic law (each static case is its own C++ instantiation);
	// 0 asks none, 1 all.
	StaticEvery int
	// ReplayFlags are the flags a replay command needs to reach the same
	// source (e.g. "--backend host --include DIR"); "" for the Go model.
	ReplayFlags string
	// Progress, when set, hears each phase as it starts.
	Progress func(phase string)
	// Shard judges one contiguous part of the drawn cases (Index of
	// Count); Merge joins the parts' reports into the whole sweep's.
	Shard sweep.Shard
}

// PresetCases is how many cases each preset draws from the Go model, and
// CompiledPresetCases from compiled CuTe, where every new nesting of the
// operands is a function to compile (about a second each with g++).
var (
	PresetCases         = map[string]int{"quick": 3000, "release": 30000}
	CompiledPresetCases = map[string]int{"quick": 200, "release": 1500}
)

// outcome is one law's judgement over a sweep.
type outcome struct {
	law        *laws.Property
	cases      int64
	violations int64
	first      *finding
}

// finding is one violated case: the case, the violation and both answers.
type finding struct {
	c         cute.Case
	v         *laws.Violation
	got, want cute.Answer
}

// judged holds the answers of one source to a sweep's cases and needs.
type judged struct {
	answers map[string]cute.Answer
}

func (j judged) of(c cute.Case) cute.Answer { return j.answers[c.String()] }

// plan lists every case a source is asked: the sweep's cases, then what
// each law needs of them, each once.
func plan(ctx context.Context, cs []cute.Case, props []*laws.Property, staticEvery int) []cute.Case {
	seen := map[string]bool{}
	var out []cute.Case
	add := func(c cute.Case) {
		if k := c.String(); !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	for i, c := range cs {
		if i%256 == 0 && ctx.Err() != nil {
			return out
		}
		add(c)
	}
	for i, c := range cs {
		if i%256 == 0 && ctx.Err() != nil {
			return out // the caller sees ctx's error when it asks
		}
		for _, p := range props {
			if !p.Judges(c.Op) || p.Needs == nil {
				continue
			}
			if p == laws.StaticDynamic && !sampled(c, staticEvery) {
				continue
			}
			for _, n := range p.Needs(c) {
				add(n)
			}
		}
	}
	return out
}

// sampled says whether case c is among the every-th asked statically: by
// a hash of the case, so that a shard samples as the whole sweep does.
func sampled(c cute.Case, every int) bool {
	if every <= 1 {
		return every == 1
	}
	h := fnv.New32a()
	h.Write([]byte(c.String()))
	return h.Sum32()%uint32(every) == 0
}

// ask answers the planned cases with src.
func ask(ctx context.Context, src Source, planned []cute.Case) (judged, error) {
	as, err := src.Answer(ctx, planned)
	if err != nil {
		return judged{}, err
	}
	if len(as) != len(planned) {
		return judged{}, fmt.Errorf("%s answered %d of %d cases", src.Name(), len(as), len(planned))
	}
	j := judged{answers: make(map[string]cute.Answer, len(planned))}
	for i, c := range planned {
		j.answers[c.String()] = as[i]
	}
	return j, nil
}

// judge applies law p to case c given a source's answers and
// the model's; nil when the law holds or does not apply.
func judge(p *laws.Property, c cute.Case, src, model judged, staticEvery int) (v *laws.Violation, applied bool) {
	if !p.Judges(c.Op) {
		return nil, false
	}
	a, m := src.of(c), model.of(c)
	if p == laws.Model {
		return p.Check(c, a, []cute.Answer{m}), true
	}
	if p == laws.StaticDynamic && !sampled(c, staticEvery) {
		return nil, false
	}
	if m.Rejected != "" || a.Rejected != "" {
		return nil, false // outside a precondition, or refused: L-model judges refusals
	}
	var needs []cute.Answer
	if p.Needs != nil {
		for _, n := range p.Needs(c) {
			needs = append(needs, src.of(n))
		}
	}
	return p.Check(c, a, needs), true
}

// lawsFor lists the laws a sweep of src judges: every law, the
// static-dynamic one where cases are asked statically, and L-model for a
// source other than the model itself.
func lawsFor(src Source, staticEvery int) []*laws.Property {
	ps := laws.All()
	if staticEvery > 0 {
		ps = append(ps, laws.StaticDynamic)
	}
	if _, isModel := src.(Model); !isModel {
		ps = append(ps, laws.Model)
	}
	return ps
}

// Run sweeps opts.Source and reports.
func Run(ctx context.Context, opts Options) (*Result, error) {
	start := time.Now()
	if opts.Source == nil {
		opts.Source = Model{}
	}
	n := opts.Cases
	if n <= 0 {
		counts := PresetCases
		if opts.Source.Backend() != "go" {
			counts = CompiledPresetCases
		}
		var ok bool
		if n, ok = counts[opts.Preset]; !ok {
			return nil, fmt.Errorf("preset %q: want quick or release", opts.Preset)
		}
	}
	phase := func(s string) {
		if opts.Progress != nil {
			opts.Progress(s)
		}
	}
	phase(fmt.Sprintf("drawing %d cases", n))
	all, err := cases.DrawContext(ctx, opts.Seed, n, opts.Ops)
	if err != nil {
		return nil, err
	}
	cs := all
	if opts.Shard.Count > 1 {
		lo, hi := n*(opts.Shard.Index-1)/opts.Shard.Count, n*opts.Shard.Index/opts.Shard.Count
		cs = all[lo:hi]
	}
	props := lawsFor(opts.Source, opts.StaticEvery)
	planned := plan(ctx, cs, props, opts.StaticEvery)
	phase(fmt.Sprintf("answering %d cases with the model", len(planned)))
	model, err := ask(ctx, Model{}, planned)
	if err != nil {
		return nil, err
	}
	src := model
	if _, isModel := opts.Source.(Model); !isModel {
		phase(fmt.Sprintf("answering %d cases with %s", len(planned), opts.Source.Name()))
		if src, err = ask(ctx, opts.Source, planned); err != nil {
			return nil, err
		}
	}
	res := &Result{opts: opts, cases: cs, total: n}
	phase("judging")
	res.outcomes = judgeAll(ctx, cs, props, src, model, opts.StaticEvery)
	if ctx.Err() != nil {
		res.interrupted = true
	}
	// The controls prove the laws' power, which needs no compiled source:
	// they are judged on at least the Go quick preset's cases (the same
	// seed, so the sweep's own cases come first).
	phase("controls")
	ccs := all
	if q := PresetCases["quick"]; len(all) < q {
		if ccs, err = cases.DrawContext(ctx, opts.Seed, q, opts.Ops); err != nil {
			ccs = all // interrupted: the report says so
		}
	}
	cmodel, err := ask(ctx, Model{}, plan(ctx, ccs, props, 1))
	if err != nil {
		return nil, err
	}
	res.controls = runControls(ctx, ccs, props, cmodel, 1)
	res.hits = measure(cs, model)
	res.accepted = countAccepted(cs, model)
	res.dynamicOutside = dynamicOutside(cs, src, model)
	if _, isModel := opts.Source.(Model); !isModel {
		res.divergences = divergences(cs, src, model)
	}
	if !res.interrupted {
		phase("minimising failures")
		res.minimise(ctx, src, model)
	}
	res.elapsed = time.Since(start)
	return res, nil
}

func judgeAll(ctx context.Context, cs []cute.Case, props []*laws.Property, src, model judged, staticEvery int) []*outcome {
	out := make([]*outcome, len(props))
	for k, p := range props {
		out[k] = &outcome{law: p}
	}
	for i, c := range cs {
		if i%512 == 0 && ctx.Err() != nil {
			break
		}
		for k, p := range props {
			v, applied := judge(p, c, src, model, staticEvery)
			if !applied {
				continue
			}
			o := out[k]
			o.cases++
			if v != nil {
				o.violations++
				f := &finding{c: c, v: v, got: src.of(c), want: model.of(c)}
				if o.first == nil || smaller(c, o.first.c) {
					o.first = f
				}
			}
		}
	}
	return out
}

// smaller orders cases by how much a person must read.
func smaller(a, b cute.Case) bool {
	sa, sb := len(a.String()), len(b.String())
	if sa != sb {
		return sa < sb
	}
	return a.String() < b.String()
}

// controlOutcome is one control's row of the kill matrix.
type controlOutcome struct {
	k        *Control
	killedBy []string
}

// runControls judges each control on the sweep's cases. A control answers
// as the model does except where its defect lies, so only the cases whose
// answer, or an answer a law needs, it changes are judged again.
func runControls(ctx context.Context, cs []cute.Case, props []*laws.Property, model judged, staticEvery int) []controlOutcome {
	var out []controlOutcome
	judgedProps := slices.DeleteFunc(slices.Clone(props), func(p *laws.Property) bool { return p == laws.Model })
	planned := plan(ctx, cs, judgedProps, staticEvery)
	// Every control looks cases up by name; name each case once.
	plannedKeys := caseKeys(planned)
	csKeys := caseKeys(cs)
	for _, k := range Controls() {
		if ctx.Err() != nil {
			break
		}
		ans := judged{answers: make(map[string]cute.Answer, len(planned))}
		changed := map[string]bool{}
		for i, c := range planned {
			key := plannedKeys[i]
			if a, ok := k.answer(c); ok {
				ans.answers[key] = a
				changed[key] = true
			} else {
				ans.answers[key] = model.answers[key]
			}
		}
		row := controlOutcome{k: k}
		for _, p := range judgedProps {
			for i, c := range cs {
				if !touches(p, c, csKeys[i], changed) {
					continue
				}
				if v, _ := judge(p, c, ans, model, staticEvery); v != nil {
					row.killedBy = append(row.killedBy, p.ID)
					break
				}
			}
		}
		out = append(out, row)
	}
	return out
}

// caseKeys lists each case's name, c.String().
func caseKeys(cs []cute.Case) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// touches says whether judging c, named key, by p reads an answer in
// changed.
func touches(p *laws.Property, c cute.Case, key string, changed map[string]bool) bool {
	if !p.Judges(c.Op) {
		return false
	}
	if changed[key] {
		return true
	}
	if p.Needs != nil {
		for _, n := range p.Needs(c) {
			if changed[n.String()] {
				return true
			}
		}
	}
	return false
}

func countAccepted(cs []cute.Case, model judged) int {
	n := 0
	for _, c := range cs {
		if model.of(c).Rejected == "" {
			n++
		}
	}
	return n
}

// dynamicOutside counts dynamic cases outside a documented precondition
// that compiled CuTe answered anyway (it checks none at run time).
func dynamicOutside(cs []cute.Case, src, model judged) int {
	n := 0
	for _, c := range cs {
		if model.of(c).Rejected != "" && src.of(c).Rejected == "" && !c.IsStatic() {
			n++
		}
	}
	return n
}
