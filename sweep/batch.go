package sweep

import (
	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// runBatch judges batch b on the iterator and on every control into agg.
// The requests are planned once for all of them (engine.Plan), and the
// reference traces the oracle reads are the same for all of them, so they
// are fetched once (memoSource). Only a control's kills are kept, so each
// control's traces are carved from arena, reset before the next, and a
// control is judged (and traced) only for the properties that have not
// killed it in an earlier batch (first; nil judges every property). A
// control takes the reference's judgement where it answers as the
// reference does (engine.Shortcut): from the iterator's own outcomes when
// it is the reference model (viaRef), else, in the RegularTileIterator
// class, judged once per batch on the reference for every control
// (engine.Plan.ReferenceKills). at is the index of the batch's first case
// among the given ones (Options.Cases).
func runBatch(agg *aggregate, w *workerSources, ctrls []props.Source, arena *iterator.Arena, cases []props.Case, b, at int, first *firstKills, viaRef bool) error {
	ps, plan := agg.opts.Properties, w.plan
	memo := newMemoSource(w.ref)
	plan.Replan(ps, cases)
	evaluate := plan.Evaluate
	if viaRef {
		// The reference's own answers serve as the oracle's.
		evaluate = plan.EvaluateAsReference
	}
	outs, err := evaluate(w.src, memo)
	if err != nil {
		return err
	}
	agg.addOutcomes(cases, outs)
	observe(&agg.opts, at, outs)
	// Each control's properties still to judge, worked out before any is
	// judged (ReferenceKills needs them all): a control's mask reads only
	// its own kills, which this batch records after judging it.
	var judged []int
	var defects []iterator.Defect
	var masks [][]bool
	for i := range ctrls {
		mask := make([]bool, len(ps))
		if first.judge(i, b, ps, mask) {
			judged, defects, masks = append(judged, i), append(defects, agg.controls[i]), append(masks, mask)
		}
	}
	if len(judged) == 0 {
		return nil
	}
	sc := &engine.Shortcut{}
	if viaRef {
		sc.RefKilled = make([]bool, len(cases)*len(ps))
		for i, o := range outs {
			for j, v := range o.Violations {
				sc.RefKilled[i*len(ps)+j] = len(v) > 0
			}
		}
	} else if agg.opts.Class.Family() {
		// The family's controls answer as the reference does too seldom
		// for judging the reference once per batch to save work: it costs
		// more than the control judgements it spares.
		sc = nil
	} else if sc.RefKilled, err = plan.ReferenceKills(w.refMain, memo, defects, masks); err != nil {
		return err
	}
	killed := make([]bool, len(ps))
	for k, i := range judged {
		arena.Reset()
		clear(killed)
		if sc != nil {
			sc.Defect = defects[k]
		}
		if err := plan.KillsVia(ctrls[i], memo, masks[k], killed, sc); err != nil {
			return err
		}
		for j := range ps {
			if masks[k][j] && killed[j] {
				agg.kills[i][j] = true
				first.killed(i, j, b)
			}
		}
	}
	return nil
}
