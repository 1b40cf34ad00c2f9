package engine_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// TestPropertyOutsidePropsKillsAControl: a property written outside props
// goes through a plan's kill matrix as the built-in ones do: it kills the
// control it is written against on a batch of cases, the reference
// survives it, and its evaluation counts checks.
func TestPropertyOutsidePropsKillsAControl(t *testing.T) {
	var cases []props.Case
	for _, ops := range []string{"load()", "load(1,0)", "load(0,1)", "store(1,0)"} {
		cases = append(cases, mustCase(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64", ops))
	}
	ref := props.ModelSource(model(t, "reference"))
	plan := engine.NewPlan([]props.Property{loadEqualsMoveThenLoad}, cases)
	outs, err := plan.Evaluate(ref, ref)
	require.NoError(t, err)
	for i, o := range outs {
		assert.Empty(t, o.Violations[0], "the reference fails it on %s", cases[i].Program)
	}
	assert.True(t, outs[1].Judged[0], "load(1,0) not judged")
	assert.False(t, outs[3].Judged[0], "store(1,0) judged: the property's precondition was ignored")
	assert.Positive(t, outs[1].Checks, "no address compared")

	killed := make([]bool, 1)
	require.NoError(t, plan.Kills(props.ModelSource(iterator.Control(iterator.CLoadDiv)), ref, nil, killed))
	assert.True(t, killed[0], "C-load-div survives a property that compares load(a,b) with the reference")
}

// TestWrongPropertyOutsidePropsFails: a property outside props that
// demands something false (load(1,0) accessing what load() does) fails on
// the reference, with a violation on every judged thread.
func TestWrongPropertyOutsidePropsFails(t *testing.T) {
	load := iterator.Program{{Kind: iterator.LoadTile}}
	wrong := props.Property{
		ID:       "X-wrong",
		Doc:      "load(a,b) accesses what load() accesses (false)",
		Programs: func(*props.Case) []iterator.Program { return []iterator.Program{load} },
		Judge: func(c *props.Case, tr *props.Traces) []props.Violation {
			own, declared := tr.Program(c.Program), tr.Declared(0, load)
			var out []props.Violation
			for _, th := range c.Threads {
				got, err1 := tr.Read(own, th)
				want, err2 := tr.Read(declared, th)
				if err1 != nil || err2 != nil {
					continue
				}
				tr.Judged()
				if !slices.Equal(got.Records[0].Addrs, want.Records[0].Addrs) {
					out = append(out, props.Violation{Property: "X-wrong", Thread: th, Expected: want.Records[0].Addrs, Actual: got.Records[0].Addrs})
				}
			}
			return out
		},
	}
	c := mustCase(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64", "load(1,0)")
	ref := props.ModelSource(model(t, "reference"))
	res, _, err := engine.Check([]props.Property{wrong}, ref, nil, c)
	require.NoError(t, err)
	assert.Equal(t, report.Violated, res[0].Status)
	assert.Len(t, res[0].Violations, 32, "a violation per thread")
}
