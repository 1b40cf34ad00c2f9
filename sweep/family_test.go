package sweep

import (
	"reflect"
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// A family sweep's report, shrunk counterexamples included, is the same
// for a seed whatever the worker count.
func TestFamilyDeterministicAcrossWorkers(t *testing.T) {
	run := func(workers int) *report.Report {
		r, err := Run(Options{Iterator: "cutlass", Preset: "quick", Seed: 5, Workers: workers, Class: iterator.RegularTileAccess})
		if err != nil {
			t.Fatal(err)
		}
		r.ElapsedS, r.ChecksPerSecond = 0, 0
		return r
	}
	a, b := run(1), run(3)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("reports differ between 1 and 3 workers:\n%+v\n%+v", a.Properties, b.Properties)
	}
}

// The #3487 cross term is unscaled: a family failure shrinks to the
// smallest case, a one-element f32 tile with one thread (B/8 = 4, so the
// cross term moves 1 byte where a tile is 4).
func TestFamilyFailureShrinks(t *testing.T) {
	r := quickClass(t, "cutlass", iterator.PredicatedTileAccess)
	p := status(r, "P-tile")
	if p == nil || p.Counterexample == nil {
		t.Fatalf("P-tile %+v, want a counterexample", p)
	}
	cfg, _ := parseCE(t, p.Counterexample)
	if sh := cfg.PitchShape(); sh.C*sh.S != 1 || cfg.Threads != 1 || cfg.Access != 1 {
		t.Errorf("P-tile counterexample %q not shrunk to a one-element, one-thread tile", p.Counterexample.Config)
	}
}
