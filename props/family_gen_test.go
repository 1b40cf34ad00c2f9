package props_test

import (
	"testing"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// familyCases is the generated case list of a family class: every valid
// configuration of gen.FamilyConfigs with every program of
// gen.FamilyPrograms.
func familyCases(t *testing.T, class iterator.Class, n int) []props.Case {
	t.Helper()
	cfgs := gen.FamilyConfigs(class, n)
	if len(cfgs) != n {
		t.Fatalf("%s: %d configurations, want %d", class, len(cfgs), n)
	}
	var out []props.Case
	valid := 0
	for _, cfg := range cfgs {
		for i, p := range gen.FamilyPrograms(class) {
			c, err := props.NewCase(cfg, p, nil)
			if err != nil {
				break
			}
			if i == 0 {
				valid++
			}
			c.First = i == 0
			out = append(out, c)
		}
	}
	if valid < n*3/4 {
		t.Errorf("%s: only %d of %d generated configurations are valid", class, valid, n)
	}
	return out
}

// model is a built-in model by name.
func model(t *testing.T, name string) iterator.Model {
	t.Helper()
	m, err := iterator.ModelByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// violated reports, per property, whether any case violated it on src.
func violated(t *testing.T, ps []props.Property, src props.Source, cases []props.Case) []bool {
	t.Helper()
	ref := props.ModelSource(iterator.Control(""))
	outs, err := props.Evaluate(ps, src, ref, cases)
	if err != nil {
		t.Fatal(err)
	}
	v := make([]bool, len(ps))
	for _, o := range outs {
		if o.Err != nil {
			continue
		}
		for j := range ps {
			v[j] = v[j] || len(o.Violations[j]) > 0
		}
	}
	return v
}

// TestFamilyGeneratorFindsEverything: on the generated family cases the
// reference passes P-oracle, P-traverse and the family P-tile, CUTLASS
// traverses correctly but fails P-oracle and P-tile, and every family
// control that applies to the class is killed by each property its spec
// names. (sweep's TestFamilyFloorsMet checks the same cases meet the
// family's coverage floors.)
func TestFamilyGeneratorFindsEverything(t *testing.T) {
	ps := []props.Property{props.POracle, props.PTraverse, props.FamilyPTile}
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		cases := familyCases(t, class, 40)
		if v := violated(t, ps, props.ModelSource(model(t, "reference")), cases); v[0] || v[1] || v[2] {
			t.Errorf("%s: reference violates P-oracle %v, P-traverse %v, P-tile %v", class, v[0], v[1], v[2])
		}
		if v := violated(t, ps, props.ModelSource(model(t, "cutlass")), cases); !v[0] || v[1] || !v[2] {
			t.Errorf("%s: cutlass violates P-oracle %v (want true), P-traverse %v (want false), P-tile %v (want true)", class, v[0], v[1], v[2])
		}
		for _, d := range iterator.FamilyDefects() {
			if !iterator.DefectApplies(d, class) {
				continue
			}
			spec, _ := props.ControlSpecOf(d)
			v := violated(t, ps, props.ModelSource(iterator.Control(d)), cases)
			for _, id := range spec.MustKill {
				killed := (id == "P-oracle" && v[0]) || (id == "P-traverse" && v[1])
				if !killed {
					t.Errorf("%s: control %s survives %s", class, d, id)
				}
			}
		}
	}
}

// TestFamilyTraverseJudged: P-traverse's preconditions hold on a good share
// of the generated predicated configurations, so its pass means something.
func TestFamilyTraverseJudged(t *testing.T) {
	for _, class := range []iterator.Class{iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		judged, first := 0, 0
		for _, c := range familyCases(t, class, 40) {
			if !c.First {
				continue
			}
			first++
			if props.TraverseJudged(c) {
				judged++
			}
		}
		if judged < first/2 {
			t.Errorf("%s: P-traverse judged on %d of %d configurations", class, judged, first)
		}
	}
}
