package props

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// evidenced is the reference's traces as a compiled source would record
// them, with evidence: clean, except what mark sets on thread 2.
type evidenced struct {
	inner Source
	mark  func(*iterator.Record)
}

func (e evidenced) Name() string { return "evidenced " + e.inner.Name() }

func (e evidenced) Traces(reqs []Request) ([]Response, error) {
	resps, err := e.inner.Traces(reqs)
	for i := range resps {
		for k := range resps[i].Traces {
			tr := &resps[i].Traces[k]
			recs := make([]iterator.Record, len(tr.Records))
			copy(recs, tr.Records)
			for r := range recs {
				recs[r].Evidence = make([]iterator.AccessEvidence, len(recs[r].Addrs))
				if tr.Thread == 2 && r == 0 && e.mark != nil {
					e.mark(&recs[r])
				}
			}
			tr.Records = recs
		}
	}
	return resps, err
}

// P-recovered kills a compiled trace with a torn, short, lost or unrecorded
// access, and passes clean evidence; a Go model, which has none, is not
// judged.
func TestRecoveredKillsLostAccesses(t *testing.T) {
	c := mustCase(t, f32Example, "load(1,0)")
	ref := model(t, "reference")
	check := func(src Source) Result {
		t.Helper()
		res, _, err := Check([]Property{PRecovered}, src, nil, c)
		require.NoError(t, err)
		return res[0]
	}
	assert.Equal(t, report.NotApplicable, check(ref).Status, "Go model (no evidence to judge)")
	r := check(evidenced{inner: ref})
	assert.Equal(t, report.Held, r.Status, "clean evidence: %v", r.Violations)
	for _, e := range []struct {
		ev   iterator.AccessEvidence
		text string
	}{
		{iterator.EvidenceByteCount, "byte count differs from A"},
		{iterator.EvidenceIncoherent, "bytes not from consecutive addresses"},
		{iterator.EvidenceUnrecovered | iterator.EvidenceByteCount, "no byte of the access found in memory; byte count differs from A"},
		{iterator.EvidenceMissing, "no record for this access"},
	} {
		r := check(evidenced{inner: ref, mark: func(r *iterator.Record) { r.Evidence[1] = e.ev }})
		assert.Equal(t, report.Violated, r.Status, "evidence %b", e.ev)
		if assert.Len(t, r.Violations, 1, "evidence %b", e.ev) {
			assert.Equal(t, 2, r.Violations[0].Thread, "evidence %b", e.ev)
			assert.Contains(t, r.Violations[0].Detail, "access 1: "+e.text, "evidence %b", e.ev)
		}
	}
}

// overlapped is the reference with thread 2's first record made to access
// the same bytes twice (its second access at its first's address), as an
// Alignment override that overlaps a store's accesses does.
type overlapped struct{ inner Source }

func (o overlapped) Name() string { return "overlapped " + o.inner.Name() }

func (o overlapped) Traces(reqs []Request) ([]Response, error) {
	resps, err := o.inner.Traces(reqs)
	for i := range resps {
		for k := range resps[i].Traces {
			tr := &resps[i].Traces[k]
			if tr.Thread != 2 {
				continue
			}
			recs := make([]iterator.Record, len(tr.Records))
			copy(recs, tr.Records)
			recs[0].Addrs = append([]int64{}, recs[0].Addrs...)
			recs[0].Addrs[1] = recs[0].Addrs[0]
			tr.Records = recs
		}
	}
	return resps, err
}

// P-recovered given the companion model: a byte count that differs, or an
// access of which no byte survived, is what the model predicts where its
// own accesses overlap, so it is no violation there; without the companion,
// or where the companion's accesses do not overlap, the same evidence is
// one, and an incoherent access is one even where they do.
func TestRecoveredGivenCompanionExplainsOverlap(t *testing.T) {
	c := mustCase(t, f32Example, "load(1,0)")
	ref := model(t, "reference")
	check := func(p Property, ev iterator.AccessEvidence) Result {
		t.Helper()
		res, _, err := Check([]Property{p}, evidenced{inner: ref, mark: func(r *iterator.Record) { r.Evidence[1] = ev }}, nil, c)
		require.NoError(t, err)
		return res[0]
	}
	for _, e := range []struct {
		name string
		p    Property
		ev   iterator.AccessEvidence
		want report.Status
	}{
		{"byte count, overlapping companion", Recovered(overlapped{ref}), iterator.EvidenceByteCount, report.Held},
		{"no byte left, overlapping companion", Recovered(overlapped{ref}), iterator.EvidenceUnrecovered | iterator.EvidenceByteCount, report.Held},
		{"byte count, no companion", PRecovered, iterator.EvidenceByteCount, report.Violated},
		{"byte count, companion without overlap", Recovered(ref), iterator.EvidenceByteCount, report.Violated},
		{"incoherent, overlapping companion", Recovered(overlapped{ref}), iterator.EvidenceIncoherent | iterator.EvidenceByteCount, report.Violated},
	} {
		r := check(e.p, e.ev)
		assert.Equal(t, e.want, r.Status, "%s: %v", e.name, r.Violations)
		if e.want == report.Violated && assert.Len(t, r.Violations, 1, e.name) {
			assert.Equal(t, 2, r.Violations[0].Thread, e.name)
		}
	}
	if r := check(Recovered(overlapped{ref}), iterator.EvidenceIncoherent|iterator.EvidenceByteCount); len(r.Violations) == 1 {
		assert.True(t, strings.HasSuffix(r.Violations[0].Detail, "access 1: bytes not from consecutive addresses"),
			"detail %q: want only what the overlap does not explain", r.Violations[0].Detail)
	}
}
