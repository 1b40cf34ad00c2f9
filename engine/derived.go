package engine

// planDerived adds to each derived property's programs for case i every
// other program the plan evaluates with its records for the case (own is
// the case program's need), once each, and asks the reference for their
// oracle programs on the case's threads. On RegularTileIterator, the one
// class a Go model answers in compact form (iterator.ShiftIn), the
// programs only Compact properties read are left out: they are judged by
// their origins against the case program, which the derived property
// judges, and reading their records would undo the compact form. It
// runs after every property has declared its programs for the case, so
// that a derived property's part of uses stays one run per case.
func (p *Plan) planDerived(i, g, own int) {
	c := &p.cases[i]
	compact := !c.Config.Class.Family()
	for j, pr := range p.properties {
		if pr.Derived == nil {
			continue
		}
		start := len(p.uses[j])
		for k, other := range p.properties {
			if k == j || (compact && other.Compact) {
				continue
			}
			seg := p.uses[k][p.useAt[k][i]:]
			for _, n := range seg {
				if n == own || containsNeed(p.uses[j][start:], n) {
					continue
				}
				p.uses[j] = append(p.uses[j], n)
				if ref, ok := pr.Derived(c, p.mainNeeds.list[n].prog); ok {
					p.refs.add(g, ref, c.Threads)
				}
			}
		}
	}
}

func containsNeed(list []int, n int) bool {
	for _, m := range list {
		if m == n {
			return true
		}
	}
	return false
}
