package mytile_test

import (
	"os"
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports"
	"github.com/tilecheck/tilecheck/sweep"
)

// A whole sweep: every property, control and coverage floor.
func TestMyIteratorSweep(t *testing.T) {
	rep, err := sweep.Run(t.Context(), sweep.Options{
		Iterator: "my-iterator", Preset: "quick", Seed: 1,
		Source: props.ModelSource(myIterator{}), // your iterator.Model
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Verdict != report.Pass {
		reports.Text(os.Stderr, rep) // with shrunk counterexamples
		t.Errorf("verdict %s", rep.Verdict)
	}
}

// One case, one property: a regression test for a bug you fixed.
func TestLoadStoreAgree(t *testing.T) {
	cfg, err := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := iterator.ParseProgram("load(1,0);store(1,0)")
	if err != nil {
		t.Fatal(err)
	}
	results, err := sweep.Check(sweep.CheckOptions{
		Source: props.ModelSource(myIterator{}), Config: cfg, Program: prog,
		Property: "P-sym", Thread: -1, // -1: every thread
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if r.Status == report.Violated {
			v := r.Violations[0]
			t.Errorf("%s, thread %d: expected %v, got %v", r.ID, v.Thread, v.Expected, v.Actual)
		}
	}
}
