package sweep

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// silentSource stands in for compiled code: the model's addresses without
// its overflow and truncation records (C++ wraps and truncates silently).
// With shift set, stores on f16 configurations land one byte later, as a
// compiled iterator that differs from its companion model would.
type silentSource struct {
	inner props.Source
	shift bool
	calls int
}

func (s *silentSource) Name() string    { return "silent:" + s.inner.Name() }
func (s *silentSource) Backend() string { return "host" }

// Uncompilable: everything "compiles" (with Backend, it makes silentSource a
// props.CompiledSource).
func (s *silentSource) Uncompilable() []string { return nil }

func (s *silentSource) Traces(reqs []props.Request) ([]props.Response, error) {
	s.calls++
	resps, err := s.inner.Traces(reqs)
	if err != nil {
		return nil, err
	}
	for i, r := range resps {
		for t := range r.Traces {
			tr := &r.Traces[t]
			tr.Overflows, tr.Inexact = nil, nil
			recs := make([]iterator.Record, len(tr.Records))
			for k, rec := range tr.Records {
				rec.Inexact = nil
				if s.shift && rec.Kind == "store" && reqs[i].Config.Elem.Name == "f16" {
					addrs := make([]int64, len(rec.Addrs))
					for a, x := range rec.Addrs {
						addrs[a] = x + 1
					}
					rec.Addrs = addrs
				}
				recs[k] = rec
			}
			tr.Records = recs
		}
	}
	return resps, nil
}

func statusOf(r *report.Report, id string) string {
	for _, p := range r.Properties {
		if p.ID == id {
			return p.Status.String()
		}
	}
	return ""
}

// TestCompiledImportsCompanionArithmetic: a source whose traces lack the
// overflow/truncation records gets them from its companion model where the
// addresses agree, so P-index and P-exact fail on cutlass as in the Go
// sweep (CUTLASS's int32 increments overflow at 2^31-byte pitches, its
// sub-byte rows truncate: docs/contract.md#cutlass); and the whole preset
// is fetched in one call.
func TestCompiledImportsCompanionArithmetic(t *testing.T) {
	m, _ := iterator.ModelByName("cutlass")
	src := &silentSource{inner: props.ModelSource(m)}
	rep, err := RunCompiled(context.Background(), CompiledOptions{Options: Options{Iterator: "cutlass", Preset: "quick", Source: src}, Companion: "cutlass"})
	require.NoError(t, err)
	assert.Equal(t, 1, src.calls, "times the source was asked (one prefetch of the preset)")
	for _, id := range []string{"P-index", "P-exact"} {
		assert.Equal(t, "fail", statusOf(rep, id), "%s with imported arithmetic", id)
	}
	assert.Equal(t, "host", rep.Backend, "the report's back end is the source's")
	for _, a := range rep.Audit {
		assert.NotEqual(t, unjudgedTopic, a.Topic, "addresses agree everywhere, but the audit says %+v", a)
	}
	assert.Equal(t, "pass", statusOf(rep, props.CompanionID), "%s where every address equals the companion's", props.CompanionID)
}

// TestCompiledUnjudgedWhereAddressesDiffer: where the compiled addresses
// differ from the companion's, nothing is imported and the audit says
// P-index/P-exact could not be judged there.
func TestCompiledUnjudgedWhereAddressesDiffer(t *testing.T) {
	m, _ := iterator.ModelByName("reference")
	src := &silentSource{inner: props.ModelSource(m), shift: true}
	rep, err := RunCompiled(context.Background(), CompiledOptions{Options: Options{Iterator: "reference", Preset: "quick", Source: src}, Companion: "reference",
		ReplayFlags: "--backend host"})
	require.NoError(t, err)
	found := false
	for _, a := range rep.Audit {
		found = found || (a.Topic == unjudgedTopic && a.Count > 0)
	}
	assert.True(t, found, "no %s audit entry: %+v", unjudgedTopic, rep.Audit)
	companionReplays(t, rep, src)
	// The shifted stores break the reference: P-oracle fails, and its
	// replay names the back end.
	for _, p := range rep.Properties {
		if p.ID == "P-oracle" {
			assert.Equal(t, report.Violated, p.Status, "P-oracle %+v", p)
			if assert.NotNil(t, p.Counterexample, "P-oracle %+v", p) {
				assert.True(t, strings.HasPrefix(p.Counterexample.Replay.String(), "tilecheck check --backend host --"),
					"P-oracle's replay %s names the back end", p.Counterexample.Replay)
			}
		}
	}
}

// TestCompiledChunksGiveTheSameReport: fetched chunk by chunk (and dropped
// two chunks behind), the compiled sweep's report is the one-chunk report,
// audit counts included.
func TestCompiledChunksGiveTheSameReport(t *testing.T) {
	m, _ := iterator.ModelByName("reference")
	sweepWith := func(chunk int) (*report.Report, int) {
		saved := chunkBatches
		chunkBatches = chunk
		defer func() { chunkBatches = saved }()
		src := &silentSource{inner: props.ModelSource(m), shift: true}
		rep, err := RunCompiled(context.Background(), CompiledOptions{Options: Options{Iterator: "reference", Preset: "quick", Source: src, Workers: 2}, Companion: "reference"})
		require.NoError(t, err)
		rep.ElapsedS, rep.ChecksPerSecond = 0, 0
		return rep, src.calls
	}
	one, calls1 := sweepWith(1000)
	many, callsN := sweepWith(2)
	require.Equal(t, 1, calls1, "source calls with one chunk")
	require.GreaterOrEqual(t, callsN, 3, "source calls with chunks of 2 batches")
	a, _ := json.MarshalIndent(one, "", "  ")
	b, _ := json.MarshalIndent(many, "", "  ")
	assert.Equal(t, string(a), string(b), "the report of one chunk and of chunks of 2 batches")
}

// nothingSource runs nothing, like compiled code for a class without a
// rendition.
type nothingSource struct{}

func (nothingSource) Name() string { return "nothing" }
func (nothingSource) Traces(reqs []props.Request) ([]props.Response, error) {
	out := make([]props.Response, len(reqs))
	for i := range out {
		out[i].Err = &iterator.UnavailableError{Path: "compiled probe: no rendition", Reason: "test"}
	}
	return out, nil
}

// TestCompiledNothingRunIsAnError: a compiled sweep in which no case ran is
// an error naming why, never a pass.
func TestCompiledNothingRunIsAnError(t *testing.T) {
	_, err := RunCompiled(context.Background(), CompiledOptions{Options: Options{Iterator: "reference", Preset: "quick", Source: nothingSource{}}, Companion: "reference"})
	require.ErrorContains(t, err, "no rendition", "want an error naming the unavailable path")
}

// companionReplays: P-companion fails a source whose f16 stores are one
// byte off its companion's, with a counterexample whose replay, checked
// on the same source, fails P-companion again.
func companionReplays(t *testing.T, rep *report.Report, src props.Source) {
	t.Helper()
	var cp *report.Property
	for i := range rep.Properties {
		if rep.Properties[i].ID == props.CompanionID {
			cp = &rep.Properties[i]
		}
	}
	require.NotNil(t, cp, "no %s", props.CompanionID)
	require.Equal(t, report.Violated, cp.Status, "%s: %+v", props.CompanionID, cp)
	require.NotNil(t, cp.Counterexample, "%s: a failure with a counterexample", props.CompanionID)
	ce := cp.Counterexample
	assert.Contains(t, ce.Ops, "store", "counterexample %+v: want a store", ce)
	if assert.NotEmpty(t, ce.Expected, "counterexample %+v", ce) && assert.Len(t, ce.Actual, len(ce.Expected), "counterexample %+v", ce) {
		assert.Equal(t, ce.Expected[0]+1, ce.Actual[0], "counterexample %+v: want a store one byte past the companion's", ce)
	}
	co, err := ReplayCheck(ce.Replay, src)
	require.NoError(t, err)
	res, err := Check(co)
	require.NoError(t, err)
	if assert.Len(t, res, 1, "replay %s", ce.Replay) {
		assert.Equal(t, props.CompanionID, res[0].ID, "replay %s", ce.Replay)
		assert.Equal(t, report.Violated, res[0].Status, "replay %s", ce.Replay)
	}
}

// TestGoSweepHasNoCompanion: a Go sweep lists no P-companion (a model is
// its own companion), nor does a check of a Go model.
func TestGoSweepHasNoCompanion(t *testing.T) {
	rep, err := Run(context.Background(), Options{Iterator: "reference", Preset: "quick", Class: iterator.RegularTileAccess, KillOnly: true})
	require.NoError(t, err)
	assert.NotEmpty(t, rep.Properties, "Go sweep properties")
	assert.Empty(t, statusOf(rep, props.CompanionID), "Go sweep properties: want none of them %s", props.CompanionID)
	cfg, err := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	require.NoError(t, err)
	res, err := Check(CheckOptions{Iterator: "reference", Config: cfg, Program: iterator.Program{{Kind: iterator.Load}}, Thread: -1})
	require.NoError(t, err)
	for _, r := range res {
		assert.NotEqual(t, props.CompanionID, r.ID, "a Go check judged it")
	}
	assert.NotEmpty(t, res, "the check judged nothing")
}
