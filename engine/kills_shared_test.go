package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// TestKillsViaIsKills: KillsVia, which takes the reference's judgement of
// a (case, property) wherever the control answers every program it reads
// as the reference does, finds exactly the kills Kills finds by judging
// the control, for every control of every class, with every property
// judged and with each alone, under both pointer contracts (under
// "bytes" the reference itself violates P-ptr, so a kill taken from the
// reference's judgement is exercised too); with the reference's judgement
// taken from its outcomes (a sweep of the reference) and from
// ReferenceKills (a sweep of another iterator).
func TestKillsViaIsKills(t *testing.T) {
	refModel := model(t, "reference")
	ref := props.ModelSource(refModel)
	kills, viaRefKills := 0, 0
	for _, contract := range []props.Contract{props.PtrElements, props.PtrBytes} {
		for _, class := range iterator.Classes() {
			ps := props.ForClass(class)
			ids := make([]string, len(ps))
			for j, p := range ps {
				ids[j] = p.ID
			}
			cases := killCases(t, class)
			for i := range cases {
				cases[i].PtrContract = contract
			}
			plan := engine.NewPlan(ps, cases)
			outs, err := plan.Evaluate(ref, ref)
			require.NoError(t, err)
			refKilled := make([]bool, len(cases)*len(ps))
			for i, o := range outs {
				for j, v := range o.Violations {
					refKilled[i*len(ps)+j] = len(v) > 0
					if len(v) > 0 && !ps[j].ControlsExempt {
						viaRefKills++
					}
				}
			}
			masks := [][]bool{nil}
			for j := range ps {
				m := make([]bool, len(ps))
				m[j] = true
				masks = append(masks, m)
			}
			defects := props.ControlsFor(class, contract)
			for _, mask := range masks {
				same := make([][]bool, len(defects))
				for k := range same {
					same[k] = mask
				}
				judged, err := plan.ReferenceKills(props.ModelSource(refModel), ref, defects, same)
				require.NoError(t, err)
				for _, d := range defects {
					src := props.ModelSource(iterator.Control(d))
					want := make([]bool, len(ps))
					require.NoError(t, plan.Kills(src, ref, mask, want))
					got := make([]bool, len(ps))
					sc := &engine.Shortcut{Defect: d, RefKilled: refKilled}
					require.NoError(t, plan.KillsVia(src, ref, mask, got, sc))
					got2 := make([]bool, len(ps))
					sc2 := &engine.Shortcut{Defect: d, RefKilled: judged}
					require.NoError(t, plan.KillsVia(src, ref, mask, got2, sc2))
					assert.Equal(t, want, got, "%s %s %s, mask %v: kills per property of %v, Kills and KillsVia", contract, class, d, mask, ids)
					assert.Equal(t, want, got2, "%s %s %s, mask %v: kills per property of %v, Kills and KillsVia with ReferenceKills", contract, class, d, mask, ids)
					for j := range ps {
						if got[j] {
							kills++
						}
					}
				}
			}
		}
	}
	assert.NotZero(t, kills, "no kill: the comparison shows nothing")
	assert.NotZero(t, viaRefKills, "no violation of the reference: the comparison shows nothing")
}
