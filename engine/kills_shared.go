package engine

import (
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// A RegularTileIterator control is the reference model with one defect,
// which most requests never reach (iterator.SameAsReference): there the
// control's traces are the reference's, so a judge reading only such
// traces finds what it finds on the reference. A sweep of the reference
// has just judged the reference on the same plan, so Kills can take that
// judgement instead of tracing and judging the control again: the kills
// are the same, only their cost differs (judging the controls is most of
// an exhaustive sweep's work).

// Shortcut is what KillsVia may use instead of judging a control.
type Shortcut struct {
	// Defect is the control's: its answer to a request is the reference's
	// where iterator.SameAsReference says so.
	Defect iterator.Defect
	// RefKilled says, for case i and property j at i·len(properties)+j,
	// whether the reference's judgement of case i by property j found a
	// violation (Evaluate's outcome on the reference, with the plan's
	// properties and cases).
	RefKilled []bool
}

// shortcut works out, for a control judged with judge (nil: every
// property), which (case, property) judgements read only requests the
// control answers as the reference does (viaRef, at i·len(properties)+j),
// sets killed[j] where such a judgement of the reference found a
// violation, and returns the needs the remaining judgements read (want).
func (p *Plan) shortcut(sc *Shortcut, judge, killed []bool) (viaRef, want []bool) {
	np, nn := len(p.properties), len(p.mainNeeds.list)
	same := p.sameFor(sc.Defect)
	viaRef = slices.Grow(p.viaRefBuf[:0], len(p.cases)*np)[:len(p.cases)*np]
	clear(viaRef)
	p.viaRefBuf = viaRef
	want = slices.Grow(p.wantBuf[:0], nn)[:nn]
	clear(want)
	p.wantBuf = want
	for j, pr := range p.properties {
		if killed[j] || (judge != nil && !judge[j]) || pr.ControlsExempt {
			continue
		}
		uses, at := p.uses[j], p.useAt[j]
		for i := range p.cases {
			if allSame(same, uses[at[i]:at[i+1]]) {
				viaRef[i*np+j] = true
				if sc.RefKilled[i*np+j] {
					killed[j] = true // judging it further cannot change that
					break
				}
			}
		}
		if killed[j] {
			continue
		}
		for i := range p.cases {
			if !viaRef[i*np+j] {
				for _, k := range uses[at[i]:at[i+1]] {
					want[k] = true
				}
			}
		}
	}
	return viaRef, want
}

// sameFor says, need by need, whether control defect d answers it as the
// reference does (iterator.Scope.Same); the slice is the plan's, valid
// until the next call.
func (p *Plan) sameFor(d iterator.Defect) []bool {
	nn := len(p.mainNeeds.list)
	same := slices.Grow(p.sameBuf[:0], nn)[:nn]
	p.sameBuf = same
	for k := range p.mainNeeds.list {
		nd := &p.mainNeeds.list[k]
		same[k] = p.scope(nd.group).Same(d, nd.prog)
	}
	return same
}

// scope is group g's iterator.Scope, worked out for every group of the
// plan at the first call after Replan.
func (p *Plan) scope(g int) *iterator.Scope {
	if len(p.scopes) == 0 {
		p.scopes = resize(p.scopes, len(p.cfgs))
		for k := range p.cfgs {
			p.scopes[k] = iterator.NewScope(&p.cfgs[k])
		}
	}
	return &p.scopes[g]
}

// allSame says whether every need in reads is answered as the reference does.
func allSame(same []bool, reads []int) bool {
	for _, k := range reads {
		if !same[k] {
			return false
		}
	}
	return true
}

// ReferenceKills judges the reference (src, the reference model; ref the
// oracle's source as for Kills) on every (case, property) that KillsVia
// would take from the reference for some control — property j judged by
// masks[k] (nil: every property) on control defects[k], every program it
// reads answered by that control as the reference does — and returns the
// RefKilled of a Shortcut for those controls and masks: exact at those
// pairs, false at the others, which KillsVia does not read. A sweep of
// another iterator calls it once per batch: each pair is then judged once,
// on the reference, instead of once per control.
func (p *Plan) ReferenceKills(src, ref props.Source, defects []iterator.Defect, masks [][]bool) ([]bool, error) {
	np, nn := len(p.properties), len(p.mainNeeds.list)
	elig := make([]bool, len(p.cases)*np) // the RefKilled returned, once judged
	want := slices.Grow(p.refWantBuf[:0], nn)[:nn]
	clear(want)
	p.refWantBuf = want
	some := false
	for k, d := range defects {
		same := p.sameFor(d)
		for j, pr := range p.properties {
			if (masks[k] != nil && !masks[k][j]) || pr.ControlsExempt {
				continue
			}
			uses, at := p.uses[j], p.useAt[j]
			for i := range p.cases {
				if reads := uses[at[i]:at[i+1]]; allSame(same, reads) && !elig[i*np+j] {
					elig[i*np+j], some = true, true
					for _, n := range reads {
						want[n] = true
					}
				}
			}
		}
	}
	if !some {
		return elig, nil
	}
	main, err := p.mainNeeds.fetchInto(&p.refMainFetch, src, want)
	if err != nil {
		return nil, err
	}
	refs, err := p.refs.fetchInto(&p.refFetch, ref, nil)
	if err != nil {
		return nil, err
	}
	t := &p.killTraces
	for i := range p.cases {
		c := &p.cases[i]
		g := p.groupOf[i]
		ready := false
		for j, pr := range p.properties {
			if !elig[i*np+j] {
				continue
			}
			if !ready {
				p.killCase(main, refs, g, c)
				ready = true
			}
			p.read.declared = p.declaredBy(j, i)
			elig[i*np+j] = len(pr.Judge(c, t)) > 0
			t.TakeJudged()
		}
	}
	return elig, nil
}
