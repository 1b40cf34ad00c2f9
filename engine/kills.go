package engine

import (
	"slices"

	"github.com/tilecheck/tilecheck/props"
)

// A control is judged only for its kills: once a property has killed it,
// judging that property on it again says nothing new. EvaluateKillsOf
// judges a chosen subset of the properties and traces only the programs
// they read, which is where a sweep of controls spends its time.

// EvaluateKillsOf is EvaluateKills judging only the properties j with
// judge[j]: the others get no violations and count as not judged, and the
// programs only they read are not traced. A nil judge judges all.
func (p *Plan) EvaluateKillsOf(src, ref props.Source, judge []bool) ([]Outcome, error) {
	return p.evaluateSome(src, ref, true, judge, false)
}

// neededBy marks the main needs the properties with judge[j] read; nil
// (judge nil) means all of them.
func (p *Plan) neededBy(judge []bool) []bool {
	if judge == nil {
		return nil
	}
	want := slices.Grow(p.wantBuf[:0], len(p.mainNeeds.list))[:len(p.mainNeeds.list)]
	clear(want)
	p.wantBuf = want
	for j, on := range judge {
		if !on {
			continue
		}
		for _, i := range p.uses[j] {
			want[i] = true
		}
	}
	return want
}

// Kills judges the plan's cases on a control, quietly, with the
// properties j with judge[j] (nil: all, ControlsExempt ones excepted), and
// sets killed[j] where property j found a violation on any case: all that
// a sweep keeps of a control. It is EvaluateKillsOf without outcomes: a
// property stops being judged at its first kill, and the memory of the
// answers and the judging is the plan's, reused from one control to the
// next (a plan is evaluated by one goroutine at a time).
func (p *Plan) Kills(src, ref props.Source, judge, killed []bool) error {
	return p.KillsVia(src, ref, judge, killed, nil)
}

// KillsVia is Kills taking, where sc says so, the reference's judgement
// for the control's (kills_shared.go); a nil sc is Kills.
func (p *Plan) KillsVia(src, ref props.Source, judge, killed []bool, sc *Shortcut) error {
	var viaRef, want []bool
	if sc != nil {
		viaRef, want = p.shortcut(sc, judge, killed)
	} else {
		want = p.neededBy(judge)
	}
	main, err := p.mainNeeds.fetchInto(&p.mainFetch, src, want)
	if err != nil {
		return err
	}
	refs, err := p.refs.fetchInto(&p.refFetch, ref, nil)
	if err != nil {
		return err
	}
	t := &p.killTraces
	np := len(p.properties)
	for i := range p.cases {
		c := &p.cases[i]
		g := p.groupOf[i]
		ready := false // t is set up for case i: only once a property judges it
		for j, pr := range p.properties {
			if killed[j] || (judge != nil && !judge[j]) || pr.ControlsExempt || (viaRef != nil && viaRef[i*np+j]) {
				continue
			}
			if !ready {
				p.killCase(main, refs, g, c)
				ready = true
			}
			p.read.declared = p.declaredBy(j, i)
			killed[j] = len(pr.Judge(c, t)) > 0
			t.TakeJudged()
		}
	}
	return nil
}

// killCase sets p.killTraces up to judge case c (of configuration group
// g) for kills only: main's traces judged, refs' the oracle's, nothing
// described. Kills and ReferenceKills judge through it alike.
func (p *Plan) killCase(main, refs *fetched, g int, c *props.Case) {
	t := &p.killTraces
	findings, unavailable := t.Findings[:0], t.Unavailable[:0]
	p.read = reader{main: traceSet{f: main, group: g}, oracle: traceSet{f: refs, group: g}}
	t.Reset(&p.read, c, true, &p.work)
	t.Findings, t.Unavailable = findings, unavailable
	if a := p.read.main.get(c.Program); a != nil && a.Err() != nil {
		t.NoteErr(a.Err()) // as evaluateSome does
	}
}

// fetchInto asks src for the needs with want[i] (nil: every need), the
// others marked skipped, and files the answers in f, whose memory it
// reuses. Where every need is wanted (the oracle's, every time), src is
// handed the plan's own request list instead of a copy: a props.Request holds its
// configuration by value, and copying the list for every control cost more
// than a memoised answer. The list is only read (props.Source.Traces), and within
// a batch it is the same list each time, as the batch's reference memo
// needs.
func (n *needs) fetchInto(f *fetched, src props.Source, want []bool) (*fetched, error) {
	f.n = n
	f.answers = slices.Grow(f.answers[:0], len(n.list))[:len(n.list)]
	clear(f.answers)
	f.skipped = nil
	f.reqs, f.idx = f.reqs[:0], f.idx[:0]
	if want != nil {
		f.skipped = slices.Grow(f.skippedBuf[:0], len(n.list))[:len(n.list)]
		f.skippedBuf = f.skipped
	}
	all := true
	for i := range n.list {
		if want != nil {
			f.skipped[i] = !want[i]
			all = all && want[i]
		}
	}
	if !all {
		for i := range n.list {
			if want[i] {
				f.idx = append(f.idx, i)
			}
		}
	}
	if src == nil {
		f.answers = f.answers[:0] // no source answers nothing, as fetch
		return f, nil
	}
	asked := len(n.list)
	if !all {
		asked = len(f.idx)
	}
	if asked == 0 {
		return f, nil
	}
	var resps []props.Response
	var err error
	f.compact = nil
	// A plan that marked which needs' records are read (its main needs)
	// may have the others answered in compact form.
	if cs, ok := src.(props.CompactSource); ok && len(n.records) == len(n.list) {
		// Which requests may be answered in compact form.
		f.compactOK = f.compactOK[:0]
		for k := range asked {
			i := k
			if !all {
				i = f.idx[k]
			}
			f.compactOK = append(f.compactOK, !n.records[i])
		}
		var idx []int
		if !all {
			idx = f.idx
		}
		f.list = needList{n: n, idx: idx}
		resps = cs.CompactTraces(&f.list, f.compactOK)
		f.compact = cs
	} else {
		reqs := n.requests()
		if !all {
			for _, i := range f.idx {
				f.reqs = append(f.reqs, reqs[i])
			}
			reqs = f.reqs
		}
		resps, err = src.Traces(reqs)
	}
	if err != nil {
		return nil, err
	}
	for k := range resps {
		if k >= asked {
			break
		}
		r := &resps[k]
		i := k // every need asked, in order
		if !all {
			i = f.idx[k]
		}
		if pos := n.positions(i); r.Shift != nil && r.Traces == nil {
			f.answers[i] = props.PendingAnswer(r.Shift, pos, f, i)
		} else {
			f.answers[i] = props.NewAnswer(r.Traces, r.Err, r.Shift, pos)
		}
	}
	return f, nil
}
