package props

import (
	"strings"
	"testing"

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
		if err != nil {
			t.Fatal(err)
		}
		return res[0]
	}
	if r := check(ref); r.Status != report.NotApplicable {
		t.Errorf("Go model: %s, want n/a (no evidence to judge)", r.Status)
	}
	if r := check(evidenced{inner: ref}); r.Status != report.Held {
		t.Errorf("clean evidence: %s %v, want pass", r.Status, r.Violations)
	}
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
		if r.Status != report.Violated || len(r.Violations) != 1 || r.Violations[0].Thread != 2 || !strings.Contains(r.Violations[0].Detail, "access 1: "+e.text) {
			t.Errorf("evidence %b: %s %v, want one violation on thread 2 saying %q", e.ev, r.Status, r.Violations, e.text)
		}
	}
}
