package sweep_test

import (
	"slices"
	"sync"
	"testing"

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
	if err != nil {
		t.Fatal(err)
	}
	for _, preset := range []gen.Preset{gen.Quick, gen.Release} {
		// Every RegularTileIterator configuration the sweep asks about.
		rec := newRecordingSource(props.ModelSource(ref), func(q *props.Request) (string, bool) {
			return q.Config.String(), q.Config.Class == iterator.RegularTile
		})
		if _, err := sweep.Run(sweep.Options{Iterator: "reference", Preset: preset, Source: rec}); err != nil {
			t.Fatal(err)
		}
		cfgs, err := gen.ProbeConfigs(preset)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range cfgs {
			got = append(got, c.String())
		}
		if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Errorf("%s: configurations not sorted and distinct", preset)
		}
		for _, k := range got {
			if !rec.seen[k] {
				t.Errorf("%s: the probe lists %s, which the sweep never asks about", preset, k)
			}
			delete(rec.seen, k)
		}
		for k := range rec.seen {
			t.Errorf("%s: the sweep asks about %s, which the probe does not list", preset, k)
		}
		if len(got) == 0 {
			t.Errorf("%s: no configuration", preset)
		}
	}
}
