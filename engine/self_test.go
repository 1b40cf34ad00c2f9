package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// TestEvaluateAsReferenceIsEvaluate holds a sweep of the reference, whose
// oracle answers are its own, to the outcomes of asking the reference
// twice: on random cases of every class, under both pointer contracts
// (the bytes contract rewrites the oracle's pointer offsets, so that its
// programs are not the case's), in batches as a sweep plans them. A
// source other than the reference is judged as Evaluate judges it.
func TestEvaluateAsReferenceIsEvaluate(t *testing.T) {
	refModel := model(t, "reference")
	shared, fallback := 0, 0
	for _, class := range iterator.Classes() {
		ps := props.ForClass(class)
		for _, contract := range []props.Contract{props.PtrElements, props.PtrBytes} {
			cases := gen.RandomCases(class, 11, 240, contract)
			if class == iterator.RegularTile {
				cases = append(cases, compactEdgeCases(t, contract)...)
			}
			for lo := 0; lo < len(cases); lo += 40 {
				batch := cases[lo:min(lo+40, len(cases))]
				plan := engine.NewPlan(ps, batch)
				if engine.RefsInMain(plan) {
					shared++
				} else {
					fallback++
				}
				arena := new(iterator.Arena)
				want, err := plan.Evaluate(props.ModelSource(refModel), props.ModelSource(refModel))
				require.NoError(t, err)
				got, err := plan.EvaluateAsReference(props.ModelSourceIn(refModel, arena), props.ModelSource(refModel))
				require.NoError(t, err)
				for i := range batch {
					require.Equal(t, want[i], got[i], "%s, %s contract, %s; %s: outcome asking the reference and as the reference", class, contract, batch[i].Config, batch[i].Program)
				}
				// A control is not the reference: its oracle is asked.
				ctrl := props.ModelSource(iterator.Control(props.ControlsFor(class, contract)[0]))
				want, err = plan.Evaluate(ctrl, props.ModelSource(refModel))
				require.NoError(t, err)
				got, err = plan.EvaluateAsReference(ctrl, props.ModelSource(refModel))
				require.NoError(t, err)
				require.Equal(t, want, got, "%s, %s contract: a control judged as the reference differs from Evaluate", class, contract)
			}
		}
	}
	t.Logf("%d batches answered the oracle from the reference's own answers, %d asked it", shared, fallback)
	require.NotZero(t, shared, "both ways must be exercised: no batch shared")
	require.NotZero(t, fallback, "both ways must be exercised: no batch asked")
}
