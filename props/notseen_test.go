package props

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// unseen answers like inner, as a faithful compiled trace would record it:
// every record carries evidence (clean), and on thread 2 access k of the
// first record was not seen: NoAddress, evidence ev, its guard (predicated
// records) off, as the bytes show a store that left none or a load seen
// guarded off. mark false keeps NoAddress but drops the evidence, which is
// what a property that did not skip unseen accesses would judge. only, when
// set, limits the change to the program of that text.
type unseen struct {
	inner Source
	k     int
	ev    iterator.AccessEvidence
	mark  bool
	only  string
}

func (u unseen) Name() string { return "unseen " + u.inner.Name() }

func (u unseen) Traces(reqs []Request) ([]Response, error) {
	resps, err := u.inner.Traces(reqs)
	for i := range resps {
		for k := range resps[i].Traces {
			tr := &resps[i].Traces[k]
			recs := slices.Clone(tr.Records)
			for r := range recs {
				recs[r].Evidence = make([]iterator.AccessEvidence, len(recs[r].Addrs))
				if tr.Thread != 2 || r != 0 || (u.only != "" && reqs[i].Program.String() != u.only) {
					continue
				}
				recs[r].Addrs = slices.Clone(recs[r].Addrs)
				recs[r].Addrs[u.k] = iterator.NoAddress
				if u.mark {
					recs[r].Evidence[u.k] = u.ev
				}
				if recs[r].Valid != nil {
					recs[r].Valid = slices.Clone(recs[r].Valid)
					recs[r].Valid[u.k] = false
				}
			}
			tr.Records = recs
		}
	}
	return resps, err
}

// guardAt finds, on thread 2's first record of c under the reference, an
// access whose guard is on (want) or off.
func guardAt(t *testing.T, c Case, want bool) int {
	t.Helper()
	tr, err := iterator.TraceThreads(mustModel(t, "reference"), c.Config, c.Program, []int{2})
	require.NoError(t, err)
	for k, v := range tr[0].Records[0].Valid {
		if v == want {
			return k
		}
	}
	require.Failf(t, "no such access", "%s %s: thread 2 has no access with its guard %v", c.Config, c.Program, want)
	return 0
}

// P-companion judges what the bytes did not show, given the companion: an
// access guarded off by both, or a store access no byte of which survived
// where the companion's accesses overlap (a later one overwrote it), is
// explained; a guard seen off where the companion's is on, or a store
// that left nothing where the companion's accesses do not overlap, is a
// violation, as is a seen address that differs.
func TestCompanionJudgesUnseenAccesses(t *testing.T) {
	ref := model(t, "reference")
	pred := mustCase(t, traverseConfigs[1], "load()")
	predStore := mustCase(t, traverseConfigs[1], "store()")
	regular := mustCase(t, f32Example, "store(0,0)")
	off, on := guardAt(t, pred, false), guardAt(t, pred, true)
	storeOff, storeOn := guardAt(t, predStore, false), guardAt(t, predStore, true)
	for _, e := range []struct {
		name           string
		c              Case
		src, companion Source
		want           report.Status
	}{
		{"load guarded off by both", pred, unseen{inner: ref, k: off, ev: iterator.EvidenceGuardedOff, mark: true}, ref, report.Held},
		{"load seen guarded off, companion's guard on", pred, unseen{inner: ref, k: on, ev: iterator.EvidenceGuardedOff, mark: true}, ref, report.Violated},
		{"store guarded off by both", predStore, unseen{inner: ref, k: storeOff, ev: iterator.EvidenceUnrecovered, mark: true}, ref, report.Held},
		{"store left nothing, companion's guard on, no overlap", predStore, unseen{inner: ref, k: storeOn, ev: iterator.EvidenceUnrecovered, mark: true}, ref, report.Violated},
		{"store overwritten where the companion overlaps", regular, unseen{inner: overlapped{ref}, k: 0, ev: iterator.EvidenceUnrecovered, mark: true}, overlapped{ref}, report.Held},
		{"store left nothing, companion does not overlap", regular, unseen{inner: ref, k: 0, ev: iterator.EvidenceUnrecovered, mark: true}, ref, report.Violated},
		{"no address and no mark", regular, unseen{inner: ref, k: 0, ev: 0, mark: false}, ref, report.Violated},
	} {
		r, _ := judgeCompanionCase(t, e.src, e.companion, e.c)
		assert.Equal(t, e.want, r.Status, "%s: %v", e.name, r.Violations)
		if e.want == report.Violated && assert.Len(t, r.Violations, 1, e.name) {
			assert.Equal(t, 2, r.Violations[0].Thread, e.name)
		}
	}
}

// P-recovered does not count a guard seen off, or a store the companion
// guards off, as an access lost; a store that left nothing where the
// companion's guard is on and its accesses do not overlap is one.
func TestRecoveredJudgesUnseenGivenCompanion(t *testing.T) {
	ref := model(t, "reference")
	pred := mustCase(t, traverseConfigs[1], "load()")
	predStore := mustCase(t, traverseConfigs[1], "store()")
	for _, e := range []struct {
		name string
		c    Case
		src  Source
		want report.Status
	}{
		{"load seen guarded off", pred, unseen{inner: ref, k: guardAt(t, pred, false), ev: iterator.EvidenceGuardedOff, mark: true}, report.Held},
		{"store guarded off by both", predStore, unseen{inner: ref, k: guardAt(t, predStore, false), ev: iterator.EvidenceUnrecovered, mark: true}, report.Held},
		{"store left nothing, companion's guard on", predStore, unseen{inner: ref, k: guardAt(t, predStore, true), ev: iterator.EvidenceUnrecovered, mark: true}, report.Violated},
	} {
		res, _, err := Check([]Property{Recovered(ref)}, e.src, nil, e.c)
		require.NoError(t, err)
		assert.Equal(t, e.want, res[0].Status, "%s: %v", e.name, res[0].Violations)
	}
}

// The sweep's properties read compiled traces too: each skips an access
// marked not seen (it has no address; P-companion judges it), and the same
// NoAddress without the mark fails it, so the skip is what makes it pass.
func TestSweepPropertiesSkipUnseenAccesses(t *testing.T) {
	ref := model(t, "reference")
	for _, e := range []struct {
		p Property
		c Case
	}{
		{POracle, mustCase(t, f32Example, "store(0,0)")},
		{PBounds, mustCase(t, f32Example, "store(0,0)")},
		{PTile, mustCase(t, f32Example, "store(1,0)")},
		{PSym, mustCase(t, f32Example, "store(1,0)")},
	} {
		check := func(mark bool) Result {
			t.Helper()
			src := unseen{inner: ref, k: 1, ev: iterator.EvidenceUnrecovered, mark: mark, only: e.c.Program.String()}
			res, _, err := Check([]Property{e.p}, src, ref, e.c)
			require.NoError(t, err)
			return res[0]
		}
		r := check(true)
		assert.Equal(t, report.Held, r.Status, "%s on an unseen access: %v", e.p.ID, r.Violations)
		assert.Equal(t, report.Violated, check(false).Status, "%s on NoAddress without the mark (else the test shows nothing)", e.p.ID)
	}
}

// A load whose guard is on and whose slot showed no byte (a sparse load
// that read no mapped byte) fails the load round trip: the slot does not
// hold the byte at its reference address, seen or not.
func TestRoundTripFailsUnseenLoad(t *testing.T) {
	ref := model(t, "reference")
	c := mustCase(t, f32Example, "load(0,0)")
	res, _, err := Check([]Property{PRoundTrip}, unseen{inner: ref, k: 1, ev: iterator.EvidenceUnrecovered, mark: true}, ref, c)
	require.NoError(t, err)
	r := res[0]
	assert.Equal(t, report.Violated, r.Status)
	if assert.Len(t, r.Violations, 1) {
		assert.Equal(t, 2, r.Violations[0].Thread)
	}
}
