package iterator

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each control differs from the reference where its killers look
// (docs/contract.md#controls), with the control's addresses worked by hand.
func TestControlsByHand(t *testing.T) {
	f32 := f32Example(t) // thread 5 at (20,0): reference load() 80, 592, 1104, 1616
	// f32 128×4 stripmined T=16 V=4: Iter=(2,4), Delta=(64,1); thread 1 at (4,0).
	wide := Config{Elem: elem(t, "f32"), Shape: [2]int64{128, 4}, Map: Stripmined, Threads: 16, Access: 4, Adv: 1}
	u4odd := u4Example(t)
	u4odd.Stride = 129
	huge := f32Example(t)
	huge.Stride = 1 << 28
	striped := Config{Elem: elem(t, "s8"), Shape: [2]int64{64, 8}, Map: WarpStriped3131, Threads: 256, Access: 1, Adv: 1, Warp: [2]int64{16, 2}}
	cases := []struct {
		d        Defect
		cfg      Config
		prog     Program
		thread   int
		ref, bad []int64
	}{
		// load(1,0) moves 64/4 = 16 elements (64 bytes) instead of 64 (256).
		{CLoadDiv, f32, progLoadTile, 5, []int64{336, 848, 1360, 1872}, []int64{144, 656, 1168, 1680}},
		{CLoadDiv, f32, progStoreTile, 5, []int64{336, 848, 1360, 1872}, []int64{336, 848, 1360, 1872}},
		{CBothDiv, f32, progStoreTile, 5, []int64{336, 848, 1360, 1872}, []int64{144, 656, 1168, 1680}},
		// add_pointer_offset(8) adds 8 bytes, not 32; load_with_pointer_offset unchanged.
		{CPtrBytes, f32, progAddPtrLoad, 5, []int64{112, 624, 1136, 1648}, []int64{88, 600, 1112, 1624}},
		{CPtrBytes, f32, progLoadPtr, 5, []int64{112, 624, 1136, 1648}, []int64{112, 624, 1136, 1648}},
		// 8·8/32 = 2 bytes for both pointer paths; u4: 8·8/4 = 16 bytes, not 4.
		{CPtrInverted, f32, progLoadPtr, 5, []int64{112, 624, 1136, 1648}, []int64{82, 594, 1106, 1618}},
		{CPtrInverted, f32, progAddPtrLoad, 5, []int64{112, 624, 1136, 1648}, []int64{82, 594, 1106, 1618}},
		{CPtrInverted, u4Example(t), progLoadPtr, 6, []int64{100}, []int64{112}},
		// Access c=1 at element 4 + 64·4 = 260 (byte 1040) instead of 4 + 64 (272).
		{CDeltaNoDiv, wide, progLoad, 1, []int64{16, 272, 528, 784, 1040, 1296, 1552, 1808},
			[]int64{16, 1040, 528, 1552, 1040, 2064, 1552, 2576}},
		// ++ along rank 0: one tile of 64 elements (256 bytes) instead of 8 rows.
		{CRankSwap, f32, progIncLoad, 5, []int64{2128, 2640, 3152, 3664}, []int64{336, 848, 1360, 1872}},
		// Rows 2s apart at pitch 65: 80 + 2s·65·4.
		{CPitchPlusOne, f32, progLoad, 5, []int64{80, 592, 1104, 1616}, []int64{80, 600, 1120, 1640}},
		// ++ = 8·(129·4/8 = 64) = 512 bytes instead of 8·129·4/8 = 516.
		{CTruncFirst, u4odd, progIncLoad, 0, []int64{516}, []int64{512}},
		// Row term s·2·2^28·4 = s·2^31 bytes, wrapped in int32.
		{CInt32, huge, progLoad, 5, []int64{80, 80 + 1<<31, 80 + 2<<31, 80 + 3<<31}, []int64{80, 80 - 1<<31, 80, 80 - 1<<31}},
		// #3131: thread 100 at (52,0), Iter (1,2), Delta (16,4): 52, 4·64+52.
		// HEAD: (36,2), Iter (2,2), Delta (16,4): rows 2 and 6, cols 36 and 52.
		{CStripedHead, striped, progLoad, 100, []int64{52, 308}, []int64{164, 180, 420, 436}},
	}
	seen := map[Defect]bool{}
	for _, tc := range cases {
		ref := lastAddrs(t, referenceModel{}, tc.cfg, tc.prog, tc.thread)
		bad := lastAddrs(t, Control(tc.d), tc.cfg, tc.prog, tc.thread)
		assert.Equal(t, tc.ref, ref, "%s %s %s thread %d: reference %v control %v, want %v %v", tc.d, tc.cfg, tc.prog, tc.thread, ref, bad, tc.ref, tc.bad)
		assert.Equal(t, tc.bad, bad, "%s %s %s thread %d: reference %v control %v, want %v %v", tc.d, tc.cfg, tc.prog, tc.thread, ref, bad, tc.ref, tc.bad)
		if !slices.Equal(tc.ref, tc.bad) {
			seen[tc.d] = true
		}
	}
	seen[CCas16Tail] = true // TestAtomicWordsAndTail
	for _, d := range regularDefectIDs() {
		assert.True(t, seen[d], "%s: no case shows it differ from the reference", d)
	}
}

func regularDefectIDs() []Defect {
	var ids []Defect
	for _, r := range regularDefects {
		ids = append(ids, r.id)
	}
	return ids
}

// What P-exact, P-index and the thread-map audit look at besides addresses.
func TestControlsLeaveTheirEvidence(t *testing.T) {
	u4odd := u4Example(t)
	u4odd.Stride = 129
	tr, err := Control(CTruncFirst).Trace(u4odd, progIncLoad, 0)
	assert.NoError(t, err, "C-trunc-first: truncation not recorded (%v)", err)
	assert.NotEmpty(t, tr.Inexact, "C-trunc-first: truncation not recorded (%v)", err)
	huge := f32Example(t)
	huge.Stride = 1 << 28
	tr, err = Control(CInt32).Trace(huge, progLoad, 5)
	assert.NoError(t, err, "C-int32: overflow not recorded (%v)", err)
	assert.NotEmpty(t, tr.Overflows, "C-int32: overflow not recorded (%v)", err)
	refTr, _ := (referenceModel{}).Trace(huge, progLoad, 5)
	assert.Empty(t, refTr.Overflows, "reference records overflows %v", refTr.Overflows)
	striped := Config{Elem: elem(t, "s8"), Shape: [2]int64{64, 8}, Map: WarpStriped3131, Threads: 256, Access: 1, Adv: 1, Warp: [2]int64{16, 2}}
	ref, _ := ThreadMapOf(referenceModel{}, striped)
	head, _ := ThreadMapOf(Control(CStripedHead), striped)
	assert.True(t, MapExact(ref), "thread-map audit: reference exact=%v, C-striped-head exact=%v", MapExact(ref), MapExact(head))
	assert.False(t, MapExact(head), "thread-map audit: reference exact=%v, C-striped-head exact=%v", MapExact(ref), MapExact(head))
}

// C-delta-nodiv and C-pitch-plus-one break byte coverage (P-cover) where
// the reference covers exactly.
func TestControlsBreakCoverage(t *testing.T) {
	wide := Config{Elem: elem(t, "f32"), Shape: [2]int64{128, 4}, Map: Stripmined, Threads: 16, Access: 4, Adv: 1}
	msg := byteCover(t, referenceModel{}, wide)
	require.Equal(t, "", msg, "reference: %s", msg)
	for _, d := range []Defect{CDeltaNoDiv, CPitchPlusOne} {
		assert.NotEqual(t, "", byteCover(t, Control(d), wide), "%s covers the tile exactly", d)
	}
}

func TestDefectCatalogue(t *testing.T) {
	want := []Defect{"C-load-div", "C-both-div", "C-ptr-bytes", "C-ptr-inverted", "C-delta-nodiv", "C-rank-swap",
		"C-pitch-plus-one", "C-trunc-first", "C-int32", "C-striped-head", "C-cas16-tail"}
	all := Defects()
	if assert.GreaterOrEqual(t, len(all), len(want), "Defects() = %v, want it to start with %v", all, want) {
		assert.Equal(t, want, all[:len(want)], "Defects() = %v, want it to start with %v", all, want)
	}
	for _, d := range want {
		assert.NotEqual(t, "", DefectDoc(d), "%s has no doc line", d)
		m := Control(d)
		assert.Equal(t, string(d), m.Name(), "Control(%s).Name() = %q", d, m.Name())
		named, err := ModelByName(string(d))
		if assert.NoError(t, err, "ModelByName(%s): %v", d, err) {
			assert.Equal(t, string(d), named.Name(), "ModelByName(%s): %v", d, err)
		}
	}
}
