package props

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// judgeFamily runs one property on one case of model m, with the reference
// model as the oracle, and returns the status and violations.
func judgeFamily(t *testing.T, m iterator.Model, p Property, cfg, ops string) Result {
	t.Helper()
	c, err := iterator.ParseConfig(cfg)
	require.NoError(t, err, "%q", cfg)
	prog, err := iterator.ParseProgram(ops)
	require.NoError(t, err, "%q", ops)
	cs, err := NewCase(c, prog, nil)
	require.NoError(t, err, "%q", cfg)
	ref, _ := iterator.ModelByName("reference")
	res, _, err := Check([]Property{p}, ModelSource(m), ModelSource(ref), cs)
	require.NoError(t, err, "%s %q %q", m.Name(), cfg, ops)
	return res[0]
}

func famModel(t *testing.T, name string) iterator.Model {
	t.Helper()
	m, err := iterator.ModelByName(name)
	require.NoError(t, err)
	return m
}

// traverseConfigs reach residues, tb off the tile grid, access_elems < V,
// both ranks, sub-byte types, warp maps and the row-major wrapper.
var traverseConfigs = []string{
	"class=PredicatedTileIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 extent=64x20",
	"class=PredicatedTileIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 extent=100x21 tb=64x3",
	"class=PredicatedTileIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 extent=200x8 tb=8x0 access_elems=2",
	"class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 extent=150x13 tb=6x4 access_elems=2",
	"class=PredicatedTileAccessIterator elem=u4 shape=128x8 threads=32 access=32 adv=1 extent=256x19 tb=0x5 access_elems=8",
	"class=PredicatedTileIterator elem=u8 shape=32x4 map=warp-raked warp=4x2 threads=16 access=4 adv=1 extent=40x9 tb=8x2",
	"class=PredicatedTileIterator layout=rowmajor elem=f32 shape=8x64 threads=32 access=4 adv=0 extent=70x19 tb=0x3",
}

// TestTraverseReferenceAndCutlassPass: the contract and CUTLASS both
// traverse the region exactly (CUTLASS's bugs are in cross-rank terms).
func TestTraverseReferenceAndCutlassPass(t *testing.T) {
	for _, cfg := range traverseConfigs {
		for _, name := range []string{"reference", "cutlass"} {
			r := judgeFamily(t, famModel(t, name), PTraverse, cfg, "accesses()")
			assert.Equal(t, report.Held, r.Status, "%s %q: P-traverse %+v", name, cfg, r.Violations)
		}
	}
}

// TestTraverseKillsResidueNoTB: with tb.s = 3 and extent 21 the residue is
// (21−3) mod 8 = 2 rows; extent mod tile = 5 enables rows 3..7 in the
// residue tile, steps 5 rows to 8..15, then 16..23: rows 21..23 lie past the
// extent (steady state guards only the contiguous dimension).
func TestTraverseKillsResidueNoTB(t *testing.T) {
	cfg := traverseConfigs[1]
	r := judgeFamily(t, iterator.Control(iterator.CResidueNoTB), PTraverse, cfg, "accesses()")
	require.Equal(t, report.Violated, r.Status, "C-residue-no-tb: P-traverse")
	require.Contains(t, r.Violations[0].Detail, "outside the region", "C-residue-no-tb: P-traverse")
	// With tb on the tile grid the defect cannot show.
	r = judgeFamily(t, iterator.Control(iterator.CResidueNoTB), PTraverse, traverseConfigs[0], "accesses()")
	assert.Equal(t, report.Held, r.Status, "C-residue-no-tb with tb=0: P-traverse %+v", r.Violations)
}

// TestTraverseKillsSizeofSubbyte: u4 positions scaled by sizeof double the
// thread offsets, so accesses land outside the region.
func TestTraverseKillsSizeofSubbyte(t *testing.T) {
	r := judgeFamily(t, iterator.Control(iterator.CSizeofSubbyte), PTraverse, traverseConfigs[4], "accesses()")
	require.Equal(t, report.Violated, r.Status, "C-sizeof-subbyte: P-traverse")
}

// TestTraversePreconditions: outside its preconditions P-traverse is n/a.
func TestTraversePreconditions(t *testing.T) {
	for _, cfg := range []string{
		"class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4",
		// stripmined ceiling: 64x6 with 32 threads over Qc=16 rows of 2: Is = 3, exact;
		// 64x5: ceil(5/2) = 3 passes, one outside the tile.
		"class=PredicatedTileIterator elem=f32 shape=64x5 threads=32 access=4 extent=64x20",
		// A residue of 65 mod 64 = 1 u4 element: the next tile starts mid-byte.
		"class=PredicatedTileAccessIterator elem=u4 shape=64x8 threads=16 access=32 adv=0 extent=65x8 stride=72 access_elems=8",
		// L = 60 < 64: rows overlap.
		"class=PredicatedTileIterator elem=f32 shape=64x8 threads=32 access=4 extent=64x20 stride=60",
	} {
		assert.Equal(t, report.NotApplicable, judgeFamily(t, famModel(t, "reference"), PTraverse, cfg, "accesses()").Status, "%q: P-traverse", cfg)
	}
}

// TestTraverseProgram: ceil((extent − tb)/tile) passes, residue first.
func TestTraverseProgram(t *testing.T) {
	for _, tc := range []struct{ cfg, want string }{
		{traverseConfigs[1], "load();inc;load();inc;load()"},                                               // (21−3)/8 -> 3
		{traverseConfigs[3], "accesses();add_tile_offset(1,0);accesses();add_tile_offset(1,0);accesses()"}, // (150−6)/64 -> 3
		{traverseConfigs[6], "load();inc;load()"},                                                          // row-major rank 0 = pitch rank 1: (19−3)/8 -> 2
	} {
		c, _ := iterator.ParseConfig(tc.cfg)
		assert.Equal(t, tc.want, TraverseProgram(c).String(), "%q", tc.cfg)
	}
}

// TestInResidue: the residue is consumed by the first tile move.
func TestInResidue(t *testing.T) {
	for _, tc := range []struct {
		cfg, pre string
		want     bool
	}{
		{traverseConfigs[0], "load();add_pointer_offset(3);clear_mask", true},
		{traverseConfigs[0], "load();inc", false},
		{traverseConfigs[3], "accesses();inc", true}, // the access iterator's ++ steps accesses
		{traverseConfigs[3], "add_tile_offset(0,0)", false},
		{"class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4", "accesses()", false},
	} {
		c, _ := iterator.ParseConfig(tc.cfg)
		p, _ := iterator.ParseProgram(tc.pre)
		assert.Equal(t, tc.want, InResidue(c, p), "%q %q", tc.cfg, tc.pre)
	}
}

// TestTraverseViolationRowIsTheAccess: a violation of one access carries
// the record's addresses, so that a report's table row k is the access k
// its detail names, not the one byte alone shown as access 0.
func TestTraverseViolationRowIsTheAccess(t *testing.T) {
	cases := []struct{ model, cfg string }{
		// The 6-bit residue CUTLASS before #3049 mis-steps (a byte off an element boundary).
		{"cutlass-pre3049", "class=PredicatedTileIterator elem=e2m3 shape=8x1 map=stripmined threads=1 access=8 adv=1 extent=8x1 access_elems=4"},
		{string(iterator.CResidueNoTB), traverseConfigs[1]},
	}
	for _, tc := range cases {
		m := famModel(t, tc.model)
		r := judgeFamily(t, m, PTraverse, tc.cfg, "accesses()")
		require.Equal(t, report.Violated, r.Status, "%s: P-traverse", tc.model)
		v := r.Violations[0]
		var op, k int
		var addr int64
		_, err := fmt.Sscanf(v.Detail, "op %d access %d", &op, &k)
		require.NoError(t, err, "%s: detail %q names no access", tc.model, v.Detail)
		i := strings.Index(v.Detail, "byte ")
		require.GreaterOrEqual(t, i, 0, "%s: detail %q names no byte", tc.model, v.Detail)
		fmt.Sscanf(v.Detail[i:], "byte %d", &addr)
		if assert.Less(t, k, len(v.Actual), "%s: detail %q, actual %v: no row %d", tc.model, v.Detail, v.Actual, k) {
			assert.Equal(t, addr, v.Actual[k], "%s: detail %q, actual %v: row %d", tc.model, v.Detail, v.Actual, k)
		}
	}
}
