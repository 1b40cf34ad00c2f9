package sweep

import (
	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// exhibitProgram returns the program that shows a P-sym counterexample in
// full: P-sym derives the store(t) it compares a load(t) with (and the
// load(t) for a store(t)), so the shrunk program `load(1,0)` says less than
// `load(1,0);store(1,0)`. A tile load or store never moves the iterator, so
// the partner placed right after it runs from the same state. ok is false
// when the program already shows both.
func exhibitProgram(prog iterator.Program, op int) (iterator.Program, bool) {
	if op < 0 || op >= len(prog) {
		return nil, false
	}
	o := prog[op]
	partner := o
	switch o.Kind {
	case iterator.LoadTile:
		partner.Kind = iterator.StoreTile
	case iterator.StoreTile:
		partner.Kind = iterator.LoadTile
	default:
		return nil, false
	}
	if (op+1 < len(prog) && prog[op+1] == partner) || (op > 0 && prog[op-1] == partner) {
		return nil, false
	}
	out := append(append(append(iterator.Program{}, prog[:op+1]...), partner), prog[op+1:]...)
	return out, true
}

// exhibit replaces a P-sym counterexample by the same case with the
// partner op written out, when that case still violates P-sym on the same
// thread (it is judged again, so the replay command stays true).
func (a *aggregate) exhibit(src, ref props.Source) {
	for j, p := range a.opts.Properties {
		b := a.best[j]
		if p.ID != props.PSym.ID || b == nil || b.v.Thread < 0 || b.v.Program == nil {
			continue
		}
		full, ok := exhibitProgram(b.v.Program, b.v.Op)
		if !ok {
			continue
		}
		c, err := props.NewCase(b.v.Config, full, []int{b.v.Thread})
		if err != nil {
			continue
		}
		c.PtrContract = a.opts.PtrContract
		outs, err := engine.Evaluate([]props.Property{p}, src, ref, []props.Case{c})
		if err != nil || len(outs[0].Violations[0]) == 0 {
			continue
		}
		b.v = outs[0].Violations[0][0]
	}
}
