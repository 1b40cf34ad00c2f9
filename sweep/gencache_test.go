package sweep

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
)

// TestSharedGenerateOnce: a sharedGen answers a key with the one generation
// it made (the same configurations, not a copy), equal to a fresh one, and
// another class with its own.
func TestSharedGenerateOnce(t *testing.T) {
	opts := Options{Preset: "quick", Seed: 1}
	require.NoError(t, opts.defaults())
	s := &sharedGen{}
	g1, err := s.generate(context.Background(), opts)
	require.NoError(t, err)
	g2, _ := s.generate(context.Background(), opts)
	require.NotEmpty(t, g1.configs)
	require.Same(t, &g1.configs[0], &g2.configs[0], "the same key was generated twice")
	fresh, _ := generate(context.Background(), opts)
	assert.Equal(t, fresh, g1, "the shared generation differs from a fresh one")
	n, _ := (*sharedGen)(nil).generate(context.Background(), opts)
	assert.NotSame(t, &g1.configs[0], &n.configs[0], "a nil sharedGen answered from another's memory")
	other := opts
	other.Class = iterator.PredicatedTile
	g3, _ := s.generate(context.Background(), other)
	assert.NotEqual(t, g1.configs, g3.configs, "another class got the RegularTileIterator configurations")
	other.Seed = 2
	g4, _ := s.generate(context.Background(), other)
	assert.NotEqual(t, g3.random, g4.random, "another seed got the same random cases")
}

// TestRunAllSharesGenerationSameReports: RunAll's sweeps, sharing each
// class's generation, report what each sweep run alone reports.
func TestRunAllSharesGenerationSameReports(t *testing.T) {
	classes := []iterator.Class{iterator.RegularTile, iterator.RegularTileAccess}
	m, err := RunAll(context.Background(), Options{Preset: "quick", Seed: 3, Classes: classes})
	require.NoError(t, err)
	require.Len(t, m.Reports, len(classes)*len(iterator.Builtins()), "a report per class and model")
	models := iterator.Builtins()
	for k, all := range m.Reports { // class by class, model by model
		class, model := classes[k/len(models)], models[k%len(models)].Name()
		require.Equal(t, model, all.Iterator, "report %d's iterator", k)
		alone, err := Run(context.Background(), Options{Iterator: model, Preset: "quick", Seed: 3, Class: class})
		require.NoError(t, err)
		assert.Equal(t, string(renderUntimed(t, alone)), string(renderUntimed(t, all)), "%s (%s): the sweep's report alone and RunAll's", all.Iterator, all.Class)
	}
}
