package props

// A control is judged only for its kills: once a property has killed it,
// judging that property on it again says nothing new. EvaluateKillsOf
// judges a chosen subset of the properties and traces only the programs
// they read, which is where a sweep of controls spends its time.

// EvaluateKillsOf is EvaluateKills judging only the properties j with
// judge[j]: the others get no violations and count as not judged, and the
// programs only they read are not traced. A nil judge judges all.
func (p *Plan) EvaluateKillsOf(src, ref Source, judge []bool) ([]Outcome, error) {
	return p.evaluateSome(src, ref, true, judge)
}

// neededBy marks the main needs the properties with judge[j] read; nil
// (judge nil) means all of them.
func (p *Plan) neededBy(judge []bool) []bool {
	if judge == nil {
		return nil
	}
	want := make([]bool, len(p.mainNeeds.list))
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

// fetchFor is fetch asking src only for the needs with want[i] (nil:
// every need); the others are marked skipped.
func (n *needs) fetchFor(src Source, want []bool) (*fetched, error) {
	if want == nil {
		return n.fetch(src)
	}
	f := &fetched{n: n, answers: make([]progTraces, len(n.list)), skipped: make([]bool, len(n.list))}
	var reqs []Request
	var idx []int
	for i, w := range want {
		if w {
			reqs = append(reqs, n.reqs[i])
			idx = append(idx, i)
		} else {
			f.skipped[i] = true
		}
	}
	if src == nil || len(reqs) == 0 {
		return f, nil
	}
	resps, err := src.Traces(reqs)
	if err != nil {
		return nil, err
	}
	for k, r := range resps {
		if k < len(idx) {
			f.answers[idx[k]] = progTraces{err: r.Err, traces: r.Traces}
		}
	}
	return f, nil
}
