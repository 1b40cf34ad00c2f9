package probe

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// statuses are a sweep report's property statuses by id.
func statuses(rep *report.Report) map[string]report.Status {
	out := map[string]report.Status{}
	for _, p := range rep.Properties {
		out[p.ID] = p.Status
	}
	return out
}

// TestCompiledVariantsJudgedBySweep: each compiled variant of a host run,
// served from the run's traces (cuda.Result.VariantSource) and judged by
// the sweep engine over its runs (sweepVariant), is killed as the probe's
// kill matrix requires: a compiled control by P-roundtrip and by nothing
// else (it is the code of its own Go model), the identity copy by nothing.
// The kill matrix count's counts give names the same properties. Served as
// the reference's rendition, a control's traces are killed by P-companion
// too: the path tells one variant's traces from another's.
func TestCompiledVariantsJudgedBySweep(t *testing.T) {
	tc := hostToolchain(t)
	// The representative cases: the build TestHostProbeRenditions makes,
	// which the build cache serves to this test.
	raw, res, err := countedRun(context.Background(), representativeCases(t), cuda.Options{Toolchain: tc})
	require.NoError(t, err)
	rows := map[string]report.Control{}
	for _, r := range killMatrix(res) {
		rows[r.ID] = r
	}
	judge := func(v int, model string) map[string]report.Status {
		t.Helper()
		var idx []int
		for i := range res.runs {
			if res.runs[i].Variant == v {
				idx = append(idx, i)
			}
		}
		m, err := iterator.ModelByName(model)
		require.NoError(t, err)
		rep, err := sweepVariant(raw.VariantSource(v), props.ModelSource(m), res.runs, idx, make([]runJudgement, len(res.runs)))
		require.NoError(t, err, "%s", res.Variants[v].Label)
		require.NotNil(t, rep, "%s: no report", res.Variants[v].Label)
		return statuses(rep)
	}
	controls := 0
	for v, vr := range res.Variants {
		if vr.Role == cuda.RoleIterator {
			continue
		}
		st := judge(v, vr.Model)
		want := map[string]report.Status{props.CompanionID: report.Held, props.RecoveredID: report.Held, props.RoundTripID: report.Held}
		if vr.Role == cuda.RoleControl {
			want[props.RoundTripID] = report.Violated
			controls++
		}
		for id, w := range want {
			assert.Equal(t, w, st[id], "%s: %s", vr.Label, id)
		}
		row := rows[vr.Label]
		assert.True(t, row.OK, "%s: kill-matrix row %+v, sweep statuses %v", vr.Label, row, st)
		assert.Equal(t, st[props.RoundTripID] == report.Violated, slices.Contains(row.KilledBy, props.RoundTripID),
			"%s: kill-matrix row %+v, sweep statuses %v", vr.Label, row, st)
		assert.Equal(t, st[props.CompanionID] == report.Violated || st[props.RecoveredID] == report.Violated, slices.Contains(row.KilledBy, props.CompanionID),
			"%s: kill-matrix row %+v, sweep statuses %v", vr.Label, row, st)
		if vr.Role == cuda.RoleControl {
			st := judge(v, "reference")
			assert.Equal(t, report.Violated, st[props.CompanionID], "%s's traces against the reference model: %v, want P-companion and P-roundtrip violated", vr.Label, st)
			assert.Equal(t, report.Violated, st[props.RoundTripID], "%s's traces against the reference model: %v, want P-companion and P-roundtrip violated", vr.Label, st)
		}
	}
	assert.Equal(t, 2, controls, "compiled controls judged, want C-load-div and C-pitch-plus-one")
}
