package sweep_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// userModel is a library user's own model: cutlass-pre3049's addresses
// under a name tilecheck does not know.
type userModel struct{ iterator.Model }

func (userModel) Name() string { return "acme-tile-iterator" }

// TestReplayOfAUserModel: a counterexample found in a user's own model
// carries a replay that names the model and the case, and ReplayCheck turns
// it, with the user's source, into a check that fails again.
func TestReplayOfAUserModel(t *testing.T) {
	m, err := iterator.ModelByName("cutlass-pre3049")
	require.NoError(t, err)
	src := props.ModelSource(userModel{m})
	rep, err := sweep.Run(context.Background(), sweep.Options{Source: src, Preset: "quick", Seed: 1, KillOnly: true})
	require.NoError(t, err)
	var replayed []report.Replay
	for _, p := range rep.Properties {
		ce := p.Counterexample
		if p.Status != report.Violated || ce == nil {
			continue
		}
		r := ce.Replay
		assert.Equal(t, "acme-tile-iterator", r.Iterator, "%s: the replay names the model", p.ID)
		assert.Equal(t, p.ID, r.Property, "%s: the replay names the property", p.ID)
		assert.Equal(t, ce.Config, r.Config, "%s: the replay names the counterexample's configuration", p.ID)
		assert.Equal(t, ce.Ops, r.Ops, "%s: the replay names the counterexample's ops", p.ID)
		assert.Equal(t, ce.Thread, r.Thread, "%s: the replay names the counterexample's thread", p.ID)
		assert.True(t, strings.HasPrefix(r.String(), "tilecheck check --iterator acme-tile-iterator --config '"), "%s: replay command %q", p.ID, r)
		opts, err := sweep.ReplayCheck(r, src)
		require.NoError(t, err, "%s: ReplayCheck", p.ID)
		res, err := sweep.Check(opts)
		require.NoError(t, err, "%s: Check", p.ID)
		if assert.Len(t, res, 1, "%s: replay gives one result", p.ID) {
			assert.Equal(t, report.Violated, res[0].Status, "%s: the replay's result", p.ID)
		}
		replayed = append(replayed, r)
	}
	require.NotEmpty(t, replayed, "cutlass-pre3049 under another name produced no counterexample to replay")
	// Without the user's source the name is unknown: Check says so.
	opts, err := sweep.ReplayCheck(replayed[0], nil)
	require.NoError(t, err)
	_, err = sweep.Check(opts)
	assert.ErrorContains(t, err, "acme-tile-iterator", "Check of an unknown model without a source: want an error naming it")
}
