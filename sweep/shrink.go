package sweep

import (
	"context"

	"github.com/tilecheck/tilecheck/engine"
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
// the last failing case recorded is the shrunk one. The search judges
// quietly (violations counted, not described: the same checks and
// violations, Plan.EvaluateKills), as it reads only whether a case fails,
// and the shrunk case is judged once more in full for its violation; a
// property exempt from quiet judgement (P-companion) is judged in full
// throughout. Once ctx is done the search judges nothing more (every case
// passes, so rapid's remaining checks and shrink steps take no time) and
// what it returns is not minimal: the caller drops it.
func shrink(ctx context.Context, class iterator.Class, p props.Property, src, ref props.Source, contract props.Contract, seed int64, checks int) *shrunk {
	return shrinkJudging(ctx, !p.ControlsExempt, class, p, src, ref, contract, seed, checks)
}

// shrinkJudging is shrink, judging the search quietly or in full (tests
// compare the two).
func shrinkJudging(ctx context.Context, quiet bool, class iterator.Class, p props.Property, src, ref props.Source, contract props.Contract, seed int64, checks int) *shrunk {
	// One plan, replanned check after check: a search makes thousands.
	ps, plan := []props.Property{p}, new(engine.Plan)
	cases := make([]props.Case, 1)
	evaluate := plan.Evaluate
	if quiet {
		evaluate = plan.EvaluateKills
	}
	var last props.Case
	found := false
	gen.Shrink(class, contract, seed, checks, func(c props.Case) bool {
		if ctx.Err() != nil {
			return false
		}
		cases[0] = c
		plan.Replan(ps, cases)
		outs, err := evaluate(src, ref)
		if err != nil || len(outs[0].Violations[0]) == 0 {
			return false
		}
		last, found = c, true
		return true
	})
	if !found {
		return nil
	}
	cases[0] = last
	outs, err := plan.Replan(ps, cases).Evaluate(src, ref)
	if err != nil || len(outs[0].Violations[0]) == 0 {
		// Judging is deterministic and judges quietly what it judges in
		// full (TestShrinkQuietIsFull), so this is not reached; were it,
		// the property would keep the smallest generated counterexample.
		return nil
	}
	return &shrunk{c: last, v: outs[0].Violations[0][0]}
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
