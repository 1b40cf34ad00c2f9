package cuda

import (
	"context"
	"hash/fnv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// compiledSweep sweeps the project's rendition of model on the host.
func compiledSweep(t *testing.T, model string, keep func(iterator.Config) bool) *report.Report {
	t.Helper()
	hostToolchain(t)
	src, err := NewBackendSource(context.Background(), Backend{Name: "host"}, model)
	require.NoError(t, err)
	// Seed 1, the command's default, so that `tilecheck sweep --backend
	// host --iterator M` finds these builds in the cache.
	rep, err := sweep.RunCompiled(context.Background(), sweep.CompiledOptions{Options: sweep.Options{Iterator: model, Preset: "quick", Seed: 1, Source: src},
		Companion: model, Keep: keep})
	require.NoError(t, err)
	require.Equal(t, "host", rep.Backend, "backend")
	return rep
}

// sameVerdicts compares a compiled report with the Go one: verdict,
// every property's status and the kill matrix, with no allowed difference.
// P-index included: its failing cases (row pitches of 2^31 bytes) run
// compiled on the host in a sparse buffer (cuda/sparse.go). The compiled
// report's P-companion row, which a Go sweep does not list, is not
// compared: it must pass (the compiled accesses equal the Go model's).
func sameVerdicts(t *testing.T, model string, goRep, host *report.Report) {
	t.Helper()
	assert.Equal(t, host.Verdict, goRep.Verdict, "%s: verdict, host then go", model)
	hostProps := withoutCompanion(t, model, host)
	goProps := goRep.Properties
	if n := len(goProps); n > 0 && goProps[n-1].ID == props.CompanionID {
		goProps = goProps[:n-1] // a compiled sweep of the Go model itself
	}
	require.Len(t, goProps, len(hostProps), "%s: report shapes differ", model)
	require.Len(t, goRep.Controls, len(host.Controls), "%s: report shapes differ", model)
	for i, gp := range goProps {
		assert.Equal(t, hostProps[i].Status, gp.Status, "%s: %s, host then go", model, gp.ID)
	}
	for i, gc := range goRep.Controls {
		hc := host.Controls[i]
		assert.Equal(t, strings.Join(hc.KilledBy, ","), strings.Join(gc.KilledBy, ","), "%s: control %s killed by go %v, host %v", model, gc.ID, gc.KilledBy, hc.KilledBy)
		assert.Equal(t, hc.OK, gc.OK, "%s: control %s killed by go %v, host %v", model, gc.ID, gc.KilledBy, hc.KilledBy)
	}
}

// withoutCompanion returns the compiled report's properties without its
// last row, P-companion, which must be there and pass.
func withoutCompanion(t *testing.T, model string, host *report.Report) []report.Property {
	t.Helper()
	n := len(host.Properties)
	require.NotZero(t, n, "%s: the compiled report does not end with %s", model, props.CompanionID)
	require.Equal(t, props.CompanionID, host.Properties[n-1].ID, "%s: the compiled report does not end with %s", model, props.CompanionID)
	p := host.Properties[n-1]
	assert.Equal(t, report.Held, p.Status, "%s: %s %s on %d cases, want pass: %+v", model, p.ID, p.Status, p.Cases, p.Counterexample)
	assert.NotZero(t, p.Cases, "%s: %s %s on %d cases, want pass: %+v", model, p.ID, p.Status, p.Cases, p.Counterexample)
	return host.Properties[:n-1]
}

// TestCompiledSweepParityQuick: on the whole quick preset, the compiled
// CUTLASS rendition gives the Go sweep's verdict, property statuses and
// kill matrix (the built-in with findings; the other two are covered on a
// subset below and by hand on the whole preset).
func TestCompiledSweepParityQuick(t *testing.T) {
	host := compiledSweep(t, "cutlass", nil)
	goRep, err := sweep.Run(context.Background(), sweep.Options{Iterator: "cutlass", Preset: "quick", Seed: 1})
	require.NoError(t, err)
	sameVerdicts(t, "cutlass", goRep, host)
	assert.False(t, hasAudit(host, "compiled-not-run-arith"), "host: cases with arithmetic findings did not run compiled")
	assert.Equal(t, goRep.Configs, host.Configs, "configurations, go then host")
	for _, p := range host.Properties {
		if p.Status == report.Violated && assert.NotNil(t, p.Counterexample, "%s fails without a counterexample", p.ID) {
			assert.True(t, strings.HasPrefix(p.Counterexample.Replay.String(), "tilecheck check "), "%s fails without a replay: %+v", p.ID, p.Counterexample)
		}
	}
}

// TestCompiledSweepParitySubset: reference and cutlass-pre3049, compiled,
// judged like their Go models on a quarter of the quick configurations that
// the compiled probe can run (no cas32 stores; the same engine with the Go
// model as the source gives the expected report).
func TestCompiledSweepParitySubset(t *testing.T) {
	quarter := func(c iterator.Config) bool {
		h := fnv.New32a()
		h.Write([]byte(c.String()))
		return h.Sum32()%4 == 0 && c.Atomic == ""
	}
	for _, model := range []string{"reference", "cutlass-pre3049"} {
		m, err := iterator.ModelByName(model)
		require.NoError(t, err)
		goRep, err := sweep.RunCompiled(context.Background(), sweep.CompiledOptions{Options: sweep.Options{Iterator: model, Preset: "quick", Seed: 1, Source: props.ModelSource(m)},
			Companion: model, Keep: quarter})
		require.NoError(t, err)
		sameVerdicts(t, model, goRep, compiledSweep(t, model, quarter))
	}
}

// TestCompiledSweepUncompilablePath: a header whose RowMajor
// load/store(frag, tile) do not compile once instantiated (like CUTLASS
// >= v4.5), swept against the reference model, which has those paths: the
// report lists them as unavailable with (class, layout, path) and the
// compiler's first diagnostic, and the rest is swept.
func TestCompiledSweepUncompilablePath(t *testing.T) {
	hostToolchain(t)
	b := Backend{Name: "host", Includes: []string{fakeCutlassDir(t)}, Namespace: "tcwrapped", Headers: []string{"fake/wrapper_tile_uncompilable.h"}, Batches: 1}
	src, err := NewBackendSource(context.Background(), b, "reference")
	require.NoError(t, err)
	one := func(c iterator.Config) bool {
		return c.String() == "layout=rowmajor elem=f16 shape=8x64 map=stripmined threads=32 access=8 adv=0 stride=72"
	}
	rep, err := sweep.RunCompiled(context.Background(), sweep.CompiledOptions{Options: sweep.Options{Iterator: "reference", Preset: "quick", Source: src},
		Companion: "reference", Keep: one})
	require.NoError(t, err)
	var uncompilable []string
	for _, u := range rep.Unavailable {
		if strings.Contains(u, ": does not compile: ") {
			uncompilable = append(uncompilable, u)
			assert.True(t, strings.HasPrefix(u, "RegularTileIterator rowmajor "), "unavailable %q: want class, layout, a tile path and the diagnostic", u)
			assert.Contains(t, u, "(c,s)", "unavailable %q: want class, layout, a tile path and the diagnostic", u)
			assert.Contains(t, u, "error", "unavailable %q: want class, layout, a tile path and the diagnostic", u)
		}
	}
	require.NotEmpty(t, uncompilable, "no uncompilable path listed: %v", rep.Unavailable)
	judged := false
	for _, p := range rep.Properties {
		judged = judged || p.Cases > 0
	}
	assert.True(t, judged, "nothing else was swept: %+v", rep.Properties)
}
