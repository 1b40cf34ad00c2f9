package cuda

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// brokenCases keeps a few pitch-linear configurations of the quick preset:
// vectors wider than one element with several accesses per row (load-div,
// delta-nodiv) and several rows per thread (pitch+1), f32 (pointer units)
// and 4-bit elements whose rows are not whole bytes (trunc-first).
func brokenCases(c iterator.Config) bool {
	switch c.String() {
	case "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64",
		"elem=f16 shape=64x8 map=warp-raked threads=32 access=8 adv=1 warp=8x4 stride=64",
		"elem=u4 shape=16x2 map=stripmined threads=8 access=2 adv=1 stride=17",
		"elem=u4 shape=32x6 map=warp-raked threads=8 access=2 adv=1 warp=4x2 stride=64 rows=24",
		"elem=f32 shape=128x4 map=stripmined threads=16 access=4 adv=1 align=32":
		return true
	}
	return false
}

// brokenSweep sweeps one namespace of the broken-header fixture, compiled
// with the host compiler, against the reference model (which the fixture
// claims to implement).
func brokenSweep(t *testing.T, namespace string, keep func(iterator.Config) bool) *report.Report {
	t.Helper()
	hostToolchain(t)
	dir, err := filepath.Abs(filepath.Join("testdata", "broken"))
	require.NoError(t, err)
	b := Backend{Name: "host", Includes: []string{dir}, Namespace: namespace, Headers: []string{"broken/regular_tile_iterator.h"}, Batches: 2}
	src, err := NewBackendSource(context.Background(), b, "reference")
	require.NoError(t, err)
	rep, err := sweep.RunCompiled(context.Background(), sweep.CompiledOptions{Options: sweep.Options{Iterator: "reference", Preset: "quick", Source: src},
		Companion: "reference", Keep: keep, ReplayFlags: b.ReplayFlags()})
	require.NoError(t, err)
	require.Equal(t, "host", rep.Backend, "backend %q, %d configurations", rep.Backend, rep.Configs.Valid)
	require.NotZero(t, rep.Configs.Valid, "backend %q, %d configurations", rep.Backend, rep.Configs.Valid)
	return rep
}

func statuses(r *report.Report) map[string]report.Property {
	out := map[string]report.Property{}
	for _, p := range r.Properties {
		out[p.ID] = p
	}
	return out
}

// TestBrokenHeadersCaught: each control's defect
// (docs/contract.md#controls), written as C++ with CUTLASS's template
// signature, is caught by the compiled sweep with every property the Go
// sweep must kill the matching control with.
// P-index and P-exact judge int32 overflows and bit truncations, which
// compiled code performs silently: where the compiled addresses differ from
// the companion model's (as a defect makes them), the report's audit says
// they could not be judged instead.
func TestBrokenHeadersCaught(t *testing.T) {
	for _, c := range []struct {
		namespace string
		control   iterator.Defect
	}{
		{"broken_load_div", iterator.CLoadDiv},
		{"broken_both_div", iterator.CBothDiv},
		{"broken_ptr_bytes", iterator.CPtrBytes},
		{"broken_ptr_inverted", iterator.CPtrInverted},
		{"broken_delta_nodiv", iterator.CDeltaNoDiv},
		{"broken_rank_swap", iterator.CRankSwap},
		{"broken_pitch_plus_one", iterator.CPitchPlusOne},
		{"broken_trunc_first", iterator.CTruncFirst},
	} {
		t.Run(c.namespace, func(t *testing.T) {
			rep := brokenSweep(t, c.namespace, brokenCases)
			spec, ok := props.ControlSpecOf(c.control)
			require.True(t, ok, "no control spec for %s", c.control)
			st := statuses(rep)
			for _, id := range spec.MustKill {
				p := st[id]
				if id == "P-exact" || id == "P-index" {
					assert.True(t, hasAudit(rep, "compiled-arith-unjudged"), "%s: %s not judged on compiled addresses that differ from the model, but no audit entry says so", c.namespace, id)
					continue
				}
				if !assert.Equal(t, report.Violated, p.Status, "%s: %s, want fail (the Go sweep kills %s with it)", c.namespace, id, c.control) {
					continue
				}
				if ce := p.Counterexample; assert.NotNil(t, ce, "%s: %s fails without a counterexample", c.namespace, id) {
					assert.True(t, strings.HasPrefix(ce.Replay.String(), "tilecheck check --backend host --include "), "%s: %s counterexample %+v has no compiled replay", c.namespace, id, ce)
					assert.Contains(t, ce.Replay.String(), "--namespace "+c.namespace+" --header 'broken/regular_tile_iterator.h'", "%s: %s counterexample's replay", c.namespace, id)
				}
			}
			for _, id := range spec.MustSurvive {
				assert.NotEqual(t, report.Violated, st[id].Status, "%s: %s fails, but the defect must survive it", c.namespace, id)
			}
			assert.Equal(t, report.Fail, rep.Verdict, "%s: verdict, want fail", c.namespace)
		})
	}
}

func hasAudit(r *report.Report, topic string) bool {
	for _, a := range r.Audit {
		if a.Topic == topic && a.Count > 0 {
			return true
		}
	}
	return false
}

// TestBrokenInt32Caught: the int32 narrowing wraps only at row pitches of
// 2^31 bytes, far beyond a dense probe buffer; the host runs those cases in
// a sparse one (sparse.go), so the compiled sweep sees the wrapped
// addresses: P-oracle fails on the huge pitch, with a compiled replay, and
// nothing is left unrun.
func TestBrokenInt32Caught(t *testing.T) {
	huge := "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=536870976"
	rep := brokenSweep(t, "broken_int32", func(c iterator.Config) bool { return c.String() == huge || brokenCases(c) })
	assert.False(t, hasAudit(rep, "compiled-not-run"), "cases not run compiled: %v", rep.Unavailable)
	assert.Empty(t, rep.Unavailable, "cases not run compiled: %v", rep.Unavailable)
	p := statuses(rep)["P-oracle"]
	assert.Equal(t, report.Violated, p.Status, "P-oracle")
	if assert.NotNil(t, p.Counterexample, "P-oracle: want a compiled failure on %s", huge) {
		assert.Equal(t, huge, p.Counterexample.Config, "P-oracle's counterexample")
		assert.True(t, strings.HasPrefix(p.Counterexample.Replay.String(), "tilecheck check --backend host "), "P-oracle's counterexample %+v: want a compiled replay", p.Counterexample)
	}
	assert.True(t, hasAudit(rep, "compiled-arith-unjudged"), "the wrapped addresses differ from the model, but no compiled-arith-unjudged audit entry says so")
}
