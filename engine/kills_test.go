package engine_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/internal/testcases"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// killCases is a small batch of generated cases of class: a few valid
// configurations, each with every program.
func killCases(t *testing.T, class iterator.Class) []props.Case {
	t.Helper()
	if class != iterator.RegularTile {
		return testcases.Family(t, class, 8)
	}
	cfgs, progs, err := gen.Enumerate(gen.Quick)
	require.NoError(t, err)
	var out []props.Case
	for k := 0; k < len(cfgs) && len(out) < 12*len(progs); k += 97 {
		for i, p := range progs {
			c, err := props.NewCase(cfgs[k], p, gen.SampleThreads(cfgs[k].Threads))
			if err != nil {
				break
			}
			c.First = i == 0
			out = append(out, c)
		}
	}
	require.NotEmpty(t, out, "no valid case")
	return out
}

// TestEvaluateKillsOfJudgesOnlyTheChosen judges each control with one
// property at a time (so only that property's programs are traced): it
// must find on every case exactly the violations the full evaluation finds
// for that property, and none for the others. A property reading a program
// it did not declare panics (the trace was not fetched) and fails here.
func TestEvaluateKillsOfJudgesOnlyTheChosen(t *testing.T) {
	ref := props.ModelSource(model(t, "reference"))
	killed := 0
	for _, class := range iterator.Classes() {
		ps := props.ForClass(class)
		cases := killCases(t, class)
		plan := engine.NewPlan(ps, cases)
		for _, d := range props.ControlsFor(class, 0) {
			src := props.ModelSource(iterator.Control(d))
			full, err := plan.EvaluateKills(src, ref)
			require.NoError(t, err)
			for j := range ps {
				mask := make([]bool, len(ps))
				mask[j] = true
				some, err := plan.EvaluateKillsOf(src, ref, mask)
				require.NoError(t, err)
				for i := range cases {
					for k := range ps {
						want := 0
						if k == j {
							want = len(full[i].Violations[k])
						}
						assert.Equal(t, want, len(some[i].Violations[k]), "%s %s, judging %s only: case %d's %s violations", class, d, ps[j].ID, i, ps[k].ID)
					}
					if len(full[i].Violations[j]) > 0 {
						killed++
					}
				}
			}
		}
	}
	assert.NotZero(t, killed, "no control was killed on these cases: the comparison shows nothing")
}

// TestKillsIsEvaluateKillsOf: Plan.Kills, which keeps only whether each
// property killed the control and stops judging a property at its first
// kill, finds the kills EvaluateKillsOf's outcomes show, for every control,
// with every property judged and with each alone.
func TestKillsIsEvaluateKillsOf(t *testing.T) {
	ref := props.ModelSource(model(t, "reference"))
	kills := 0
	for _, class := range iterator.Classes() {
		ps := props.ForClass(class)
		cases := killCases(t, class)
		plan := engine.NewPlan(ps, cases)
		masks := [][]bool{nil}
		for j := range ps {
			m := make([]bool, len(ps))
			m[j] = true
			masks = append(masks, m)
		}
		for _, d := range props.ControlsFor(class, 0) {
			src := props.ModelSource(iterator.Control(d))
			for _, mask := range masks {
				outs, err := plan.EvaluateKillsOf(src, ref, mask)
				require.NoError(t, err)
				killed := make([]bool, len(ps))
				require.NoError(t, plan.Kills(src, ref, mask, killed))
				for j := range ps {
					want := false
					for _, o := range outs {
						want = want || len(o.Violations[j]) > 0
					}
					assert.Equal(t, want, killed[j], "%s %s, mask %v: whether %s killed, by EvaluateKillsOf and by Kills", class, d, mask, ps[j].ID)
					if killed[j] {
						kills++
					}
				}
			}
		}
	}
	assert.NotZero(t, kills, "no control was killed on these cases: the comparison shows nothing")
}

// TestReplanIsNewPlan: a plan replanned for other cases (a sweep's worker
// keeps one, batch after batch) judges them exactly as a new plan does,
// with the iterator and with a control, whatever it planned before.
func TestReplanIsNewPlan(t *testing.T) {
	ref := props.ModelSource(model(t, "reference"))
	for _, class := range iterator.Classes() {
		ps := props.ForClass(class)
		cases := killCases(t, class)
		half := len(cases) / 2
		plan := engine.NewPlan(ps, cases[half:])
		reuse := engine.NewPlan(ps, cases[half:]).ReuseOutcomes()
		one := make([]bool, len(ps)) // the first property alone
		one[0] = true
		ctrls := props.ControlsFor(class, 0)
		for _, d := range append([]iterator.Defect{""}, ctrls[:min(2, len(ctrls))]...) {
			src := props.ModelSource(iterator.Control(d)) // "": the reference
			reversed := slices.Clone(cases)
			slices.Reverse(reversed)
			for _, part := range [][]props.Case{cases[:half], cases[half:], reversed, cases[1:], cases} {
				got, err := plan.Replan(ps, part).Evaluate(src, ref)
				require.NoError(t, err)
				want, err := engine.NewPlan(ps, part).Evaluate(src, ref)
				require.NoError(t, err)
				assert.Equal(t, want, got, "%s %s: a replanned plan's outcomes differ from a new plan's", class, d)
				// A plan reusing its outcomes' memory, judged in full and
				// then quietly on one property (no units observed, the
				// others not judged): nothing of the evaluation before
				// shows.
				reuse.Replan(ps, part)
				for _, judge := range [][]bool{nil, one} {
					got := evaluateOn(t, reuse, src, ref, judge)
					want := evaluateOn(t, engine.NewPlan(ps, part), src, ref, judge)
					assert.Equal(t, want, got, "%s %s (judging %v): the outcomes of a plan reusing their memory differ from a new plan's", class, d, judge)
				}
			}
		}
	}
}

// evaluateOn is plan.Evaluate where judge is nil, else
// plan.EvaluateKillsOf(judge).
func evaluateOn(t *testing.T, plan *engine.Plan, src, ref props.Source, judge []bool) []engine.Outcome {
	t.Helper()
	var outs []engine.Outcome
	var err error
	if judge == nil {
		outs, err = plan.Evaluate(src, ref)
	} else {
		outs, err = plan.EvaluateKillsOf(src, ref, judge)
	}
	require.NoError(t, err)
	return outs
}
