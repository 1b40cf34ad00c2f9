package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// TestBatchOutcomesAreEachCases holds what a plan carves from memory it
// shares across a batch (the cases' lists of derived programs, their
// unit observations) to judging each case alone: a list that ran into the
// next case's would change that case's outcome. Random cases of every
// class under both contracts, against the reference and a control.
func TestBatchOutcomesAreEachCases(t *testing.T) {
	ref := props.ModelSource(model(t, "reference"))
	observed := 0
	for _, class := range iterator.Classes() {
		ps := props.ForClass(class)
		for _, contract := range []props.Contract{props.PtrElements, props.PtrBytes} {
			cases := gen.RandomCases(class, 5, 120, contract)
			for _, src := range []props.Source{ref, props.ModelSource(iterator.Control(props.ControlsFor(class, contract)[0]))} {
				batch, err := engine.NewPlan(ps, cases).Evaluate(src, ref)
				require.NoError(t, err)
				for i, c := range cases {
					alone, err := engine.NewPlan(ps, []props.Case{c}).Evaluate(src, ref)
					require.NoError(t, err)
					observed += len(alone[0].Units)
					// Masks and memos shared by a configuration's cases may
					// decide what one case would trace, not what it finds.
					require.Equal(t, alone[0].Units, batch[i].Units, "%s, %s on %s; %s: units alone and in a batch", class, src.Name(), c.Config, c.Program)
					require.Equal(t, alone[0].Violations, batch[i].Violations, "%s, %s on %s; %s: violations alone and in a batch", class, src.Name(), c.Config, c.Program)
					require.Equal(t, alone[0].Checks, batch[i].Checks, "%s, %s on %s; %s: checks alone and in a batch", class, src.Name(), c.Config, c.Program)
				}
			}
		}
	}
	require.NotZero(t, observed, "no unit observed: the test shows nothing")
	t.Logf("%d unit observations compared", observed)
}
