package sweep_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/engine"
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
	require.NoError(t, err)
	var cases []props.Case
	pairs := map[string]bool{}
	for _, pc := range pcs[:configs] {
		for _, prog := range pc.Programs {
			c, err := props.NewCase(pc.Config, prog, nil)
			require.NoError(t, err)
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
		require.NoError(t, err)
		// Every (configuration, program) pair the sweep asks for.
		src := newRecordingSource(props.ModelSource(m), func(q *props.Request) (string, bool) {
			return q.Config.String() + " | " + q.Program.String(), true
		})
		var mu sync.Mutex
		seen := make([]int, len(cases))
		var judged, violations int64
		rep, err := sweep.Run(context.Background(), sweep.Options{Source: src, Cases: cases, KillOnly: true, Workers: 3,
			Properties: []props.Property{props.PRoundTrip},
			Observe: func(i int, o engine.Outcome) {
				mu.Lock()
				defer mu.Unlock()
				seen[i]++
				if o.Judged[0] {
					judged++
				}
				violations += int64(len(o.Violations[0]))
			}})
		require.NoError(t, err)
		for i, n := range seen {
			assert.Equal(t, 1, n, "%s: times case %d was observed", c.model, i)
		}
		assert.Len(t, src.seen, len(pairs), "%s: the source asked for the pairs given", c.model)
		for p := range src.seen {
			assert.True(t, pairs[p], "%s: source asked for %s, not a given case", c.model, p)
		}
		p := rep.Properties[0]
		assert.Equal(t, c.want, p.Status, "%s: %s", c.model, p.ID)
		assert.Equal(t, judged, p.Cases, "%s: %s's cases, the outcomes' judged", c.model, p.ID)
		assert.Equal(t, violations, p.Violations, "%s: %s's violations, the outcomes'", c.model, p.ID)
		assert.NotZero(t, judged, "%s: no case judged", c.model)
		assert.Empty(t, rep.Controls, "%s: controls", c.model)
		assert.Empty(t, rep.Coverage, "%s: coverage", c.model)
		assert.Equal(t, len(cases), rep.Configs.Valid, "%s: valid configurations, the cases", c.model)
	}
}

// TestObserveNeedsCases: Observe indexes the given cases, so a generated
// sweep cannot take one.
func TestObserveNeedsCases(t *testing.T) {
	_, err := sweep.Run(context.Background(), sweep.Options{Iterator: "reference", Observe: func(int, engine.Outcome) {}})
	assert.Error(t, err, "Observe without Cases: no error")
}
