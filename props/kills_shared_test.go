package props_test

import (
	"testing"

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
			cases := killCases(t, class)
			for i := range cases {
				cases[i].PtrContract = contract
			}
			plan := props.NewPlan(ps, cases)
			outs, err := plan.Evaluate(ref, ref)
			if err != nil {
				t.Fatal(err)
			}
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
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range defects {
					src := props.ModelSource(iterator.Control(d))
					want := make([]bool, len(ps))
					if err := plan.Kills(src, ref, mask, want); err != nil {
						t.Fatal(err)
					}
					got := make([]bool, len(ps))
					sc := &props.Shortcut{Defect: d, RefKilled: refKilled}
					if err := plan.KillsVia(src, ref, mask, got, sc); err != nil {
						t.Fatal(err)
					}
					got2 := make([]bool, len(ps))
					sc2 := &props.Shortcut{Defect: d, RefKilled: judged}
					if err := plan.KillsVia(src, ref, mask, got2, sc2); err != nil {
						t.Fatal(err)
					}
					for j := range ps {
						if got[j] != want[j] || got2[j] != want[j] {
							t.Errorf("%s %s %s, mask %v: KillsVia says %s killed %v (%v with ReferenceKills), Kills %v", contract, class, d, mask, ps[j].ID, got[j], got2[j], want[j])
						}
						if got[j] {
							kills++
						}
					}
				}
			}
		}
	}
	if kills == 0 || viaRefKills == 0 {
		t.Errorf("%d kills, %d violations of the reference: the comparison shows nothing", kills, viaRefKills)
	}
}
