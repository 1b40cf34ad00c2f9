package sweep_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

func TestJoin(t *testing.T) {
	a := &report.Report{Iterator: "cutlass", Class: "RegularTileIterator", Backend: "host", Preset: "quick", Seed: 1, Verdict: report.Fail}
	b := &report.Report{Iterator: "cutlass", Class: "PredicatedTileIterator", Backend: "host", Preset: "quick", Seed: 1, Verdict: report.Pass}
	m, err := sweep.Join([]*report.Report{a, b})
	require.NoError(t, err)
	assert.Equal(t, []*report.Report{a, b}, m.Reports)
	assert.Equal(t, "quick", m.Preset)

	_, err = sweep.Join([]*report.Report{a, a})
	assert.ErrorContains(t, err, "given twice")
	other := *b
	other.Seed = 2
	_, err = sweep.Join([]*report.Report{a, &other})
	assert.ErrorContains(t, err, "seed 2")
	shard := *b
	shard.Shard = json.RawMessage(`{}`)
	_, err = sweep.Join([]*report.Report{a, &shard})
	assert.ErrorContains(t, err, "a shard's report")
	_, err = sweep.Join(nil)
	assert.Error(t, err)
}
