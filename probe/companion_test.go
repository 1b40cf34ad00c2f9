package probe

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
)

// TestCompanionDiffersFindsOneAddress: the probe's address comparison,
// P-companion, finds exactly the one access a compiled trace moved, and
// nothing on the Go model's own traces.
func TestCompanionDiffersFindsOneAddress(t *testing.T) {
	cfg, prog, expected, compiled := referenceTwice(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64", "load(1,0);store(0,0)")
	j := companionDiffers(t, cfg, prog, expected, compiled)
	require.Empty(t, j.differ, "identical traces: %+v", j)
	require.Empty(t, j.unrecovered, "identical traces: %+v", j)
	require.Empty(t, j.records, "identical traces: %+v", j)
	compiled[7].Records[1].Addrs[3] += 16
	d := companionDiffers(t, cfg, prog, expected, compiled).differ
	assert.Len(t, d, 1, "one address moved on thread 7, access 3 of op %d", compiled[7].Records[1].Op)
	assert.True(t, d[accessPos{thread: 7, op: compiled[7].Records[1].Op, access: 3}], "one address moved on thread 7, access 3 of op %d: got %v", compiled[7].Records[1].Op, d)
	// Evidence that access 2 of thread 4's first record moved too few
	// bytes: P-recovered finds that access, and only it.
	r := &compiled[4].Records[0]
	r.Evidence = make([]iterator.AccessEvidence, len(r.Addrs))
	r.Evidence[2] = iterator.EvidenceByteCount
	u := companionDiffers(t, cfg, prog, expected, compiled).unrecovered
	assert.Len(t, u, 1, "a short access on thread 4, access 2 of op %d", r.Op)
	assert.True(t, u[accessPos{thread: 4, op: r.Op, access: 2}], "a short access on thread 4, access 2 of op %d: unrecovered %v", r.Op, u)
	// Where the Go model's own accesses of that record overlap (its access
	// 1 at access 0's address), a short access is what it predicts:
	// P-recovered, given the model, finds none.
	for _, tr := range [][]iterator.ThreadTrace{expected, compiled} {
		rec := &tr[4].Records[0]
		rec.Addrs = append([]int64(nil), rec.Addrs...)
		rec.Addrs[1] = rec.Addrs[0]
	}
	assert.Empty(t, companionDiffers(t, cfg, prog, expected, compiled).unrecovered, "a short access the model's overlap explains: unrecovered")
}

// TestGuardMismatchIsCompanions: a compiled guard that differs from the Go
// model's is a mismatch because P-companion finds its record differing
// (it compares guards); with the guards equal, the same candidate is none.
func TestGuardMismatchIsCompanions(t *testing.T) {
	cfg, prog, expected, compiled := referenceTwice(t, "class=PredicatedTileIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 extent=64x20", "load()")
	r := &compiled[5].Records[0]
	require.NotNil(t, r.Valid, "a predicated load without guards")
	guard := candidate{thread: 5, op: r.Op, access: 1}
	assert.False(t, companionDiffers(t, cfg, prog, expected, compiled).mismatch(guard), "equal guards: a mismatch")
	r.Valid = append([]bool(nil), r.Valid...)
	r.Valid[1] = !r.Valid[1]
	assert.True(t, companionDiffers(t, cfg, prog, expected, compiled).mismatch(guard), "guard of thread 5 access 1 flipped: no mismatch")
}
