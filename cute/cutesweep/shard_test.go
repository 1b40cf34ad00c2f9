package cutesweep

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// The shards of a sweep, merged, give the unsharded sweep's report (its
// timings aside): counts, counterexamples, divergences, controls, coverage.
func TestShardsMergeToTheWholeSweep(t *testing.T) {
	var k *Control
	for _, c := range Controls() {
		if c.ID == "C-compose-mode1-stride" {
			k = c
		}
	}
	// Unminimised: each part's first failures are merged as drawn.
	minimiseFailures = false
	defer func() { minimiseFailures = true }()
	// The controls are judged on the sweep's own 150 cases rather than on
	// the quick preset's 3000 (in the whole sweep and in every part): the
	// merge of the kill matrix is what is checked here, not its power,
	// which TestModelSweepPassesAndKillsEveryControl holds at full size.
	presets := PresetCases
	PresetCases = map[string]int{"quick": 150, "release": presets["release"]}
	defer func() { PresetCases = presets }()
	opts := Options{Source: k.AsSource(), Cases: 150, Seed: 9, StaticEvery: 7,
		Ops: []cute.Op{cute.OpComposition, cute.OpCoalesce, cute.OpLogicalDivide}}
	whole := sweepReport(t, opts)
	require.Equal(t, report.Fail, whole.Verdict)
	var parts []*report.Report
	for i := 1; i <= 3; i++ {
		o := opts
		o.Shard = sweep.Shard{Index: i, Count: 3}
		r := sweepReport(t, o)
		require.True(t, IsShard(r))
		parts = append(parts, r)
	}
	parts[0], parts[2] = parts[2], parts[0] // any order
	merged, err := Merge(parts)
	require.NoError(t, err)
	require.Equal(t, comparable(t, whole), comparable(t, merged))

	_, err = Merge(parts[:2])
	require.Error(t, err, "a missing shard")
}

func sweepReport(t *testing.T, o Options) *report.Report {
	t.Helper()
	res, err := Run(context.Background(), o)
	require.NoError(t, err)
	return res.Report()
}

// comparable is r's JSON without its timings.
func comparable(t *testing.T, r *report.Report) string {
	c := *r
	c.ElapsedS, c.ChecksPerSecond = 0, 0
	b, err := json.MarshalIndent(&c, "", " ")
	require.NoError(t, err)
	return string(b)
}
