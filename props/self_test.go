package props_test

import (
	"reflect"
	"testing"

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
				plan := props.NewPlan(ps, batch)
				if props.RefsInMain(plan) {
					shared++
				} else {
					fallback++
				}
				arena := new(iterator.Arena)
				want, err := plan.Evaluate(props.ModelSource(refModel), props.ModelSource(refModel))
				if err != nil {
					t.Fatal(err)
				}
				got, err := plan.EvaluateAsReference(props.ModelSourceIn(refModel, arena), props.ModelSource(refModel))
				if err != nil {
					t.Fatal(err)
				}
				for i := range batch {
					if !reflect.DeepEqual(got[i], want[i]) {
						t.Fatalf("%s, %s contract, %s; %s: outcome as the reference\n%+v\nasking the reference\n%+v", class, contract, batch[i].Config, batch[i].Program, got[i], want[i])
					}
				}
				// A control is not the reference: its oracle is asked.
				ctrl := props.ModelSource(iterator.Control(props.ControlsFor(class, contract)[0]))
				want, err = plan.Evaluate(ctrl, props.ModelSource(refModel))
				if err != nil {
					t.Fatal(err)
				}
				got, err = plan.EvaluateAsReference(ctrl, props.ModelSource(refModel))
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s, %s contract: a control judged as the reference differs from Evaluate", class, contract)
				}
			}
		}
	}
	t.Logf("%d batches answered the oracle from the reference's own answers, %d asked it", shared, fallback)
	if shared == 0 || fallback == 0 {
		t.Fatalf("both ways must be exercised: %d shared, %d asked", shared, fallback)
	}
}
