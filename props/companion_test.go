package props

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// tampered answers like inner, then lets edit change the trace of one
// thread (a deep copy: the model's traces stay as they were).
type tampered struct {
	inner  Source
	thread int
	edit   func(tr *iterator.ThreadTrace)
}

func (s tampered) Name() string { return "tampered " + s.inner.Name() }

func (s tampered) Traces(reqs []Request) ([]Response, error) {
	resps, err := s.inner.Traces(reqs)
	if err != nil {
		return nil, err
	}
	for i, r := range reqs {
		for k, th := range r.Threads {
			if th != s.thread || resps[i].Err != nil {
				continue
			}
			tr := resps[i].Traces[k]
			tr.Records = slices.Clone(tr.Records)
			for j := range tr.Records {
				tr.Records[j].Addrs = slices.Clone(tr.Records[j].Addrs)
				tr.Records[j].Valid = slices.Clone(tr.Records[j].Valid)
			}
			s.edit(&tr)
			resps[i].Traces[k] = tr
		}
	}
	return resps, nil
}

func judgeCompanionCase(t *testing.T, src, companion Source, c Case) (Result, outcome) {
	t.Helper()
	res, o, err := Check([]Property{Companion(companion)}, src, nil, c)
	require.NoError(t, err)
	return res[0], o
}

// TestCompanionPassesOnIdenticalTraces: a model judged against itself
// passes, every access compared (regular and predicated classes).
func TestCompanionPassesOnIdenticalTraces(t *testing.T) {
	cases := []Case{
		mustCase(t, f32Example, "load(1,0);++;store(0,0)"),
		mustCase(t, traverseConfigs[1], "accesses();++;accesses()"),
	}
	for _, name := range []string{"reference", "cutlass"} {
		for _, c := range cases {
			r, o := judgeCompanionCase(t, model(t, name), model(t, name), c)
			assert.Equal(t, report.Held, r.Status, "%s %s", name, c.Config)
			assert.Empty(t, r.Violations, "%s %s", name, c.Config)
			// 32 threads, each with at least one access per record.
			assert.GreaterOrEqual(t, o.Checks, int64(32), "%s %s: checks, want every thread's accesses compared", name, c.Config)
		}
	}
}

// TestCompanionKillsOneAddressOff: a companion that differs from the
// source by one address of one thread fails the property there only, with
// both addresses in the violation.
func TestCompanionKillsOneAddressOff(t *testing.T) {
	c := mustCase(t, f32Example, "load(1,0);store(0,0)")
	ref := model(t, "reference")
	tr, err := iterator.TraceThreads(mustModel(t, "reference"), c.Config, c.Program, []int{5})
	require.NoError(t, err)
	orig := tr[0].Records[1].Addrs[2]
	off := tampered{inner: ref, thread: 5, edit: func(tr *iterator.ThreadTrace) { tr.Records[1].Addrs[2]++ }}
	r, _ := judgeCompanionCase(t, ref, off, c)
	require.Equal(t, report.Violated, r.Status)
	require.Len(t, r.Violations, 1)
	v := r.Violations[0]
	assert.Equal(t, CompanionID, v.Property)
	assert.Equal(t, 5, v.Thread)
	assert.Equal(t, 1, v.Op)
	assert.Equal(t, orig+1, v.Expected[2], "access 2's expected address")
	assert.Equal(t, orig, v.Actual[2], "access 2's actual address")
	assert.NotEmpty(t, v.Detail)
}

// TestCompanionKillsWidthGuardAndRecord: the width, a guard and a missing
// record are compared too.
func TestCompanionKillsWidthGuardAndRecord(t *testing.T) {
	edits := map[string]func(tr *iterator.ThreadTrace){
		"width":  func(tr *iterator.ThreadTrace) { tr.Records[0].AccessBytes *= 2 },
		"guard":  func(tr *iterator.ThreadTrace) { tr.Records[0].Valid[0] = !tr.Records[0].Valid[0] },
		"record": func(tr *iterator.ThreadTrace) { tr.Records = tr.Records[:1] },
		"surplus": func(tr *iterator.ThreadTrace) {
			tr.Records = append(tr.Records, iterator.Record{Op: 1, Addrs: []int64{0}})
		},
	}
	ref := model(t, "reference")
	for what, edit := range edits {
		// Each edit gets its own case: the surplus edit changes its case, and
		// on a shared one the edits after it in map order would judge a
		// program with one record, where dropping the second changes nothing.
		c := mustCase(t, traverseConfigs[1], "accesses();accesses()")
		src, comp := ref, Source(tampered{inner: ref, thread: 3, edit: edit})
		if what == "surplus" {
			// The source under test makes an access the companion does not.
			c = mustCase(t, traverseConfigs[1], "accesses();++")
			src, comp = comp, ref
		}
		r, _ := judgeCompanionCase(t, src, comp, c)
		assert.Equal(t, report.Violated, r.Status, what)
		if assert.Len(t, r.Violations, 1, what) {
			assert.Equal(t, 3, r.Violations[0].Thread, what)
		}
	}
}

func mustModel(t *testing.T, name string) iterator.Model {
	t.Helper()
	m, err := iterator.ModelByName(name)
	require.NoError(t, err)
	return m
}
