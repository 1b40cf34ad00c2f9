package copyprops

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

func judge(t *testing.T, s string) map[string]*Violation {
	t.Helper()
	c, err := tiledcopy.ParseCase(s)
	require.NoError(t, err)
	tr := c.Eval()
	require.Empty(t, tr.Rejected, "%s: refused", s)
	out := map[string]*Violation{}
	for _, p := range All() {
		if v := p.Check(c, tr); v != nil {
			out[p.ID] = v
		}
	}
	return out
}

// details are the violations' details by property, as a failure prints
// them.
func details(v map[string]*Violation) map[string]string {
	out := map[string]string{}
	for id, x := range v {
		out[id] = x.Detail
	}
	return out
}

// A padded pitch of 68 halves puts rows 136 bytes apart: the
// second row's 128-bit vector starts at byte 136, not 16-byte aligned.
// CuTe cannot see a dynamic pitch; P-vector does.
func TestMisalignedPitch(t *testing.T) {
	v := judge(t, "atom=UniversalCopy<uint128_t> elem=half_t thr=(4,8):(8,1) val=(1,8):(8,1) src=(4,64):(68,1) dst=(4,64):(64,1)")
	require.Len(t, v, 1, "want P-vector alone; got %v", v)
	require.NotNil(t, v["P-vector"], "want P-vector alone; got %v", v)
	assert.Contains(t, v["P-vector"].Detail, "not aligned", "want P-vector on alignment")
}

// The same copy with a pitch of 72 halves (144 bytes) keeps every vector
// aligned, and a Sw<3,3,3> destination keeps it whole.
func TestAlignedSwizzled(t *testing.T) {
	v := judge(t, "atom=UniversalCopy<uint128_t> elem=half_t thr=(4,8):(8,1) val=(1,8):(8,1) src=(4,64):(72,1) dst=Sw<3,3,3>o(4,64):(64,1)")
	assert.Empty(t, details(v), "violations")
}

// A vector copy predicated on an extent that cuts a vector: copy_if gates
// the call on its first value, so the whole vector is copied.
func TestPredicateCutsVector(t *testing.T) {
	v := judge(t, "atom=UniversalCopy<uint64_t> elem=half_t thr=(8,4):(4,1) val=(1,4):(4,1) src=(8,16):(16,1) dst=(8,16):(16,1) extent=8x14")
	assert.NotNil(t, v["P-predicate"], "an extent of 14 inside a 4-wide vector passed P-predicate")
}

// ldmatrix x1's lanes 8..31 name the rows lanes 0..7 do: P-copy-once
// allows it within one call.
func TestLDSMx1RedundantRowsAllowed(t *testing.T) {
	v := judge(t, "atom=SM75_U32x1_LDSM_N elem=half_t thr=(8,4):(4,1) val=(1,2):(2,1) src=(8,8):(8,1) dst=(8,(2,4)):(8,(1,2))")
	assert.Empty(t, details(v), "violations")
}

// Traces built by hand: two one-thread calls over a 2x1 tile.
func TestHandBuiltTraces(t *testing.T) {
	c, err := tiledcopy.ParseCase("atom=UniversalCopy<uint32_t> elem=float thr=(2,1) val=(1,1) src=(2,1) dst=(2,1)")
	require.NoError(t, err)
	tr := tiledcopy.Trace{AtomThreads: 1, SrcAtomVals: 1, DstAtomVals: 1, VectorBits: 32, DstVectorBits: 32,
		Threads: []tiledcopy.Thread{
			{Src: []tiledcopy.Slot{{Coord: 0, Offset: 0}}, Dst: []tiledcopy.Slot{{Coord: 0, Offset: 0}}},
			{Src: []tiledcopy.Slot{{Coord: 1, Offset: 1}}, Dst: []tiledcopy.Slot{{Coord: 1, Offset: 1}}},
		}}
	for _, p := range All() {
		assert.Nil(t, p.Check(c, tr), "%s on the identity copy", p.ID)
	}
	dup := tr
	dup.Threads = []tiledcopy.Thread{tr.Threads[0], tr.Threads[0]}
	if v := CopyOnce.Check(c, dup); assert.NotNil(t, v, "both threads copying element 0 passed") {
		assert.Contains(t, v.Detail, "named by two instruction calls", "both threads copying element 0")
	}
	shared := tr
	shared.Threads = []tiledcopy.Thread{tr.Threads[0], {Src: tr.Threads[1].Src, Dst: []tiledcopy.Slot{{Coord: 1, Offset: 0}}}}
	assert.NotNil(t, SwizzleBijection.Check(c, shared), "two elements at offset 0 passed")
	assert.NotNil(t, Address.Check(c, shared), "element 1 at offset 0 of a (2,1) tensor passed")
	landed := tr
	landed.Landed = []int64{1, 0}
	if v := SameElement.Check(c, landed); assert.NotNil(t, v, "swapped landing passed") {
		assert.Equal(t, int64(1), v.Actual[0], "swapped landing: %v", v)
	}
}
