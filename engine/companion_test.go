package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// TestCompanionExemptFromControls: EvaluateKills does not judge a
// ControlsExempt property (a control is not the companion's code);
// Evaluate on the same plan does.
func TestCompanionExemptFromControls(t *testing.T) {
	c := mustCase(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64", "load(1,0)")
	ref := model(t, "reference")
	plan := engine.NewPlan([]props.Property{props.Companion(props.ModelSource(ref))}, []props.Case{c})
	ctrl := props.ModelSource(iterator.Control(iterator.CLoadDiv))
	kills, err := plan.EvaluateKills(ctrl, nil)
	require.NoError(t, err)
	assert.Empty(t, kills[0].Violations[0], "a control was judged")
	assert.False(t, kills[0].Judged[0], "a control was judged")
	outs, err := plan.Evaluate(ctrl, nil)
	require.NoError(t, err)
	assert.NotEmpty(t, outs[0].Violations[0], "C-load-div equals the reference on %s: the control shows nothing", c.Program)
}
