package props_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/internal/testcases"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// model is a built-in model by name.
func model(t *testing.T, name string) iterator.Model {
	t.Helper()
	m, err := iterator.ModelByName(name)
	require.NoError(t, err)
	return m
}

// violated reports, per property, whether any case violated it on src.
func violated(t *testing.T, ps []props.Property, src props.Source, cases []props.Case) []bool {
	t.Helper()
	ref := props.ModelSource(iterator.Control(""))
	outs, err := engine.Evaluate(ps, src, ref, cases)
	require.NoError(t, err)
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
		cases := testcases.Family(t, class, 40)
		assert.Equal(t, []bool{false, false, false}, violated(t, ps, props.ModelSource(model(t, "reference")), cases),
			"%s: the reference violates P-oracle, P-traverse, P-tile", class)
		assert.Equal(t, []bool{true, false, true}, violated(t, ps, props.ModelSource(model(t, "cutlass")), cases),
			"%s: cutlass violates P-oracle, P-traverse, P-tile", class)
		for _, d := range iterator.FamilyDefects() {
			if !iterator.DefectApplies(d, class) {
				continue
			}
			spec, _ := props.ControlSpecOf(d)
			v := violated(t, ps, props.ModelSource(iterator.Control(d)), cases)
			for _, id := range spec.MustKill {
				killed := (id == "P-oracle" && v[0]) || (id == "P-traverse" && v[1])
				assert.True(t, killed, "%s: control %s survives %s", class, d, id)
			}
		}
	}
}

// TestFamilyTraverseJudged: P-traverse's preconditions hold on a good share
// of the generated predicated configurations, so its pass means something.
func TestFamilyTraverseJudged(t *testing.T) {
	for _, class := range []iterator.Class{iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		judged, first := 0, 0
		for _, c := range testcases.Family(t, class, 40) {
			if !c.First {
				continue
			}
			first++
			if props.TraverseJudged(c) {
				judged++
			}
		}
		assert.GreaterOrEqual(t, judged, first/2, "%s: P-traverse judged on this many of %d configurations", class, first)
	}
}
