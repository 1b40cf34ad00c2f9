package sweep_test

import (
	"sync"
	"testing"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// givenProbeCases are the representative probe's first configurations,
// every program on every thread, as the compiled probe judges them.
func givenProbeCases(t *testing.T, configs int) ([]props.Case, map[string]bool) {
	t.Helper()
	pcs, err := gen.ProbeClassCases(gen.Representative, []iterator.Class{iterator.RegularTile})
	if err != nil {
		t.Fatal(err)
	}
	var cases []props.Case
	pairs := map[string]bool{}
	for _, pc := range pcs[:configs] {
		for _, prog := range pc.Programs {
			c, err := props.NewCase(pc.Config, prog, nil)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, c)
			pairs[pc.Config.String()+" | "+prog.String()] = true
		}
	}
	return cases, pairs
}

// TestGivenCasesJudgeExactlyThem: a sweep handed its cases (Options.Cases)
// asks its source for those cases' programs and no other, judges each once
// (Observe sees every index once, and the report counts what the outcomes
// judged and violated), runs no control and measures no coverage. A model
// the property holds for passes it; a control of other code than the
// reference fails it on the same cases.
func TestGivenCasesJudgeExactlyThem(t *testing.T) {
	cases, pairs := givenProbeCases(t, 6)
	for _, c := range []struct {
		model string
		want  report.Status
	}{{"reference", report.Held}, {"C-load-div", report.Violated}} {
		m, err := iterator.ModelByName(c.model)
		if err != nil {
			t.Fatal(err)
		}
		// Every (configuration, program) pair the sweep asks for.
		src := newRecordingSource(props.ModelSource(m), func(q *props.Request) (string, bool) {
			return q.Config.String() + " | " + q.Program.String(), true
		})
		var mu sync.Mutex
		seen := make([]int, len(cases))
		var judged, violations int64
		rep, err := sweep.Run(sweep.Options{Source: src, Cases: cases, KillOnly: true, Workers: 3,
			Properties: []props.Property{props.PRoundTrip},
			Observe: func(i int, o props.Outcome) {
				mu.Lock()
				defer mu.Unlock()
				seen[i]++
				if o.Judged[0] {
					judged++
				}
				violations += int64(len(o.Violations[0]))
			}})
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range seen {
			if n != 1 {
				t.Errorf("%s: case %d observed %d times, want once", c.model, i, n)
			}
		}
		if len(src.seen) != len(pairs) {
			t.Errorf("%s: source asked for %d pairs, want the %d given", c.model, len(src.seen), len(pairs))
		}
		for p := range src.seen {
			if !pairs[p] {
				t.Errorf("%s: source asked for %s, not a given case", c.model, p)
			}
		}
		p := rep.Properties[0]
		if p.Status != c.want || p.Cases != judged || p.Violations != violations || judged == 0 {
			t.Errorf("%s: %s %s, %d cases, %d violations; want %s, the outcomes' %d and %d", c.model, p.ID, p.Status, p.Cases, p.Violations, c.want, judged, violations)
		}
		if len(rep.Controls) != 0 || len(rep.Coverage) != 0 || rep.Configs.Valid != len(cases) {
			t.Errorf("%s: controls %v, coverage %v, %d valid configurations; want none, none and the %d cases", c.model, rep.Controls, rep.Coverage, rep.Configs.Valid, len(cases))
		}
	}
}

// TestObserveNeedsCases: Observe indexes the given cases, so a generated
// sweep cannot take one.
func TestObserveNeedsCases(t *testing.T) {
	if _, err := sweep.Run(sweep.Options{Iterator: "reference", Observe: func(int, props.Outcome) {}}); err == nil {
		t.Error("Observe without Cases: no error")
	}
}
