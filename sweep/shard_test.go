package sweep

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports"
)

// renderUntimed is the JSON report with the two timing fields zeroed: the
// only fields in which two runs of one sweep may differ.
func renderUntimed(t *testing.T, r *report.Report) []byte {
	t.Helper()
	c := *r
	c.ElapsedS, c.ChecksPerSecond = 0, 0
	var b bytes.Buffer
	if err := reports.JSON(&b, &c); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestShardMergeEqualsUnsharded: the quick preset of a failing model (so
// that shrinking and counterexamples are compared too) and of a family
// class, split 3 ways and merged from the shards' JSON, gives byte for byte
// the unsharded report, timings aside.
func TestShardMergeEqualsUnsharded(t *testing.T) {
	for _, c := range []struct {
		model string
		class iterator.Class
	}{{"cutlass", iterator.RegularTile}, {"cutlass-pre3049", iterator.PredicatedTile}} {
		opts := Options{Iterator: c.model, Preset: "quick", Seed: 7, Class: c.class}
		whole, err := Run(opts)
		if err != nil {
			t.Fatal(err)
		}
		const n = 3
		var parts []*report.Report
		for i := n; i >= 1; i-- { // any order
			o := opts
			o.Shard = Shard{Index: i, Count: n}
			r, err := Run(o)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Shard) == 0 {
				t.Fatalf("shard %d/%d report carries no shard state", i, n)
			}
			var buf bytes.Buffer
			if err := reports.JSON(&buf, r); err != nil {
				t.Fatal(err)
			}
			var back report.Report
			if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
				t.Fatal(err)
			}
			parts = append(parts, &back)
		}
		if parts[0].Checks >= whole.Checks {
			t.Errorf("%s: shard %d/%d made %d checks, the whole sweep %d: the shard did not split the work", c.model, n, n, parts[0].Checks, whole.Checks)
		}
		merged, err := Merge(parts)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := renderUntimed(t, merged), renderUntimed(t, whole); !bytes.Equal(got, want) {
			t.Errorf("%s %s: merged shards differ from the unsharded report:\nmerged:\n%s\nunsharded:\n%s", c.model, c.class, got, want)
		}
		if whole.Version == "" || merged.Version != whole.Version {
			t.Errorf("version %q (merged %q): a report made through the library must name the tilecheck that made it", whole.Version, merged.Version)
		}
		if whole.Verdict != report.Fail {
			t.Errorf("%s: verdict %s, want fail (the comparison should cover counterexamples)", c.model, whole.Verdict)
		}
	}
}

func TestMergeRejectsIncompleteShards(t *testing.T) {
	opts := Options{Iterator: "reference", Preset: "quick", Seed: 1, Shard: Shard{Index: 1, Count: 2}}
	r, err := Run(opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Merge([]*report.Report{r}); err == nil {
		t.Error("merging shard 1/2 alone succeeded")
	}
	if _, err := Merge([]*report.Report{r, r}); err == nil {
		t.Error("merging shard 1/2 twice succeeded")
	}
	for _, bad := range []string{"0/2", "3/2", "1", "a/b", "1/0"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

// panicSource is a trace source with a bug.
type panicSource struct{}

func (panicSource) Name() string { return "panics" }
func (panicSource) Traces([]props.Request) ([]props.Response, error) {
	panic("a bug in the trace source")
}

// TestWorkerPanicIsInternalError: a panic on a worker goroutine reaches
// the caller as an *InternalError instead of killing the process.
func TestWorkerPanicIsInternalError(t *testing.T) {
	_, err := Run(Options{Iterator: "panics", Preset: "quick", Seed: 1, Source: panicSource{}})
	var ie *InternalError
	if !errors.As(err, &ie) {
		t.Fatalf("err = %v, want an *InternalError", err)
	}
}

// TestCancelledContextGivesPartialReport: a sweep whose context is
// cancelled returns a report marked interrupted instead of an error.
func TestCancelledContextGivesPartialReport(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Run(Options{Iterator: "reference", Preset: "quick", Seed: 1, Context: ctx})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != report.Interrupted || r.Interrupted == "" {
		t.Errorf("verdict %q, interrupted %q; want a report marked interrupted", r.Verdict, r.Interrupted)
	}
}

// TestRunAllProgressTotalFixed: an all-models, all-classes sweep reports
// progress against a total counted before it starts, which never changes,
// and ends with done == total.
func TestRunAllProgressTotalFixed(t *testing.T) {
	var mu sync.Mutex
	var seen [][2]int
	_, err := RunAll(Options{Preset: "quick", Seed: 1, Classes: []iterator.Class{iterator.RegularTile, iterator.PredicatedTile},
		Progress: func(done, total int) {
			mu.Lock()
			seen = append(seen, [2]int{done, total})
			mu.Unlock()
		}})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 {
		t.Fatal("no progress")
	}
	total := seen[0][1]
	maxDone := 0
	for _, s := range seen {
		if s[1] != total {
			t.Fatalf("total changed from %d to %d", total, s[1])
		}
		maxDone = max(maxDone, s[0])
	}
	if maxDone != total {
		t.Errorf("progress ended at %d of %d", maxDone, total)
	}
}
