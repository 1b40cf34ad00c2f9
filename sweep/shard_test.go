package sweep

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
	require.NoError(t, reports.JSON(&b, &c))
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
		whole, err := Run(context.Background(), opts)
		require.NoError(t, err)
		const n = 3
		var parts []*report.Report
		for i := n; i >= 1; i-- { // any order
			o := opts
			o.Shard = Shard{Index: i, Count: n}
			r, err := Run(context.Background(), o)
			require.NoError(t, err)
			require.NotEmpty(t, r.Shard, "shard %d/%d report carries no shard state", i, n)
			var buf bytes.Buffer
			require.NoError(t, reports.JSON(&buf, r))
			var back report.Report
			require.NoError(t, json.Unmarshal(buf.Bytes(), &back))
			parts = append(parts, &back)
		}
		assert.Less(t, parts[0].Checks, whole.Checks, "%s: shard %d/%d's checks against the whole sweep's: the shard did not split the work", c.model, n, n)
		merged, err := Merge(parts)
		require.NoError(t, err)
		assert.Equal(t, string(renderUntimed(t, whole)), string(renderUntimed(t, merged)), "%s %s: the unsharded report and the merged shards'", c.model, c.class)
		assert.NotEmpty(t, whole.Version, "a report made through the library must name the tilecheck that made it")
		assert.Equal(t, whole.Version, merged.Version, "the merged report's version")
		assert.Equal(t, report.Fail, whole.Verdict, "%s: the comparison should cover counterexamples", c.model)
	}
}

func TestMergeRejectsIncompleteShards(t *testing.T) {
	opts := Options{Iterator: "reference", Preset: "quick", Seed: 1, Shard: Shard{Index: 1, Count: 2}}
	r, err := Run(context.Background(), opts)
	require.NoError(t, err)
	_, err = Merge([]*report.Report{r})
	assert.Error(t, err, "merging shard 1/2 alone succeeded")
	_, err = Merge([]*report.Report{r, r})
	assert.Error(t, err, "merging shard 1/2 twice succeeded")
	for _, bad := range []string{"0/2", "3/2", "1", "a/b", "1/0"} {
		_, err := ParseShard(bad)
		assert.Error(t, err, "ParseShard(%q) accepted", bad)
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
	_, err := Run(context.Background(), Options{Iterator: "panics", Preset: "quick", Seed: 1, Source: panicSource{}})
	var ie *InternalError
	require.ErrorAs(t, err, &ie)
}

// TestCancelledContextGivesPartialReport: a sweep whose context is
// cancelled returns a report marked interrupted instead of an error.
func TestCancelledContextGivesPartialReport(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Run(ctx, Options{Iterator: "reference", Preset: "quick", Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, report.Interrupted, r.Verdict)
	assert.NotEmpty(t, r.Interrupted, "want a report marked interrupted")
}

// TestRunAllProgressTotalFixed: an all-models, all-classes sweep reports
// progress against a total counted before it starts, which never changes,
// and ends with done == total.
func TestRunAllProgressTotalFixed(t *testing.T) {
	var mu sync.Mutex
	var seen [][2]int
	_, err := RunAll(context.Background(), Options{Preset: "quick", Seed: 1, Classes: []iterator.Class{iterator.RegularTile, iterator.PredicatedTile},
		Progress: func(done, total int) {
			mu.Lock()
			seen = append(seen, [2]int{done, total})
			mu.Unlock()
		}})
	require.NoError(t, err)
	require.NotEmpty(t, seen, "no progress")
	total := seen[0][1]
	maxDone := 0
	for _, s := range seen {
		require.Equal(t, total, s[1], "the total changed")
		maxDone = max(maxDone, s[0])
	}
	assert.Equal(t, total, maxDone, "where progress ended")
}
