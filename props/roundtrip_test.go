package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// roundTripStatus judges P-roundtrip on every thread of (cfg, ops) with
// src's traces against the reference model.
func roundTripStatus(t *testing.T, src Source, cfg, ops string) Result {
	t.Helper()
	c := mustCase(t, cfg, ops)
	c.Threads = AllThreads(c.Config.Threads)
	res, _, err := Check([]Property{PRoundTrip}, src, model(t, "reference"), c)
	require.NoError(t, err)
	return res[0]
}

// The probe's controls fail P-roundtrip (C-load-div by its loads,
// C-pitch-plus-one by its loads and by the memory its store leaves); the
// reference, the identity copy's model, passes both round trips.
func TestRoundTripKillsProbeControls(t *testing.T) {
	rows := []struct{ control, ops, kind string }{
		{"C-load-div", "load(1,0)", "load"},
		{"C-pitch-plus-one", "load()", "load"},
		{"C-pitch-plus-one", "store()", "store"},
	}
	for _, r := range rows {
		got := roundTripStatus(t, model(t, r.control), f32Example, r.ops)
		if !assert.Equal(t, report.Violated, got.Status, "%s %s: P-roundtrip", r.control, r.ops) {
			continue
		}
		assert.Equal(t, 0, got.Violations[0].Op, "%s %s: the %s round trip's violation", r.control, r.ops, r.kind)
		assert.Contains(t, got.Violations[0].Detail, map[string]string{"load": "fragment slot", "store": "byte"}[r.kind],
			"%s %s: the %s round trip's violation", r.control, r.ops, r.kind)
		ref := roundTripStatus(t, model(t, "reference"), f32Example, r.ops)
		assert.Equal(t, report.Held, ref.Status, "reference %s: P-roundtrip (%v)", r.ops, ref.Violations)
	}
	// A program with no load and more than one store judges nothing.
	assert.Equal(t, report.NotApplicable, roundTripStatus(t, model(t, "C-pitch-plus-one"), f32Example, "store();store(1,0)").Status,
		"two stores: P-roundtrip")
}

// storeCase is f32, 8x2 tile, pitch 12 (row bytes 48, tile columns 0..7,
// bytes 0..31), two threads storing two 16-byte accesses each.
func storeCase(t *testing.T, runs []iterator.ByteRun) (iterator.Config, []iterator.ThreadTrace, []iterator.ThreadTrace) {
	cfg, err := iterator.ParseConfig("elem=f32 shape=8x2 map=stripmined threads=2 access=4 adv=1 stride=12")
	require.NoError(t, err)
	ref := []iterator.ThreadTrace{
		{Thread: 0, Records: []iterator.Record{{Kind: "store", AccessBytes: 16, Addrs: []int64{0, 48}}}},
		{Thread: 1, Records: []iterator.Record{{Kind: "store", AccessBytes: 16, Addrs: []int64{16, 64}}}},
	}
	img := &iterator.MemoryImage{Size: 96, Runs: runs}
	mains := []iterator.ThreadTrace{{Thread: 0, Image: img}, {Thread: 1, Image: img}}
	return cfg, mains, ref
}

// A stray byte is located before, after or in the pitch gap of the tensor;
// the image of a correct store passes; a misplaced access fails.
func TestStoreRoundTripLocations(t *testing.T) {
	good := runs(0, 0, 0, 16, 1, 0, 16, 16, 0, 16, 48, 16, 1, 16, 64, 16)
	cfg, mains, ref := storeCase(t, good)
	_, _, why, bad := storeImageDiffers(cfg, mains, ref)
	assert.False(t, bad, "correct store failed: %s", why)
	for _, c := range []struct {
		stray iterator.ByteRun
		want  string
	}{
		{iterator.ByteRun{Thread: 0, Index: 0, Addr: -4, Len: 1}, "before the tensor"},
		{iterator.ByteRun{Thread: 0, Index: 0, Addr: 100, Len: 1}, "after the tensor"},
		{iterator.ByteRun{Thread: 0, Index: 0, Addr: 36, Len: 1}, "pitch gap of row 0 (element 9)"},
	} {
		cfg, mains, ref := storeCase(t, append(append([]iterator.ByteRun{}, good...), c.stray))
		_, _, why, bad := storeImageDiffers(cfg, mains, ref)
		assert.True(t, bad, "stray byte at %d", c.stray.Addr)
		assert.Contains(t, why, c.want, "stray byte at %d", c.stray.Addr)
	}
	cfg, mains, ref = storeCase(t, runs(0, 0, 0, 16, 1, 0, 16, 16, 0, 16, 52, 16, 1, 16, 64, 16))
	_, _, _, bad = storeImageDiffers(cfg, mains, ref)
	assert.True(t, bad, "a misplaced access passed")
}

// A store with many discrepant bytes reports the one at the lowest address,
// the same text on every call, whatever order a map iteration meets
// them in.
func TestStoreRoundTripReportsLowestAddress(t *testing.T) {
	// Thread 0's second access lands 4 bytes late: bytes 48..51 are never
	// written, 52..63 hold the wrong fragment bytes, and a stray byte at 80
	// changes a sentinel.
	cfg, mains, ref := storeCase(t, runs(0, 0, 0, 16, 1, 0, 16, 16, 0, 16, 52, 16, 1, 16, 64, 16, 1, 0, 80, 1))
	const want = "byte 48 (thread 0 fragment byte 16) was never written"
	for range 100 {
		_, _, why, bad := storeImageDiffers(cfg, mains, ref)
		require.True(t, bad, "store round trip")
		require.Equal(t, want, why, "store round trip")
	}
	// With the late access's bytes all in place, the first discrepancy is
	// the sentinel byte below the tensor, not the one after it.
	cfg, mains, ref = storeCase(t, runs(0, 0, 0, 16, 1, 0, 16, 16, 0, 16, 48, 16, 1, 16, 64, 16, 1, 0, 90, 1, 0, 3, -2, 1))
	for range 100 {
		_, _, why, bad := storeImageDiffers(cfg, mains, ref)
		require.True(t, bad, "store round trip")
		require.Contains(t, why, "before the tensor at byte -2", "store round trip: want the sentinel before the tensor")
	}
}

// The image a compiled trace carries is what is judged, not its store
// records: records at the reference addresses with a memory image that
// shows a byte elsewhere fail; without the image, the records pass.
func TestStoreRoundTripJudgesTheImage(t *testing.T) {
	cfg, mains, ref := storeCase(t, runs(0, 0, 0, 16, 1, 0, 16, 16, 0, 16, 52, 16, 1, 16, 64, 16))
	for k := range mains {
		mains[k].Records = ref[k].Records
	}
	_, _, _, bad := storeImageDiffers(cfg, mains, ref)
	assert.True(t, bad, "a memory image with a misplaced access passed")
	for k := range mains {
		mains[k].Image = nil
	}
	_, _, why, bad := storeImageDiffers(cfg, mains, ref)
	assert.False(t, bad, "store records at the reference addresses failed: %s", why)
}

// runs makes byte runs of (thread, index, addr, len) quadruples.
func runs(q ...int64) []iterator.ByteRun {
	var out []iterator.ByteRun
	for i := 0; i+3 < len(q); i += 4 {
		out = append(out, iterator.ByteRun{Thread: int(q[i]), Index: q[i+1], Addr: q[i+2], Len: q[i+3]})
	}
	return out
}
