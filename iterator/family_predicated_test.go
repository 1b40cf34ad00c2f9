package iterator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Expected values derived by hand from docs/contract.md#reference (the
// family classes); see each case.

func validOf(tr ThreadTrace) [][]bool {
	out := make([][]bool, len(tr.Records))
	for i, r := range tr.Records {
		out[i] = r.Valid
	}
	return out
}

// f32 64x8 stripmined T=32 V=4: Qc=16, Iter=(1,4), Delta=(1,2); L=64 (the
// extent's contiguous size); rows are 64·4 = 256 bytes, incS = 512.
const predF32 = "class=PredicatedTileIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 extent=64x20"

// TestPredicatedTileResidueFirst: extent 20 rows, residue 20 mod 8 = 4. The
// residue tile enables rows < 4; the first inc moves by the residue (4 rows,
// 1024 bytes), later ones by a whole tile (incA = 8·256 = 2048).
func TestPredicatedTileResidueFirst(t *testing.T) {
	wantAddrs := [][]int64{{0, 512, 1024, 1536}, {1024, 1536, 2048, 2560}, {3072, 3584, 4096, 4608}}
	wantValid := [][]bool{{true, true, false, false}, {true, true, true, true}, {true, true, true, true}}
	for _, model := range []string{"cutlass", "reference"} {
		tr := familyTrace(t, model, "", predF32, "load();inc;load();inc;store()", 0)
		got := addrsOf(tr)
		assert.Equal(t, wantAddrs, got, "%s addrs %v, want %v", model, got, wantAddrs)
		valid := validOf(tr)
		assert.Equal(t, wantValid, valid, "%s valid %v, want %v", model, valid, wantValid)
		k := tr.Records[2].Kind
		assert.Equal(t, "store", k, "%s kind %q, want store", model, k)
	}
}

// TestPredicatedThreadblockOffset: tb = 0x4, so the region is rows [4, 20):
// residue (20−4) mod 8 = 0 -> a whole tile, residue extent rows < 12.
// Thread 0 starts at row 4 (P = 4·256 = 1024). C-residue-no-tb takes the
// residue as 20 mod 8 = 4: rows < 8 enabled and the first inc moves 4 rows.
func TestPredicatedThreadblockOffset(t *testing.T) {
	cfg := predF32 + " tb=0x4"
	ops := "load();inc;load()"
	wantAddrs := [][]int64{{1024, 1536, 2048, 2560}, {3072, 3584, 4096, 4608}}
	wantValid := [][]bool{{true, true, true, true}, {true, true, true, true}}
	for _, model := range []string{"cutlass", "reference"} {
		tr := familyTrace(t, model, "", cfg, ops, 0)
		got := addrsOf(tr)
		assert.Equal(t, wantAddrs, got, "%s addrs %v, want %v", model, got, wantAddrs)
		valid := validOf(tr)
		assert.Equal(t, wantValid, valid, "%s valid %v, want %v", model, valid, wantValid)
	}
	tr := familyTrace(t, "reference", CResidueNoTB, cfg, ops, 0)
	got, want := addrsOf(tr), [][]int64{{1024, 1536, 2048, 2560}, {2048, 2560, 3072, 3584}}
	assert.Equal(t, want, got, "C-residue-no-tb addrs %v, want %v", got, want)
	residue := validOf(tr)[0]
	assert.Equal(t, []bool{true, true, false, false}, residue, "C-residue-no-tb residue valid %v, want %v", residue, []bool{true, true, false, false})
}

// TestPredicatedAccessElems: f16 V=8 with access_elems=2 makes kAPV = 4
// accesses of 4 bytes per vector, idx = v + 4·(c + s·Ic). Thread 0, Iter
// (1,2), Delta (1,4), L=64: row 0 at 0,4,8,12; row 4 at 512 + the same.
// extent 6x8: only a vector's first element is checked, c = 2v < 6.
func TestPredicatedAccessElems(t *testing.T) {
	cfg := "class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=64 extent=6x8 access_elems=2"
	want := []int64{0, 4, 8, 12, 512, 516, 520, 524}
	wantValid := []bool{true, true, true, false, true, true, true, false}
	for _, model := range []string{"cutlass", "reference"} {
		tr := familyTrace(t, model, "", cfg, "accesses()", 0)
		r := tr.Records[0]
		assert.Equal(t, want, r.Addrs, "%s: %+v, want addrs %v valid %v access_bytes 4", model, r, want, wantValid)
		assert.Equal(t, wantValid, r.Valid, "%s: %+v, want addrs %v valid %v access_bytes 4", model, r, want, wantValid)
		assert.Equal(t, int64(4), r.AccessBytes, "%s: %+v, want addrs %v valid %v access_bytes 4", model, r, want, wantValid)
		assert.Equal(t, "accesses", r.Kind, "%s: %+v, want addrs %v valid %v access_bytes 4", model, r, want, wantValid)
	}
}

// TestPredicatedMasks: clear_mask turns every guard off until the first tile
// offset recomputes them; a mask cleared after that persists across ++ along
// the advance rank; enable_mask turns every guard on.
func TestPredicatedMasks(t *testing.T) {
	all := func(v bool) []bool { return []bool{v, v, v, v} }
	ops := "clear_mask;load();inc;load();clear_mask;inc;load();enable_mask;load()"
	want := [][]bool{all(false), all(true), all(false), all(true)}
	for _, model := range []string{"cutlass", "reference"} {
		got := validOf(familyTrace(t, model, "", predF32, ops, 0))
		assert.Equal(t, want, got, "%s valid %v, want %v", model, got, want)
	}
}

// TestPredicatedPointerOffsetNarrowing: load_with_pointer_offset converts
// i32(n·B)/8; n = 2^30 f32 elements is 2^35 bits, which wraps to 0 in int32.
// The contract moves 2^32 bytes. add_pointer_offset is int64 and correct.
func TestPredicatedPointerOffsetNarrowing(t *testing.T) {
	tr := familyTrace(t, "cutlass", "", predF32, "load_with_pointer_offset(1073741824);add_pointer_offset(2);load()", 0)
	got, want := addrsOf(tr), [][]int64{{0, 512, 1024, 1536}, {8, 520, 1032, 1544}}
	assert.Equal(t, want, got, "cutlass addrs %v, want %v", got, want)
	assert.NotEmpty(t, tr.Overflows, "cutlass: no int32 overflow recorded for n·B = 2^35")
	ref := familyTrace(t, "reference", "", predF32, "load_with_pointer_offset(1073741824)", 0)
	assert.Equal(t, int64(1<<32), ref.Records[0].Addrs[0], "reference: %d, want 2^32", ref.Records[0].Addrs[0])
	assert.Empty(t, ref.Overflows, "reference narrowed: %v", ref.Overflows)
}

// TestFamilyUnavailable: ops a class does not have are UnavailableErrors.
func TestFamilyUnavailable(t *testing.T) {
	access := "class=PredicatedTileAccessIterator elem=f32 shape=64x8 threads=32 access=4"
	regular := "class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4"
	for _, tc := range []struct{ cfg, ops string }{
		{access, "load()"}, {access, "dec"}, {predF32, "load(1,0)"}, {predF32, "store(0,1)"},
		{predF32, "dec"}, {regular, "clear_mask"}, {regular, "store()"},
	} {
		for _, model := range []string{"cutlass", "reference"} {
			c, _ := ParseConfig(tc.cfg)
			p, _ := ParseProgram(tc.ops)
			_, err := traceFamily(model, "", c, p, 0)
			assert.ErrorIs(t, err, ErrUnavailable, "%s %q %q: err %v, want unavailable", model, tc.cfg, tc.ops, err)
		}
	}
}

// TestFamilyValidation: the family's constraints are *ConstraintErrors.
func TestFamilyValidation(t *testing.T) {
	for _, cfg := range []string{
		"class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 access_elems=3",
		"class=PredicatedTileAccessIterator elem=u4 shape=128x8 threads=32 access=32 access_elems=1",
		"class=PredicatedTileIterator elem=f32 shape=64x8 threads=32 access=4 extent=64x20 tb=64x0",
		"class=PredicatedTileIterator elem=f32 shape=64x8 threads=32 access=4 extent=64x20 tb=0x20",
		"class=PredicatedTileIterator elem=f32 shape=64x8 threads=32 access=4 tb=0x8",
	} {
		c, err := ParseConfig(cfg)
		require.NoError(t, err, "%q", cfg)
		_, err = Validate(c)
		assert.True(t, IsInvalid(err), "%q: Validate err %v, want a constraint error", cfg, err)
	}
}

// TestPredicatedAccessIncSteps: the access iterator's ++ moves its pointer
// by inc_strided_ at each new strided iteration, and set_iteration_index does
// not move it back, so two stray ++ shift the next pass by two strided steps.
// f32 64x8 T=32 V=4: Iter (1,4), Delta (1,2), L=64: incS = 2·64·4 = 512,
// incA = 2048, incN = 2048 − 3·512 = 512. After two ++, P = 1024 and the
// pass reads 1024, 1536, 2048, 2560, ending with P back at 1024.
func TestPredicatedAccessIncSteps(t *testing.T) {
	cfg := "class=PredicatedTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 extent=64x8"
	want := [][]int64{{1024, 1536, 2048, 2560}, {1024, 1536, 2048, 2560}}
	for _, model := range []string{"cutlass", "reference"} {
		got := addrsOf(familyTrace(t, model, "", cfg, "inc;inc;accesses();accesses()", 0))
		assert.Equal(t, want, got, "%s: %v, want %v", model, got, want)
	}
}
