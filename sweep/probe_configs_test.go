package sweep_test

import (
	"context"
	"maps"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/sweep"
)

// recordingSource answers with a Go model and remembers the key of every
// request it was asked for (key returns false for a request not kept).
type recordingSource struct {
	props.Source
	key  func(q *props.Request) (string, bool)
	mu   sync.Mutex
	seen map[string]bool
}

func newRecordingSource(src props.Source, key func(q *props.Request) (string, bool)) *recordingSource {
	return &recordingSource{Source: src, key: key, seen: map[string]bool{}}
}

func (r *recordingSource) Traces(reqs []props.Request) ([]props.Response, error) {
	r.mu.Lock()
	for i := range reqs {
		if k, ok := r.key(&reqs[i]); ok {
			r.seen[k] = true
		}
	}
	r.mu.Unlock()
	return r.Source.Traces(reqs)
}

// A compiled probe of a preset instantiates exactly the configurations a
// sweep of the preset asks its trace source about (gen.ProbeConfigs lists
// them without running the sweep), once each, in the order of their text.
func TestProbeConfigsAreWhatASweepAsks(t *testing.T) {
	ref, err := iterator.ModelByName("reference")
	require.NoError(t, err)
	for _, preset := range []gen.Preset{gen.Quick, gen.Release} {
		// Every RegularTileIterator configuration the sweep asks about.
		rec := newRecordingSource(props.ModelSource(ref), func(q *props.Request) (string, bool) {
			return q.Config.String(), q.Config.Class == iterator.RegularTile
		})
		_, err := sweep.Run(context.Background(), sweep.Options{Iterator: "reference", Preset: preset, Source: rec})
		require.NoError(t, err)
		cfgs, err := gen.ProbeConfigs(preset)
		require.NoError(t, err)
		var got []string
		for _, c := range cfgs {
			got = append(got, c.String())
		}
		assert.True(t, slices.IsSorted(got), "%s: configurations not sorted", preset)
		assert.Len(t, slices.Compact(slices.Clone(got)), len(got), "%s: configurations not distinct", preset)
		assert.ElementsMatch(t, slices.Collect(maps.Keys(rec.seen)), got, "%s: the configurations the sweep asks about, and the probe's", preset)
		assert.NotEmpty(t, got, "%s: no configuration", preset)
	}
}
