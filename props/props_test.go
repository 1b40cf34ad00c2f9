package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

func mustCase(t *testing.T, cfg, ops string) Case {
	t.Helper()
	c, err := iterator.ParseConfig(cfg)
	require.NoError(t, err)
	p, err := iterator.ParseProgram(ops)
	require.NoError(t, err)
	k, err := NewCase(c, p, nil)
	require.NoError(t, err)
	return k
}

func model(t *testing.T, name string) Source {
	t.Helper()
	m, err := iterator.ModelByName(name)
	require.NoError(t, err)
	return ModelSource(m)
}

func statuses(t *testing.T, src string, c Case) map[string]Result {
	t.Helper()
	res, _, err := Check(All(), model(t, src), model(t, "reference"), c)
	require.NoError(t, err)
	out := map[string]Result{}
	for _, r := range res {
		out[r.ID] = r
	}
	return out
}

// A worked example: f32 64x8, stripmined T=32, V=4, rank 1, L=64.
const f32Example = "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64"

func TestWorkedExampleSymTile(t *testing.T) {
	c := mustCase(t, f32Example, "load(1,0);store(1,0)")
	want := map[string]map[string]string{
		// pre3049: load(1,0) at thread 5 is 144… (tc·Sc/V = 16 elements),
		// store(1,0) 336… (tc·Sc = 64 elements): asymmetric; add_tile_offset
		// moves 64 elements, so load disagrees with it.
		"cutlass-pre3049": {"P-sym": "fail", "P-tile": "fail", "P-oracle": "fail"},
		// cutlass: both 144…, symmetric, both off the tile move.
		"cutlass":   {"P-sym": "pass", "P-tile": "fail", "P-oracle": "fail"},
		"reference": {"P-sym": "pass", "P-tile": "pass", "P-oracle": "pass"},
	}
	for model, props := range want {
		got := statuses(t, model, c)
		for id, st := range props {
			assert.Equal(t, st, got[id].Status.String(), "%s %s (%v)", model, id, got[id].Violations)
		}
	}
	// The pre3049 P-sym violation of thread 5 shows the addresses worked out
	// above, four passes 512 bytes apart.
	got := statuses(t, "cutlass-pre3049", c)
	for _, v := range got["P-sym"].Violations {
		if v.Thread != 5 {
			continue
		}
		assert.Equal(t, []int64{144, 656, 1168, 1680}, v.Expected, "thread 5's expected addresses")
		assert.Equal(t, []int64{336, 848, 1360, 1872}, v.Actual, "thread 5's actual addresses")
		return
	}
	assert.Fail(t, "no P-sym violation for thread 5")
}

func TestPointerOffsetUnits(t *testing.T) {
	// f32: add_pointer_offset(8) moves 8 bytes in CUTLASS (address 80 → 88),
	// 32 bytes by the documented contract.
	c := mustCase(t, f32Example, "load_with_pointer_offset(8);add_pointer_offset(8);load()")
	got := statuses(t, "cutlass", c)
	for _, id := range []string{"P-ptr", "P-unit", "P-oracle"} {
		assert.Equal(t, report.Violated, got[id].Status, "cutlass %s", id)
	}
	ref := statuses(t, "reference", c)
	for id, r := range ref {
		assert.NotEqual(t, report.Violated, r.Status, "reference %s fails: %v", id, r.Violations)
	}
	// Under the bytes contract CUTLASS's add_pointer_offset is right.
	c.PtrContract = PtrBytes
	got = statuses(t, "cutlass", c)
	assert.Equal(t, report.Held, got["P-ptr"].Status, "cutlass P-ptr under the bytes contract (%v)", got["P-ptr"].Violations)
}

func TestUnitSetName(t *testing.T) {
	s := UnitSet(1<<UnitElements | 1<<UnitBytes)
	assert.Equal(t, "elements", s.Name("elements"), "an ambiguous set with the documented unit")
	assert.Equal(t, "bytes", UnitSet(1<<UnitBytes).Name("elements"), "a bytes-only set")
	assert.Equal(t, "inconsistent", UnitSet(0).Name("tiles"), "the empty set")
}
