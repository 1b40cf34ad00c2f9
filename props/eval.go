package props

import (
	"encoding/binary"
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
)

// Outcome is what judging one case found, per property (indexed like the
// property list given to Evaluate).
type Outcome struct {
	Violations  [][]Violation
	Judged      []bool // the property's preconditions held at least once
	Checks      int64  // address comparisons made
	Findings    []Finding
	Units       []UnitObservation
	Unavailable []string
	Err         error // the case program's own error (invalid configuration…)
}

// need is one (configuration, program) request being assembled.
type need struct {
	group   int
	prog    iterator.Program
	threads []int
}

// needs collects requests per configuration group, merging thread lists of
// the same program so that each (configuration, program) is traced once.
type needs struct {
	list  []*need
	index map[string]int // group and program key → list index
}

func (n *needs) add(group int, p iterator.Program, threads []int) {
	if n.index == nil {
		n.index = map[string]int{}
	}
	// The key is the group number and the program's binary key: the lookup
	// allocates nothing, only a new entry does.
	var buf keyBuf
	k := appendProgramKey(binary.LittleEndian.AppendUint32(buf[:0], uint32(group)), p)
	if i, ok := n.index[string(k)]; ok {
		if !slices.Equal(n.list[i].threads, threads) {
			n.list[i].threads = sortedThreads(n.list[i].threads, threads)
		}
		return
	}
	n.index[string(k)] = len(n.list)
	n.list = append(n.list, &need{group: group, prog: p, threads: sortedThreads(threads, nil)})
}

// fetch asks src for every need and files the answers by group.
func (n *needs) fetch(src Source, cfgs []iterator.Config, sets []TraceSet) error {
	if src == nil || len(n.list) == 0 {
		return nil
	}
	reqs := make([]Request, len(n.list))
	for i, nd := range n.list {
		reqs[i] = Request{Config: cfgs[nd.group], Program: nd.prog, Threads: nd.threads}
	}
	resps, err := src.Traces(reqs)
	if err != nil {
		return err
	}
	for i, nd := range n.list {
		sets[nd.group].Add(nd.prog, nd.threads, resps[i])
	}
	return nil
}

// Evaluate judges cases on src with the given properties: it collects every
// property's programs for the whole batch, fetches each (configuration,
// program) once from src (and the oracle programs once from ref, which may
// be nil), then judges. Cases of one configuration share their traces.
func Evaluate(properties []Property, src, ref Source, cases []Case) ([]Outcome, error) {
	groupOf := make([]int, len(cases))
	var cfgs []iterator.Config
	byKey := map[string]int{}
	for i, c := range cases {
		k := c.Key()
		g, ok := byKey[k]
		if !ok {
			g = len(cfgs)
			byKey[k] = g
			cfgs = append(cfgs, c.Config)
		}
		groupOf[i] = g
	}
	var mainNeeds, refNeeds needs
	for i, c := range cases {
		g := groupOf[i]
		mainNeeds.add(g, c.Program, c.Threads)
		for _, p := range properties {
			threads := c.Threads
			if p.AllThreads {
				threads = AllThreads(c.Config.Threads)
			}
			if p.Programs != nil {
				for _, prog := range p.Programs(c) {
					mainNeeds.add(g, prog, threads)
				}
			}
			if p.Oracle != nil && ref != nil {
				for _, prog := range p.Oracle(c) {
					refNeeds.add(g, prog, c.Threads)
				}
			}
		}
	}
	mainSets := make([]TraceSet, len(cfgs))
	refSets := make([]TraceSet, len(cfgs))
	for g := range cfgs {
		mainSets[g], refSets[g] = TraceSet{}, TraceSet{}
	}
	if err := mainNeeds.fetch(src, cfgs, mainSets); err != nil {
		return nil, err
	}
	if err := refNeeds.fetch(ref, cfgs, refSets); err != nil {
		return nil, err
	}
	out := make([]Outcome, len(cases))
	for i, c := range cases {
		g := groupOf[i]
		t := NewTraces(mainSets[g], refSets[g])
		o := Outcome{Violations: make([][]Violation, len(properties)), Judged: make([]bool, len(properties))}
		if pt := mainSets[g].get(c.Program); pt != nil && pt.err != nil {
			o.Err = pt.err
		}
		for j, p := range properties {
			o.Violations[j] = p.Judge(c, t)
			o.Judged[j] = t.TakeJudged()
		}
		o.Checks, o.Units, o.Unavailable = t.Checks, t.Units, t.Unavailable
		o.Findings = append(AuditCase(c), t.Findings...)
		out[i] = o
	}
	return out, nil
}

// Check judges one case with the given properties and returns one Result
// per property: fail with its violations, pass, or n/a when its
// preconditions never held (and audit for audit-only properties).
func Check(properties []Property, src, ref Source, c Case) ([]Result, Outcome, error) {
	outs, err := Evaluate(properties, src, ref, []Case{c})
	if err != nil {
		return nil, Outcome{}, err
	}
	o := outs[0]
	if o.Err != nil {
		return nil, o, o.Err
	}
	res := make([]Result, len(properties))
	for j, p := range properties {
		r := Result{ID: p.ID, Doc: p.Doc, Violations: o.Violations[j]}
		switch {
		case len(r.Violations) > 0 && p.AuditOnly:
			r.Status = "audit"
		case len(r.Violations) > 0:
			r.Status = "fail"
		case o.Judged[j]:
			r.Status = "pass"
		default:
			r.Status = "n/a"
		}
		res[j] = r
	}
	return res, o, nil
}
