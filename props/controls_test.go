package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/report"
)

// Each row is one case on which a control is killed by a property
// (docs/contract.md#controls), with the addresses worked out by hand; the reference must pass
// the same property on the same case.
func TestControlsKilledOnHandPickedCases(t *testing.T) {
	rows := []struct {
		control, property, cfg, ops string
	}{
		// Delta (4·V, 1) with V=4: access 1 of thread 0 should start at
		// element 16; c·Dc taken as a vector index puts it at 64, outside
		// the 32-wide tile.
		{"C-delta-nodiv", "P-cover", "elem=f32 shape=32x2 map=stripmined threads=2 access=4 adv=1", "load()"},
		// Rows one element too far apart: row 1 of thread 0 starts at element
		// 33 instead of 32, so element (0,1) is never covered.
		{"C-pitch-plus-one", "P-cover", "elem=f32 shape=32x2 map=stripmined threads=8 access=4 adv=1", "load()"},
		// HEAD's warp-striped arrangement at 64x8, T=256, warp 16x2, V=1
		// duplicates and drops accesses where #3131's covers the tile.
		{"C-striped-head", "P-cover", "elem=f32 shape=64x8 map=warp-striped-3131 threads=256 warp=16x2 access=1 adv=1", "load()"},
		// f16 5x3, L=5, three rows: a 30-byte allocation. The last element,
		// (4,2), is bytes 28..29; its enclosing word [28,32) crosses 30.
		{"C-cas16-tail", "P-bounds", "elem=f16 shape=5x3 map=stripmined threads=5 access=1 adv=1 atomic=cas32", "store()"},
		// L·B/8 = 536870976·4 = 2147483904 bytes per row does not fit int32.
		{"C-int32", "P-index", "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=536870976", "load()"},
		// u4, L=17: a row is 8.5 bytes; ++ truncates it to 8 before ·Ss=2
		// and moves 16 bytes instead of 17.
		{"C-trunc-first", "P-inc", "elem=u4 shape=16x2 map=stripmined threads=8 access=2 adv=1 stride=17", "inc;load()"},
		{"C-trunc-first", "P-exact", "elem=u4 shape=16x2 map=stripmined threads=8 access=2 adv=1 stride=17", "inc;load()"},
		// ++ along rank 0 moves Sc=64 elements; the contract's rank 1 moves
		// Ss·L = 512.
		{"C-rank-swap", "P-inc", f32Example, "inc;load()"},
		// f16: add_pointer_offset(8) as bytes moves 8, not 16.
		{"C-ptr-bytes", "P-ptr", "elem=f16 shape=64x8 map=stripmined threads=32 access=8 adv=1", "load_with_pointer_offset(8)"},
		{"C-ptr-bytes", "P-unit", "elem=f16 shape=64x8 map=stripmined threads=32 access=8 adv=1", "add_pointer_offset(8)"},
		// f16: 8·8/16 = 4 bytes instead of 16.
		{"C-ptr-inverted", "P-unit", "elem=f16 shape=64x8 map=stripmined threads=32 access=8 adv=1", "add_pointer_offset(8)"},
		{"C-ptr-inverted", "P-oracle", "elem=f16 shape=64x8 map=stripmined threads=32 access=8 adv=1", "load_with_pointer_offset(8)"},
		{"C-load-div", "P-sym", f32Example, "load(1,0)"},
		{"C-both-div", "P-tile", f32Example, "store(1,0)"},
	}
	for _, r := range rows {
		c := mustCase(t, r.cfg, r.ops)
		assert.Equal(t, report.Violated, statuses(t, r.control, c)[r.property].Status, "%s on %q / %q: %s", r.control, r.cfg, r.ops, r.property)
		got := statuses(t, "reference", c)[r.property]
		assert.Equal(t, report.Held, got.Status, "reference on %q / %q: %s (%v)", r.cfg, r.ops, r.property, got.Violations)
	}
}

// C-both-div is symmetric: P-sym cannot see it.
func TestBothDivSurvivesSym(t *testing.T) {
	c := mustCase(t, f32Example, "load(1,0);store(1,0);store(-1,2)")
	got := statuses(t, "C-both-div", c)["P-sym"]
	assert.Equal(t, report.Held, got.Status, "C-both-div P-sym (%v)", got.Violations)
}

// Preconditions are not failures: outside them a property is not judged.
func TestPreconditions(t *testing.T) {
	// f32 V=4, L=65: a row is 260 bytes, not a multiple of A=16.
	c := mustCase(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=65", "load()")
	assert.Equal(t, report.NotApplicable, statuses(t, "cutlass", c)["P-align"].Status, "P-align on an odd pitch")
	// u4 V=2: load_with_pointer_offset(1) starts half a byte in, where
	// CUTLASS truncates (i32(1·4)/8 = 0) and add_pointer_offset(1) moves a
	// byte; the documented address is not a whole byte, so P-ptr compares
	// nothing there.
	c = mustCase(t, "elem=u4 shape=16x2 map=stripmined threads=8 access=2 adv=1", "load_with_pointer_offset(1)")
	got := statuses(t, "cutlass", c)["P-ptr"]
	assert.Equal(t, report.NotApplicable, got.Status, "P-ptr at a half-byte offset (%v)", got.Violations)
	// Stripmined 64x6, T=64, V=4: Qc=16, so 4 rows per pass and ceil(6/4)=2
	// passes; threads starting on rows 2 and 3 reach rows 6 and 7, outside
	// the tile (the stripmined ceiling): the map is inexact.
	c = mustCase(t, "elem=f32 shape=64x6 map=stripmined threads=64 access=4 adv=1", "load()")
	assert.Equal(t, report.NotApplicable, statuses(t, "reference", c)["P-cover"].Status, "P-cover on an inexact map")
	found := false
	for _, f := range AuditCase(c) {
		found = found || f.Topic == "inexact-map"
	}
	assert.True(t, found, "the audit does not list the inexact map: %v", AuditCase(c))
}

// P-unit names the unit CUTLASS's paths really move by (docs/contract.md#units):
// add_pointer_offset in bytes, load(frag, tile)'s contiguous term in Sc/V.
func TestUnitObservations(t *testing.T) {
	c := mustCase(t, f32Example, "add_pointer_offset(8);load(1,0)")
	_, o, err := Check(All(), model(t, "cutlass"), model(t, "reference"), c)
	require.NoError(t, err)
	got := map[string]UnitSet{}
	for _, u := range o.Units {
		if s, ok := got[u.Path]; ok {
			got[u.Path] = s & u.Matches
		} else {
			got[u.Path] = u.Matches
		}
	}
	// 8 → 8 bytes: bytes only (8 elements would be 32, 8 vectors 128).
	assert.Equal(t, "bytes", got["add_pointer_offset"].Name("elements"), "add_pointer_offset observed")
	// load(1,0) moves 16 elements = 64 bytes: Sc/V = 16 elements, also 4
	// vectors of V=4, never a 64-element tile.
	s := got["load(tile).contiguous"]
	assert.True(t, s.Has(UnitTilesByV), "load(tile).contiguous observed %q, want tiles/V", s.Name("tiles"))
	assert.False(t, s.Has(UnitTiles), "load(tile).contiguous observed %q, want not tiles", s.Name("tiles"))
}
