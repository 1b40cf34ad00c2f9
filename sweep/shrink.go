package sweep

import (
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// shrunk is the smallest failing case rapid found for one property.
type shrunk struct {
	c props.Case
	v props.Violation
}

// shrink searches, with gen.Shrink, for random cases that violate property
// p on src and returns the one rapid minimised with its violation, or nil
// when none of its checks failed. rapid judges the minimised case last, so
// the last violation recorded is the shrunk one.
func shrink(class iterator.Class, p props.Property, src, ref props.Source, contract props.Contract, seed int64, checks int) (res *shrunk) {
	// One plan, replanned check after check: a search makes thousands.
	ps, plan := []props.Property{p}, new(props.Plan)
	cases := make([]props.Case, 1)
	gen.Shrink(class, contract, seed, checks, func(c props.Case) bool {
		cases[0] = c
		outs, err := plan.Replan(ps, cases).Evaluate(src, ref)
		if err != nil || len(outs[0].Violations[0]) == 0 {
			return false
		}
		res = &shrunk{c: c, v: outs[0].Violations[0][0]}
		return true
	})
	return res
}

// replay is what judges one counterexample again; the front end formats
// it (report.Replay.String) when it renders the report.
func replay(iter string, v props.Violation, contract props.Contract) report.Replay {
	r := report.Replay{Iterator: iter, Config: v.ConfigText(), Ops: v.OpsText(), Property: v.Property, Thread: v.Thread}
	if contract != props.PtrElements {
		r.Contract = contract.String()
	}
	return r
}
