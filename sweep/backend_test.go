package sweep

import (
	"encoding/json"
	"strings"
	"testing"

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
// sweep (SPEC: CUTLASS's int32 increments overflow at 2^31-byte pitches,
// its sub-byte rows truncate); and the whole preset is fetched in one call.
func TestCompiledImportsCompanionArithmetic(t *testing.T) {
	m, _ := iterator.ModelByName("cutlass")
	src := &silentSource{inner: props.ModelSource(m)}
	rep, err := RunCompiled(CompiledOptions{Options: Options{Iterator: "cutlass", Preset: "quick", Source: src}, Companion: "cutlass"})
	if err != nil {
		t.Fatal(err)
	}
	if src.calls != 1 {
		t.Errorf("the source was asked %d times, want once (one prefetch of the preset)", src.calls)
	}
	for _, id := range []string{"P-index", "P-exact"} {
		if got := statusOf(rep, id); got != "fail" {
			t.Errorf("%s = %s with imported arithmetic, want fail", id, got)
		}
	}
	if rep.Backend != "host" {
		t.Errorf("backend %q, want the source's", rep.Backend)
	}
	for _, a := range rep.Audit {
		if a.Topic == unjudgedTopic {
			t.Errorf("addresses agree everywhere, but the audit says %+v", a)
		}
	}
	if got := statusOf(rep, props.CompanionID); got != "pass" {
		t.Errorf("%s = %s where every address equals the companion's, want pass", props.CompanionID, got)
	}
}

// TestCompiledUnjudgedWhereAddressesDiffer: where the compiled addresses
// differ from the companion's, nothing is imported and the audit says
// P-index/P-exact could not be judged there.
func TestCompiledUnjudgedWhereAddressesDiffer(t *testing.T) {
	m, _ := iterator.ModelByName("reference")
	src := &silentSource{inner: props.ModelSource(m), shift: true}
	rep, err := RunCompiled(CompiledOptions{Options: Options{Iterator: "reference", Preset: "quick", Source: src}, Companion: "reference",
		ReplayFlags: "--backend host"})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, a := range rep.Audit {
		found = found || (a.Topic == unjudgedTopic && a.Count > 0)
	}
	if !found {
		t.Errorf("no %s audit entry: %+v", unjudgedTopic, rep.Audit)
	}
	companionReplays(t, rep, src)
	// The shifted stores break the reference: P-oracle fails, and its
	// replay names the back end.
	for _, p := range rep.Properties {
		if p.ID == "P-oracle" {
			if p.Status != report.Violated || p.Counterexample == nil || p.Counterexample.Replay.String()[:33] != "tilecheck check --backend host --" {
				t.Errorf("P-oracle %+v", p)
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
		rep, err := RunCompiled(CompiledOptions{Options: Options{Iterator: "reference", Preset: "quick", Source: src, Workers: 2}, Companion: "reference"})
		if err != nil {
			t.Fatal(err)
		}
		rep.ElapsedS, rep.ChecksPerSecond = 0, 0
		return rep, src.calls
	}
	one, calls1 := sweepWith(1000)
	many, callsN := sweepWith(2)
	if calls1 != 1 || callsN < 3 {
		t.Fatalf("source calls: %d with one chunk, %d with chunks of 2 batches", calls1, callsN)
	}
	a, _ := json.Marshal(one)
	b, _ := json.Marshal(many)
	if string(a) != string(b) {
		t.Errorf("reports differ:\n%s\n%s", a, b)
	}
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
	_, err := RunCompiled(CompiledOptions{Options: Options{Iterator: "reference", Preset: "quick", Source: nothingSource{}}, Companion: "reference"})
	if err == nil || !strings.Contains(err.Error(), "no rendition") {
		t.Fatalf("err = %v, want an error naming the unavailable path", err)
	}
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
	if cp == nil || cp.Status != report.Violated || cp.Counterexample == nil {
		t.Fatalf("%s: %+v, want a failure with a counterexample", props.CompanionID, cp)
	}
	ce := cp.Counterexample
	if !strings.Contains(ce.Ops, "store") || len(ce.Expected) == 0 || len(ce.Actual) != len(ce.Expected) || ce.Actual[0] != ce.Expected[0]+1 {
		t.Errorf("counterexample %+v: want a store one byte past the companion's", ce)
	}
	co, err := ReplayCheck(ce.Replay, src)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Check(co)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].ID != props.CompanionID || res[0].Status != report.Violated {
		t.Errorf("replay %s: %+v, want %s fail", ce.Replay, res, props.CompanionID)
	}
}

// TestGoSweepHasNoCompanion: a Go sweep lists no P-companion (a model is
// its own companion), nor does a check of a Go model.
func TestGoSweepHasNoCompanion(t *testing.T) {
	rep, err := Run(Options{Iterator: "reference", Preset: "quick", Class: iterator.RegularTileAccess, KillOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Properties) == 0 || statusOf(rep, props.CompanionID) != "" {
		t.Errorf("Go sweep properties %+v: want some, none of them %s", rep.Properties, props.CompanionID)
	}
	cfg, err := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Check(CheckOptions{Iterator: "reference", Config: cfg, Program: iterator.Program{{Kind: iterator.Load}}, Thread: -1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.ID == props.CompanionID {
			t.Errorf("a Go check judged %s", r.ID)
		}
	}
	if len(res) == 0 {
		t.Error("the check judged nothing")
	}
}
