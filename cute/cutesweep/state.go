package cutesweep

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tilecheck/tilecheck/cute/cases"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// state is a sweep's outcome in the form a report is rendered from and a
// shard's report carries: counts that add, and the smallest of each kind
// of case, so that merging shards gives the unsharded sweep's report.
type state struct {
	Family      string           `json:"family"`
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
	Hits        []int            `json:"hits"` // per coverage target, in cases.Targets' order
	Laws        []lawState       `json:"laws"`
	Controls    []report.Control `json:"controls"`
	Divergences []divState       `json:"divergences,omitempty"`

	DynamicOutside int     `json:"dynamic_outside"`
	ElapsedS       float64 `json:"elapsed_s"`
	Interrupted    bool    `json:"interrupted,omitempty"`
}

type lawState struct {
	ID         string      `json:"id"`
	Doc        string      `json:"doc"`
	Cases      int64       `json:"cases"`
	Violations int64       `json:"violations"`
	First      *firstState `json:"first,omitempty"`
}

// firstState is a law's smallest violated case and what each side gave.
type firstState struct {
	Case     string  `json:"case"`
	Op       string  `json:"op"`
	Detail   string  `json:"detail"`
	Expected []int64 `json:"expected"`
	Actual   []int64 `json:"actual"`
	Got      string  `json:"got"`
	Want     string  `json:"want"`
	Answered bool    `json:"answered"` // either side answered: name both in the detail
}

type divState struct {
	Op    string   `json:"op"`
	Kind  string   `json:"kind"`
	Count int      `json:"count"`
	Least string   `json:"least"`
	Got   string   `json:"got"`
	Want  string   `json:"want"`
	Broke []string `json:"broke,omitempty"`
}

// smallerText orders cases, written in CuTe notation, by how much a person
// must read (as smaller does).
func smallerText(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// report renders st in tilecheck's report schema.
func (st *state) report() *report.Report {
	rep := &report.Report{
		Iterator: st.Source, Class: "cute", Backend: st.Backend, Preset: st.Preset, Seed: st.Seed,
		Configs:  report.ConfigCounts{Valid: st.Accepted, Invalid: st.Cases - st.Accepted},
		ElapsedS: st.ElapsedS, Controls: st.Controls,
	}
	if rep.Preset == "" {
		rep.Preset = fmt.Sprintf("%d cases", st.Total)
	}
	failed, unproven := false, st.Cases == 0
	for _, l := range st.Laws {
		rep.Checks += l.Cases
		p := report.Property{ID: l.ID, Doc: l.Doc, Cases: l.Cases, Violations: l.Violations}
		switch {
		case l.Violations > 0:
			p.Status, failed = report.Violated, true
			p.Counterexample = st.counterexample(l)
		case l.Cases > 0:
			p.Status = report.Held
		default:
			p.Status, unproven = report.NotApplicable, true
		}
		rep.Properties = append(rep.Properties, p)
	}
	for k, t := range cases.Targets {
		f := 0.0
		if st.Cases > 0 && k < len(st.Hits) {
			f = float64(st.Hits[k]) / float64(st.Cases)
		}
		c := report.Coverage{Class: t.Name, Fraction: f, Floor: t.Floor, OK: f >= t.Floor}
		unproven = unproven || !c.OK
		rep.Coverage = append(rep.Coverage, c)
	}
	if st.DynamicOutside > 0 {
		rep.Audit = append(rep.Audit, report.AuditEntry{Topic: "dynamic-outside-precondition",
			Detail: "compiled CuTe answered dynamic cases that a documented precondition excludes (it checks none at run time); no law judges those answers",
			Count:  st.DynamicOutside})
	}
	for _, d := range st.Divergences {
		detail := fmt.Sprintf("%s %s: %s gives %s; the model gives %s", d.Op, d.Kind, st.Source, d.Got, d.Want)
		if len(d.Broke) > 0 {
			detail += "; the answer breaks " + strings.Join(d.Broke, ", ")
		}
		rep.Audit = append(rep.Audit, report.AuditEntry{Topic: "divergence", Config: d.Least, Detail: detail, Count: d.Count})
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

func (st *state) counterexample(l lawState) *report.Counterexample {
	f := l.First
	detail := f.Detail
	if f.Answered {
		detail += fmt.Sprintf("; %s gives %s; the model gives %s", st.Source, f.Got, f.Want)
	}
	cmd := []string{"tilecheck cute check"}
	if st.ReplayFlags != "" {
		cmd = append(cmd, st.ReplayFlags)
	}
	cmd = append(cmd, fmt.Sprintf("--case '%s' --law %s", f.Case, l.ID))
	return &report.Counterexample{
		Config: f.Case, Ops: f.Op, Thread: -1, Expected: f.Expected, Actual: f.Actual, Detail: detail,
		Replay: report.Replay{Command: strings.Join(cmd, " ")},
	}
}

// IsShard says whether r is a shard of a CuTe sweep.
func IsShard(r *report.Report) bool {
	if r.Class != "cute" || !r.IsShard() {
		return false
	}
	var st state
	return json.Unmarshal(r.Shard, &st) == nil && st.Family == "cute"
}

// Merge joins every shard's report of one CuTe sweep (cute sweep --shard
// i/n, for i = 1..n) into the report of the unsharded sweep: counts add,
// each law's counterexample and each divergence keep the smallest case,
// and the controls, judged alike in every shard, are shard 1's. Only the
// elapsed time differs: it is the shards' sum.
func Merge(shards []*report.Report) (*report.Report, error) {
	if len(shards) == 0 {
		return nil, fmt.Errorf("no shard reports")
	}
	sts := make([]*state, len(shards))
	for i, r := range shards {
		var st state
		if err := json.Unmarshal(r.Shard, &st); err != nil || st.Family != "cute" {
			return nil, fmt.Errorf("shard report %d: not a CuTe shard", i+1)
		}
		sts[i] = &st
	}
	sort.Slice(sts, func(i, j int) bool { return sts[i].Index < sts[j].Index })
	first := sts[0]
	for i, st := range sts {
		if st.Count != len(sts) || st.Index != i+1 {
			return nil, fmt.Errorf("shards: want parts 1..%d of one sweep, each once; got part %d of %d", len(sts), st.Index, st.Count)
		}
		if st.Source != first.Source || st.Preset != first.Preset || st.Seed != first.Seed || st.Total != first.Total || len(st.Laws) != len(first.Laws) {
			return nil, fmt.Errorf("shards %d and %d are not parts of one sweep (source, preset, seed or cases differ)", first.Index, st.Index)
		}
	}
	m := *first
	m.Index, m.Count = 0, 0
	m.Laws = append([]lawState{}, first.Laws...)
	m.Hits = append([]int{}, first.Hits...)
	divs := map[string]*divState{}
	var order []string
	addDivs := func(ds []divState) {
		for _, d := range ds {
			k := d.Op + "\x00" + d.Kind
			if have, ok := divs[k]; ok {
				have.Count += d.Count
				if smallerText(d.Least, have.Least) {
					have.Least, have.Got, have.Want, have.Broke = d.Least, d.Got, d.Want, d.Broke
				}
				continue
			}
			dd := d
			divs[k] = &dd
			order = append(order, k)
		}
	}
	addDivs(first.Divergences)
	for _, st := range sts[1:] {
		m.Cases += st.Cases
		m.Accepted += st.Accepted
		m.DynamicOutside += st.DynamicOutside
		m.ElapsedS += st.ElapsedS
		m.Interrupted = m.Interrupted || st.Interrupted
		for k := range m.Hits {
			m.Hits[k] += st.Hits[k]
		}
		for k, l := range st.Laws {
			ml := &m.Laws[k]
			ml.Cases += l.Cases
			ml.Violations += l.Violations
			if l.First != nil && (ml.First == nil || smallerText(l.First.Case, ml.First.Case)) {
				ml.First = l.First
			}
		}
		addDivs(st.Divergences)
	}
	sort.Strings(order) // as divergences sorts them: by operation, then kind
	m.Divergences = nil
	for _, k := range order {
		m.Divergences = append(m.Divergences, *divs[k])
	}
	return m.report(), nil
}
