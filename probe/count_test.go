package probe

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// asCompiled gives every record of traces evidence (clean) and its own
// addresses and guards, as a compiled run records them, to tamper with.
func asCompiled(traces []iterator.ThreadTrace) {
	for th := range traces {
		for r := range traces[th].Records {
			rec := &traces[th].Records[r]
			rec.Addrs, rec.Valid = slices.Clone(rec.Addrs), slices.Clone(rec.Valid)
			rec.Evidence = make([]iterator.AccessEvidence, len(rec.Addrs))
		}
	}
}

func countOne(run cuda.ProgramRun) report.ProbeVariant {
	res := &cuda.Result{ProbeResult: report.ProbeResult{Variants: []report.ProbeVariant{{Label: "reference", Model: "reference"}}}, Runs: []cuda.ProgramRun{run}}
	c, _ := count(res, false)
	return c.Variants[0]
}

// TestCountFromFacts: count reads every counter off the raw facts alone: a
// moved address is a mismatch (P-companion), differs from the reference
// and fails the load round trip the Go model did not predict
// (P-roundtrip); a missing access is a mismatch P-recovered finds, with its
// evidence as the detail, and with no compiled address it does not differ
// from the reference.
func TestCountFromFacts(t *testing.T) {
	cfg, prog, expected, compiled := referenceTwice(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64", "load(1,0)")
	asCompiled(compiled)
	total := 0
	for th := range compiled {
		total += len(compiled[th].Records[0].Addrs)
	}
	compiled[7].Records[0].Addrs[3] += 16 // a moved address
	r := &compiled[4].Records[0]
	r.Addrs[2], r.Evidence[2] = iterator.NoAddress, iterator.EvidenceMissing
	v := countOne(cuda.ProgramRun{Config: cfg, Program: prog, Expected: expected, Reference: expected, Compiled: compiled, AccessBytes: 16})
	assert.Equal(t, 1, v.Programs, "counters: programs %d accesses %d (want %d) hidden %d guarded off %d guards %d", v.Programs, v.Accesses, total, v.Hidden, v.GuardedOff, v.Guards)
	assert.Equal(t, int64(total), v.Accesses, "counters: programs %d accesses %d (want %d) hidden %d guarded off %d guards %d", v.Programs, v.Accesses, total, v.Hidden, v.GuardedOff, v.Guards)
	assert.Zero(t, v.Hidden, "counters: programs %d accesses %d (want %d) hidden %d guarded off %d guards %d", v.Programs, v.Accesses, total, v.Hidden, v.GuardedOff, v.Guards)
	assert.Zero(t, v.GuardedOff, "counters: programs %d accesses %d (want %d) hidden %d guarded off %d guards %d", v.Programs, v.Accesses, total, v.Hidden, v.GuardedOff, v.Guards)
	assert.Zero(t, v.Guards, "counters: programs %d accesses %d (want %d) hidden %d guarded off %d guards %d", v.Programs, v.Accesses, total, v.Hidden, v.GuardedOff, v.Guards)
	require.Equal(t, int64(2), v.Mismatches, "mismatches %d, examples %+v; want the moved and the missing access", v.Mismatches, v.Examples)
	require.Len(t, v.Examples, 2, "mismatches %d, examples %+v; want the moved and the missing access", v.Mismatches, v.Examples)
	for _, e := range v.Examples {
		switch {
		case e.Thread == 7 && e.Access == 3:
			assert.Equal(t, int64(16), e.Actual-e.Expected, "moved access: %+v", e)
			assert.Empty(t, e.Detail, "moved access: %+v", e)
			assert.Equal(t, "load(1,0)", e.Ops, "moved access: %+v", e)
		case e.Thread == 4 && e.Access == 2:
			assert.Equal(t, "no record for this access", e.Detail, "missing access without its evidence: %+v", e)
			assert.Equal(t, iterator.NoAddress, e.Actual, "missing access without its evidence: %+v", e)
		default:
			assert.Fail(t, "unexpected mismatch", "%+v", e)
		}
	}
	assert.Equal(t, int64(1), v.VsReference, "accesses differ from the reference, want 1 (the moved one; the missing one has no address)")
	rt := v.LoadRoundTrip
	assert.Equal(t, 1, rt.Cases, "load round trip %+v: want failed, not predicted", rt)
	assert.Equal(t, 1, rt.Failed, "load round trip %+v: want failed, not predicted", rt)
	assert.Zero(t, rt.Predicted, "load round trip %+v: want failed, not predicted", rt)
	assert.Equal(t, 1, rt.Unexpected, "load round trip %+v: want failed, not predicted", rt)
	assert.Len(t, rt.Examples, 1, "load round trip %+v: want failed, not predicted", rt)
	assert.Zero(t, v.StoreRoundTrip.Cases, "no store round trip was run: %+v", v.StoreRoundTrip)
}

// TestCountHiddenFromEvidence: a store access that left no byte is hidden
// where the Go model's own accesses overlap it (counted, not compared);
// where they do not, it is a mismatch, shown as not seen (report.NotSeen)
// with its evidence.
func TestCountHiddenFromEvidence(t *testing.T) {
	cfg, prog, expected, compiled := referenceTwice(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64", "store(0,0)")
	asCompiled(expected) // for copies of its addresses: its evidence is dropped below
	asCompiled(compiled)
	// Thread 0: the model's second access overwrites its first whole, and
	// the compiled one did the same.
	expected[0].Records[0].Addrs[1] = expected[0].Records[0].Addrs[0]
	r := &compiled[0].Records[0]
	r.Addrs[1] = r.Addrs[0]
	r.Addrs[0], r.Evidence[0] = iterator.NoAddress, iterator.EvidenceUnrecovered
	// Thread 3: a store access left nothing, and the model does not say why.
	r = &compiled[3].Records[0]
	want := r.Addrs[2]
	r.Addrs[2], r.Evidence[2] = iterator.NoAddress, iterator.EvidenceUnrecovered
	for th := range expected {
		expected[th].Records[0].Evidence = nil
	}
	v := countOne(cuda.ProgramRun{Config: cfg, Program: prog, Expected: expected, Reference: expected, Compiled: compiled, AccessBytes: 16})
	assert.Equal(t, int64(1), v.Hidden, "hidden, want 1")
	require.Equal(t, int64(1), v.Mismatches, "mismatches %d %+v, want the unexplained store access", v.Mismatches, v.Examples)
	require.Len(t, v.Examples, 1, "mismatches %d %+v, want the unexplained store access", v.Mismatches, v.Examples)
	e := v.Examples[0]
	assert.Equal(t, 3, e.Thread, "example %+v", e)
	assert.Equal(t, 2, e.Access, "example %+v", e)
	assert.Equal(t, want, e.Expected, "example %+v", e)
	assert.Equal(t, report.NotSeen, e.Actual, "example %+v", e)
	assert.Equal(t, "no byte of the access found in memory", e.Detail, "example %+v", e)
}

// TestCountGuardsFromEvidence: on a predicated class every access's guard
// is compared; a load the harness saw guarded off where the Go model's
// guard is off too is counted guarded off, and one where the model's guard
// is on is a mismatch with the guards in its detail, its compiled address
// not seen (report.NotSeen).
func TestCountGuardsFromEvidence(t *testing.T) {
	cfg, prog, expected, compiled := referenceTwice(t, "class=PredicatedTileIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 extent=100x21 tb=64x3", "load()")
	asCompiled(compiled)
	total, off := 0, 0
	flip := [2]int{-1, -1}
	for th := range compiled {
		r := &compiled[th].Records[0]
		for i, on := range r.Valid {
			total++
			if !on {
				off++
				r.Addrs[i], r.Evidence[i] = iterator.NoAddress, iterator.EvidenceGuardedOff
			} else if flip[0] < 0 {
				flip = [2]int{th, i}
			}
		}
	}
	require.NotZero(t, off, "no guarded-off access (%d) or none on", off)
	require.GreaterOrEqual(t, flip[0], 0, "no guarded-off access (%d) or none on", off)
	r := &compiled[flip[0]].Records[0]
	want := r.Addrs[flip[1]]
	r.Addrs[flip[1]], r.Evidence[flip[1]], r.Valid[flip[1]] = iterator.NoAddress, iterator.EvidenceGuardedOff, false
	v := countOne(cuda.ProgramRun{Config: cfg, Program: prog, Expected: expected, Reference: expected, Compiled: compiled, AccessBytes: 16})
	assert.Equal(t, int64(total), v.Guards, "guards %d (want %d) guarded off %d (want %d) accesses %d (want %d)", v.Guards, total, v.GuardedOff, off, v.Accesses, total-off)
	assert.Equal(t, int64(off), v.GuardedOff, "guards %d (want %d) guarded off %d (want %d) accesses %d (want %d)", v.Guards, total, v.GuardedOff, off, v.Accesses, total-off)
	assert.Equal(t, int64(total-off), v.Accesses, "guards %d (want %d) guarded off %d (want %d) accesses %d (want %d)", v.Guards, total, v.GuardedOff, off, v.Accesses, total-off)
	require.Equal(t, int64(1), v.Mismatches, "mismatches %d %+v, want the guard that differs", v.Mismatches, v.Examples)
	require.Len(t, v.Examples, 1, "mismatches %d %+v, want the guard that differs", v.Mismatches, v.Examples)
	e := v.Examples[0]
	assert.Equal(t, flip[0], e.Thread, "example %+v", e)
	assert.Equal(t, flip[1], e.Access, "example %+v", e)
	assert.Equal(t, want, e.Expected, "example %+v", e)
	assert.Equal(t, report.NotSeen, e.Actual, "example %+v", e)
	assert.Equal(t, "guard: compiled valid=false, Go model valid=true", e.Detail, "example %+v", e)
}

// TestCountUnseenNeitherAgreesNorDiffers: a store access that left no
// byte, which the Go model does not explain, has no compiled address. It is
// a mismatch shown as report.NotSeen (not the harness's 0), and it is not
// compared with the reference: where the reference's address is 0 it does
// not agree (a placeholder 0 would), elsewhere it does not differ.
// Only the moved access, whose address the bytes showed, differs.
func TestCountUnseenNeitherAgreesNorDiffers(t *testing.T) {
	cfg, prog, expected, compiled := referenceTwice(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64", "store(0,0)")
	asCompiled(compiled)
	type pos struct{ thread, access int }
	zero, nonzero, moved := pos{0, 0}, pos{3, 2}, pos{7, 3}
	require.Zero(t, expected[zero.thread].Records[0].Addrs[zero.access], "the reference's address at thread 0 access 0; the test needs 0")
	require.NotZero(t, expected[nonzero.thread].Records[0].Addrs[nonzero.access], "the reference's address at thread 3 access 2 is 0; the test needs another")
	for _, p := range []pos{zero, nonzero} {
		r := &compiled[p.thread].Records[0]
		r.Addrs[p.access], r.Evidence[p.access] = iterator.NoAddress, iterator.EvidenceUnrecovered
	}
	compiled[moved.thread].Records[0].Addrs[moved.access] += 16
	v := countOne(cuda.ProgramRun{Config: cfg, Program: prog, Expected: expected, Reference: expected, Compiled: compiled, AccessBytes: 16})
	assert.Equal(t, int64(1), v.VsReference, "accesses differ from the reference, want 1 (the moved one; the two not seen neither agree nor differ)")
	// Every access of the store, 32 threads × 4, is counted; all but the
	// two not seen are compared with the reference.
	assert.Equal(t, int64(128), v.Accesses, "accesses %d, compared with the reference %d; want 128 and 126", v.Accesses, v.ComparedWithReference)
	assert.Equal(t, int64(126), v.ComparedWithReference, "accesses %d, compared with the reference %d; want 128 and 126", v.Accesses, v.ComparedWithReference)
	require.Equal(t, int64(3), v.Mismatches, "mismatches %d, examples %+v; want the two not seen and the moved one", v.Mismatches, v.Examples)
	require.Len(t, v.Examples, 3, "mismatches %d, examples %+v; want the two not seen and the moved one", v.Mismatches, v.Examples)
	for _, e := range v.Examples {
		want := expected[e.Thread].Records[0].Addrs[e.Access]
		switch (pos{e.Thread, e.Access}) {
		case zero, nonzero:
			assert.Equal(t, want, e.Expected, "access not seen: %+v; want expected %d, actual report.NotSeen", e, want)
			assert.Equal(t, report.NotSeen, e.Actual, "access not seen: %+v; want expected %d, actual report.NotSeen", e, want)
			assert.Equal(t, "no byte of the access found in memory", e.Detail, "access not seen: %+v; want expected %d, actual report.NotSeen", e, want)
		case moved:
			assert.Equal(t, want, e.Expected, "moved access: %+v", e)
			assert.Equal(t, want+16, e.Actual, "moved access: %+v", e)
		default:
			assert.Fail(t, "unexpected mismatch", "%+v", e)
		}
	}
}

// addGroup sums a (class, program, configuration)'s mismatches and keeps the
// groups largest first.
func TestAddGroupSumsAndSorts(t *testing.T) {
	var gs []report.MismatchGroup
	gs = addGroup(gs, report.MismatchGroup{Class: "A", Ops: "load()", Config: "x", Count: 2})
	gs = addGroup(gs, report.MismatchGroup{Class: "B", Ops: "load()", Config: "y", Count: 3})
	gs = addGroup(gs, report.MismatchGroup{Class: "A", Ops: "load()", Config: "x", Count: 4})
	require.Len(t, gs, 2, "groups %+v, want x with 6 then y with 3", gs)
	require.Equal(t, "x", gs[0].Config, "groups %+v, want x with 6 then y with 3", gs)
	require.Equal(t, int64(6), gs[0].Count, "groups %+v, want x with 6 then y with 3", gs)
	require.Equal(t, int64(3), gs[1].Count, "groups %+v, want x with 6 then y with 3", gs)
}
