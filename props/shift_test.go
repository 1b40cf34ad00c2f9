package props_test

import (
	"reflect"
	"testing"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// TestCompactJudgesAsRecords: a source that answers in compact form (a Go
// model traced into an arena) is judged exactly as one that answers with
// the records (the same model without an arena): the same outcomes,
// violations, checks, judged marks and unit observations included, and
// the same kills, for the reference and every control, judged in full and
// quietly, under both pointer contracts, on random cases as a sweep draws
// them. Most answers must be judged untraced, or the comparison shows
// nothing.
func TestCompactJudgesAsRecords(t *testing.T) {
	ref := props.ModelSource(model(t, "reference"))
	ps := props.ForClass(iterator.RegularTile)
	arena := new(iterator.Arena)
	untraced, answers, kills := 0, 0, 0
	for _, contract := range []props.Contract{props.PtrElements, props.PtrBytes} {
		cases := gen.RandomCases(iterator.RegularTile, 7, 300, contract)
		plan := props.NewPlan(ps, cases)
		for _, d := range append([]iterator.Defect{""}, props.ControlsFor(iterator.RegularTile, contract)...) {
			m := iterator.Control(d) // "": the reference
			records, compact := props.ModelSource(m), props.ModelSourceIn(m, arena)
			for _, quiet := range []bool{false, true} {
				arena.Reset()
				eval := plan.Evaluate
				if quiet {
					eval = plan.EvaluateKills
				}
				want, err := eval(records, ref)
				if err != nil {
					t.Fatal(err)
				}
				got, err := eval(compact, ref)
				if err != nil {
					t.Fatal(err)
				}
				untraced += props.UntracedAnswers(plan)
				answers += len(cases)
				for i := range cases {
					if !reflect.DeepEqual(got[i], want[i]) {
						t.Fatalf("%s (quiet %v) on %s; %s: compact outcome\n%+v\nrecords\n%+v", m.Name(), quiet, cases[i].Config, cases[i].Program, got[i], want[i])
					}
				}
			}
			killedRecords, killedCompact := make([]bool, len(ps)), make([]bool, len(ps))
			if err := plan.Kills(records, ref, nil, killedRecords); err != nil {
				t.Fatal(err)
			}
			if err := plan.Kills(compact, ref, nil, killedCompact); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(killedCompact, killedRecords) {
				t.Errorf("%s: kills %v from compact answers, %v from records", m.Name(), killedCompact, killedRecords)
			}
			for _, k := range killedRecords {
				if k {
					kills++
				}
			}
		}
	}
	t.Logf("%d answers judged untraced (%d cases judged), %d kills", untraced, answers, kills)
	if untraced < answers || kills == 0 {
		t.Fatalf("the compact path is not exercised: %d answers untraced for %d cases, %d kills", untraced, answers, kills)
	}
}
