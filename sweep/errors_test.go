package sweep_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// A model error is never a pass.

// failing is a model that fails on the programs bad selects and is the
// reference elsewhere.
type failing struct {
	ref iterator.Model
	bad func(iterator.Config, iterator.Program) bool
}

func (f failing) Name() string { return "failing" }

func (f failing) Trace(cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
	if f.bad(cfg, prog) {
		return iterator.ThreadTrace{Thread: thread}, errors.New("model bug: index out of range")
	}
	return f.ref.Trace(cfg, prog, thread)
}

func sweepModel(t *testing.T, m iterator.Model, class iterator.Class) *report.Report {
	t.Helper()
	r, err := sweep.Run(context.Background(), sweep.Options{Iterator: m.Name(), Source: props.ModelSource(m), Class: class, Preset: "quick", Seed: 1})
	require.NoError(t, err)
	return r
}

func modelErrorShown(r *report.Report) bool {
	for _, a := range r.Audit {
		if a.Topic == "model-error" && a.Count > 0 && strings.Contains(a.Detail, "model bug: index out of range") {
			return true
		}
	}
	return false
}

// A model that errors on every call is weak, not pass, with every property
// n/a and the error in the audit.
func TestModelThatAlwaysErrorsIsWeak(t *testing.T) {
	always := failing{ref: reference(t), bad: func(iterator.Config, iterator.Program) bool { return true }}
	for _, class := range []iterator.Class{iterator.RegularTile, iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		r := sweepModel(t, always, class)
		assert.Equal(t, report.Weak, r.Verdict, "%s: a model that always errors", class)
		for _, p := range r.Properties {
			assert.NotEqual(t, report.Held, p.Status, "%s: %s is pass on a model that always errors", class, p.ID)
		}
		assert.True(t, modelErrorShown(r), "%s: the model's error is not in the audit: %+v", class, r.Audit)
	}
}

// P-traverse on a predicated class whose traversal errors is not a pass,
// and the sweep is weak.
func TestTraversalErrorIsNotAPass(t *testing.T) {
	for _, class := range []iterator.Class{iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		m := failing{ref: reference(t), bad: func(cfg iterator.Config, prog iterator.Program) bool {
			return prog.String() == props.TraverseProgram(cfg).String()
		}}
		r := sweepModel(t, m, class)
		for _, p := range r.Properties {
			if p.ID == "P-traverse" {
				assert.NotEqual(t, report.Held, p.Status, "%s: P-traverse is pass although every traversal errored", class)
			}
		}
		assert.Equal(t, report.Weak, r.Verdict, "%s", class)
		assert.True(t, modelErrorShown(r), "%s: the model's error is not in the audit: %+v", class, r.Audit)
	}
}

// A sweep in which a property judged nothing at all is weak: here P-oracle
// is replaced by a copy whose judge never finds its precondition.
func TestPropertyThatJudgesNothingIsWeak(t *testing.T) {
	ps := props.ForClass(iterator.RegularTile)
	for i := range ps {
		if ps[i].ID == "P-oracle" {
			ps[i].Judge = func(*props.Case, *props.Traces) []props.Violation { return nil }
		}
	}
	r, err := sweep.Run(context.Background(), sweep.Options{Iterator: "reference", Preset: "quick", Seed: 1, Properties: ps})
	require.NoError(t, err)
	assert.Equal(t, report.Weak, r.Verdict, "the verdict with a property that judged nothing")
	// The same sweep with every property judging passes: the n/a is what
	// made it weak.
	assert.Equal(t, report.Pass, sweepModel(t, reference(t), iterator.RegularTile).Verdict, "reference verdict")
}

// check on a case whose derived program errors is an error, not a pass.
func TestCheckModelErrorIsAnError(t *testing.T) {
	cfg, err := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1")
	require.NoError(t, err)
	prog, err := iterator.ParseProgram("load(1,0)")
	require.NoError(t, err)
	m := failing{ref: reference(t), bad: func(_ iterator.Config, p iterator.Program) bool { return p.String() != prog.String() }}
	_, err = sweep.Check(sweep.CheckOptions{Config: cfg, Program: prog, Thread: -1, Source: props.ModelSource(m)})
	assert.ErrorContains(t, err, "model bug", "check with a failing derived program: want the model's error")
}

// check --property P-companion on a Go model says what the property needs
// instead of calling a known property unknown.
func TestCheckCompanionNeedsCompiledCode(t *testing.T) {
	cfg, err := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1")
	require.NoError(t, err)
	prog, err := iterator.ParseProgram("load()")
	require.NoError(t, err)
	_, err = sweep.Check(sweep.CheckOptions{Iterator: "reference", Config: cfg, Program: prog, Thread: -1, Property: props.CompanionID})
	require.ErrorContains(t, err, "--backend host or gpu", "check --property %s on a Go model: want an error naming --backend", props.CompanionID)
	assert.NotContains(t, err.Error(), "unknown property", "check --property %s on a Go model", props.CompanionID)
}
