package sweep_test

import (
	"strings"
	"testing"

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
	if err != nil {
		t.Fatal(err)
	}
	src := props.ModelSource(userModel{m})
	rep, err := sweep.Run(sweep.Options{Source: src, Preset: "quick", Seed: 1, KillOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var replayed []report.Replay
	for _, p := range rep.Properties {
		ce := p.Counterexample
		if p.Status != report.Violated || ce == nil {
			continue
		}
		r := ce.Replay
		if r.Iterator != "acme-tile-iterator" || r.Property != p.ID || r.Config != ce.Config || r.Ops != ce.Ops || r.Thread != ce.Thread {
			t.Errorf("%s: replay %+v does not name the counterexample %+v", p.ID, r, ce)
		}
		if !strings.HasPrefix(r.String(), "tilecheck check --iterator acme-tile-iterator --config '") {
			t.Errorf("%s: replay command %q", p.ID, r)
		}
		opts, err := sweep.ReplayCheck(r, src)
		if err != nil {
			t.Fatalf("%s: ReplayCheck: %v", p.ID, err)
		}
		res, err := sweep.Check(opts)
		if err != nil {
			t.Fatalf("%s: Check: %v", p.ID, err)
		}
		if len(res) != 1 || res[0].Status != report.Violated {
			t.Errorf("%s: replay gives %+v, want one failing result", p.ID, res)
		}
		replayed = append(replayed, r)
	}
	if len(replayed) == 0 {
		t.Fatal("cutlass-pre3049 under another name produced no counterexample to replay")
	}
	// Without the user's source the name is unknown: Check says so.
	opts, err := sweep.ReplayCheck(replayed[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sweep.Check(opts); err == nil || !strings.Contains(err.Error(), "acme-tile-iterator") {
		t.Errorf("Check of an unknown model without a source: %v, want an error naming it", err)
	}
}
