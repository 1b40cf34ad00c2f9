package sweep

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
)

// TestSharedGenerateOnce: a sharedGen answers a key with the one generation
// it made (the same configurations, not a copy), equal to a fresh one, and
// another class with its own.
func TestSharedGenerateOnce(t *testing.T) {
	opts := Options{Preset: "quick", Seed: 1}
	if err := opts.defaults(); err != nil {
		t.Fatal(err)
	}
	s := &sharedGen{}
	g1, err := s.generate(opts)
	if err != nil {
		t.Fatal(err)
	}
	g2, _ := s.generate(opts)
	if len(g1.configs) == 0 || &g1.configs[0] != &g2.configs[0] {
		t.Fatal("the same key was generated twice")
	}
	fresh, _ := generate(opts)
	if !reflect.DeepEqual(g1, fresh) {
		t.Error("the shared generation differs from a fresh one")
	}
	if n, _ := (*sharedGen)(nil).generate(opts); &n.configs[0] == &g1.configs[0] {
		t.Error("a nil sharedGen answered from another's memory")
	}
	other := opts
	other.Class = iterator.PredicatedTile
	g3, _ := s.generate(other)
	if reflect.DeepEqual(g3.configs, g1.configs) {
		t.Error("another class got the RegularTileIterator configurations")
	}
	other.Seed = 2
	g4, _ := s.generate(other)
	if reflect.DeepEqual(g4.random, g3.random) {
		t.Error("another seed got the same random cases")
	}
}

// TestRunAllSharesGenerationSameReports: RunAll's sweeps, sharing each
// class's generation, report what each sweep run alone reports.
func TestRunAllSharesGenerationSameReports(t *testing.T) {
	classes := []iterator.Class{iterator.RegularTile, iterator.RegularTileAccess}
	m, err := RunAll(Options{Preset: "quick", Seed: 3, Classes: classes})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Reports) != len(classes)*len(iterator.Builtins()) {
		t.Fatalf("%d reports, want %d", len(m.Reports), len(classes)*len(iterator.Builtins()))
	}
	models := iterator.Builtins()
	for k, all := range m.Reports { // class by class, model by model
		class, model := classes[k/len(models)], models[k%len(models)].Name()
		if all.Iterator != model {
			t.Fatalf("report %d is of %s, want %s", k, all.Iterator, model)
		}
		alone, err := Run(Options{Iterator: model, Preset: "quick", Seed: 3, Class: class})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(renderUntimed(t, all), renderUntimed(t, alone)) {
			t.Errorf("%s (%s): RunAll's report differs from the sweep's alone", all.Iterator, all.Class)
		}
	}
}
