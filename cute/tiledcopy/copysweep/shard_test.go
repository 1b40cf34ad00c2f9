package copysweep

import (
	"context"
	"testing"

	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// Three shards merged give the unsharded sweep's report, but for the
// elapsed time; a counterexample keeps the smallest case (here a
// control's, replayed as the source under test).
func TestShardsMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("sweeps eight times")
	}
	for _, opts := range []Options{{Source: Model{}, Cases: 200, Seed: 5}, {Source: ByID("C-pred-off-by-one").AsSource(), Cases: 60, Seed: 5}} {
		src := opts.Source
		whole, err := Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		var parts []*report.Report
		for i := 1; i <= 3; i++ {
			o := opts
			o.Shard = sweep.Shard{Index: i, Count: 3}
			r, err := Run(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			rep := r.Report()
			if !IsShard(rep) {
				t.Fatalf("shard %d's report carries no state", i)
			}
			parts = append(parts, rep)
		}
		parts[0], parts[2] = parts[2], parts[0] // Merge sorts them
		m, err := Merge(parts)
		if err != nil {
			t.Fatal(err)
		}
		w := whole.Report()
		if m.Checks != w.Checks || m.Configs != w.Configs || m.Verdict != w.Verdict || len(m.Properties) != len(w.Properties) {
			t.Fatalf("%s: merged %+v\nwhole %+v", src.Name(), m, w)
		}
		for k := range w.Properties {
			a, b := m.Properties[k], w.Properties[k]
			if a.Violations != b.Violations || (a.Counterexample == nil) != (b.Counterexample == nil) ||
				a.Counterexample != nil && a.Counterexample.Config != b.Counterexample.Config {
				t.Errorf("%s %s: merged %+v, whole %+v", src.Name(), a.ID, a, b)
			}
		}
		for k := range w.Coverage {
			if m.Coverage[k] != w.Coverage[k] {
				t.Errorf("coverage %s: merged %+v, whole %+v", w.Coverage[k].Class, m.Coverage[k], w.Coverage[k])
			}
		}
	}
	if _, err := Merge(nil); err == nil {
		t.Error("merged no shards")
	}
}
