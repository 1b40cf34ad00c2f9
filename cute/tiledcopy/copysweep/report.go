package copysweep

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tilecheck/tilecheck/cute/tiledcopy/copycases"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// Class is the report class of a TiledCopy sweep.
const Class = "cute-copy"

// state is a sweep's outcome in the form a report is rendered from and a
// shard's report carries: counts that add, and each property's smallest
// failing case, so that merging shards gives the unsharded report.
type state struct {
	Family      string           `json:"family"` // "tiledcopy"
	Source      string           `json:"source"`
	Backend     string           `json:"backend"`
	Preset      string           `json:"preset"`
	Seed        int64            `json:"seed"`
	ReplayFlags string           `json:"replay_flags,omitempty"`
	Index       int              `json:"index,omitempty"` // 1-based shard, 0 when not sharded
	Count       int              `json:"count,omitempty"`
	Total       int              `json:"total"` // the sweep's cases, every shard's
	Cases       int              `json:"cases"` // the cases this state judged
	Accepted    int              `json:"accepted"`
	Hits        []int            `json:"hits"` // per coverage target, in copycases.Targets' order
	Props       []propState      `json:"properties"`
	Controls    []report.Control `json:"controls"`
	ElapsedS    float64          `json:"elapsed_s"`
	Interrupted bool             `json:"interrupted,omitempty"`
}

type propState struct {
	ID         string      `json:"id"`
	Doc        string      `json:"doc"`
	Cases      int64       `json:"cases"`
	Violations int64       `json:"violations"`
	First      *firstState `json:"first,omitempty"`
}

type firstState struct {
	Case     string  `json:"case"`
	Atom     string  `json:"atom"`
	Thread   int     `json:"thread"`
	Detail   string  `json:"detail"`
	Expected []int64 `json:"expected"`
	Actual   []int64 `json:"actual"`
}

func smallerText(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// Report is the sweep in tilecheck's report schema: one row per
// property, the controls' kill matrix and the coverage floors. A shard's
// report carries its state for Merge.
func (r *Result) Report() *report.Report {
	st := r.state()
	rep := st.report()
	if r.opts.Shard.Count > 1 {
		rep.Shard, _ = json.Marshal(st)
	}
	return rep
}

func (r *Result) state() *state {
	st := &state{Family: "tiledcopy", Source: r.opts.Source.Name(), Backend: r.opts.Source.Backend(),
		Preset: r.opts.Preset, Seed: r.opts.Seed, ReplayFlags: r.opts.ReplayFlags,
		Index: r.opts.Shard.Index, Count: r.opts.Shard.Count, Total: r.total,
		Cases: len(r.cases), Accepted: r.accepted, Hits: r.hits,
		ElapsedS: r.elapsed.Seconds(), Interrupted: r.interrupted}
	if r.opts.Cases > 0 {
		st.Preset = ""
	}
	for _, o := range r.outcomes {
		ps := propState{ID: o.prop.ID, Doc: o.prop.Doc, Cases: o.cases, Violations: o.violations}
		if f := o.first; f != nil {
			ps.First = &firstState{Case: f.c.String(), Atom: string(f.c.Atom), Thread: f.v.Thread,
				Detail: f.v.Detail, Expected: f.v.Expected, Actual: f.v.Actual}
		}
		st.Props = append(st.Props, ps)
	}
	for _, c := range r.controls {
		row := report.Control{ID: c.k.ID, Defect: c.k.Defect, Killed: len(c.killedBy) > 0,
			KilledBy: append([]string{}, c.killedBy...), MustKill: c.k.MustKill, OK: true}
		for _, m := range c.k.MustKill {
			if !slices.Contains(c.killedBy, m) {
				row.OK = false
			}
		}
		st.Controls = append(st.Controls, row)
	}
	return st
}

// report renders st in tilecheck's report schema.
func (st *state) report() *report.Report {
	rep := &report.Report{
		Iterator: st.Source, Class: Class, Backend: st.Backend, Preset: st.Preset, Seed: st.Seed,
		ElapsedS: st.ElapsedS, Controls: st.Controls,
		Configs: report.ConfigCounts{Valid: st.Accepted, Invalid: st.Cases - st.Accepted},
	}
	if rep.Preset == "" {
		rep.Preset = fmt.Sprintf("%d cases", st.Total)
	}
	failed, unproven := false, st.Cases == 0
	for _, o := range st.Props {
		rep.Checks += o.Cases
		p := report.Property{ID: o.ID, Doc: o.Doc, Cases: o.Cases, Violations: o.Violations}
		switch {
		case o.Violations > 0:
			p.Status, failed = report.Violated, true
			p.Counterexample = st.counterexample(o)
		case o.Cases > 0:
			p.Status = report.Held
		default:
			p.Status, unproven = report.NotApplicable, true
		}
		rep.Properties = append(rep.Properties, p)
	}
	for k, t := range copycases.Targets {
		f := 0.0
		if st.Cases > 0 && k < len(st.Hits) {
			f = float64(st.Hits[k]) / float64(st.Cases)
		}
		c := report.Coverage{Class: t.Name, Fraction: f, Floor: t.Floor, OK: f >= t.Floor}
		unproven = unproven || !c.OK
		rep.Coverage = append(rep.Coverage, c)
	}
	if rep.ElapsedS > 0 {
		rep.ChecksPerSecond = float64(rep.Checks) / rep.ElapsedS
	}
	rep.Verdict = sweep.Verdict(failed, rep.Controls, unproven)
	if st.Interrupted {
		rep.Verdict = report.Interrupted
		rep.Interrupted = "stopped while judging; the report holds what was judged by then"
	}
	return rep
}

func (st *state) counterexample(o propState) *report.Counterexample {
	f := o.First
	cmd := []string{"tilecheck cute copy check"}
	if st.ReplayFlags != "" {
		cmd = append(cmd, st.ReplayFlags)
	}
	cmd = append(cmd, fmt.Sprintf("--case '%s' --property %s", f.Case, o.ID))
	return &report.Counterexample{
		Config: f.Case, Ops: f.Atom, Thread: f.Thread, Expected: f.Expected, Actual: f.Actual,
		Detail: f.Detail, Replay: report.Replay{Command: strings.Join(cmd, " ")},
	}
}

// IsShard says whether r is a shard of a TiledCopy sweep.
func IsShard(r *report.Report) bool {
	if r.Class != Class || !r.IsShard() {
		return false
	}
	var st state
	return json.Unmarshal(r.Shard, &st) == nil && st.Family == "tiledcopy"
}

// Merge joins every shard's report of one TiledCopy sweep (cute copy
// sweep --shard i/n, for i = 1..n) into the report of the unsharded
// sweep: counts add, each property keeps its smallest failing case, and
// the controls, judged alike in every shard, are shard 1's. Only the
// elapsed time differs: it is the shards' sum.
func Merge(shards []*report.Report) (*report.Report, error) {
	if len(shards) == 0 {
		return nil, fmt.Errorf("no shard reports")
	}
	sts := make([]*state, len(shards))
	for i, r := range shards {
		var st state
		if err := json.Unmarshal(r.Shard, &st); err != nil || st.Family != "tiledcopy" {
			return nil, fmt.Errorf("shard report %d: not a TiledCopy shard", i+1)
		}
		sts[i] = &st
	}
	sort.Slice(sts, func(i, j int) bool { return sts[i].Index < sts[j].Index })
	first := sts[0]
	for i, st := range sts {
		if st.Count != len(sts) || st.Index != i+1 {
			return nil, fmt.Errorf("shards: want parts 1..%d of one sweep, each once; got part %d of %d", len(sts), st.Index, st.Count)
		}
		if st.Source != first.Source || st.Preset != first.Preset || st.Seed != first.Seed || st.Total != first.Total ||
			len(st.Props) != len(first.Props) || len(st.Hits) != len(first.Hits) {
			return nil, fmt.Errorf("shards %d and %d are not parts of one sweep (source, preset, seed or cases differ)", first.Index, st.Index)
		}
	}
	m := *first
	m.Index, m.Count = 0, 0
	m.Props = append([]propState{}, first.Props...)
	m.Hits = append([]int{}, first.Hits...)
	for _, st := range sts[1:] {
		m.Cases += st.Cases
		m.Accepted += st.Accepted
		m.ElapsedS += st.ElapsedS
		m.Interrupted = m.Interrupted || st.Interrupted
		for k := range m.Hits {
			m.Hits[k] += st.Hits[k]
		}
		for k, p := range st.Props {
			mp := &m.Props[k]
			mp.Cases += p.Cases
			mp.Violations += p.Violations
			if p.First != nil && (mp.First == nil || smallerText(p.First.Case, mp.First.Case)) {
				mp.First = p.First
			}
		}
	}
	return m.report(), nil
}
