package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tc runs tilecheck with args and returns its exit status, stdout and stderr.
func tc(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestBaselineGatesASweep(t *testing.T) {
	dir := t.TempDir()
	first, known := filepath.Join(dir, "run.json"), filepath.Join(dir, "known.json")
	code, _, stderr := tc("sweep", "--iterator", "cutlass-pre3049", "--seed", "1", "--out", first)
	require.Equal(t, exitFail, code, stderr)

	code, _, stderr = tc("baseline", "--from", first, "--out", known)
	require.Equal(t, exitPass, code, stderr)
	assert.Contains(t, stderr, "holds 11 findings")

	// Another seed: the same findings, known; the gate passes.
	code, stdout, stderr := tc("sweep", "--iterator", "cutlass-pre3049", "--seed", "7", "--baseline", known)
	assert.Equal(t, exitPass, code, stderr)
	assert.Contains(t, stdout, "Verdict: FAIL\n")
	assert.Contains(t, stdout, "0 new, 11 known, 0 fixed.")
	assert.True(t, strings.HasSuffix(stdout, "exit status follows it): PASS\n"), stdout)

	// A new finding: drop P-sym from the baseline.
	b, err := os.ReadFile(known)
	require.NoError(t, err)
	var kept []string
	for _, entry := range strings.SplitAfter(string(b), "},") {
		if !strings.Contains(entry, `"P-sym"`) {
			kept = append(kept, entry)
		}
	}
	partial := filepath.Join(dir, "partial.json")
	require.NoError(t, os.WriteFile(partial, []byte(strings.Join(kept, "")), 0o644))
	code, stdout, _ = tc("sweep", "--iterator", "cutlass-pre3049", "--seed", "7", "--baseline", partial, "--format", "github")
	assert.Equal(t, exitFail, code)
	assert.Contains(t, stdout, "::error title=tilecheck NEW finding P-sym")

	// Fixed: the fixed model holds P-sym, which the baseline records for it.
	fixed := filepath.Join(dir, "fixed.json")
	require.NoError(t, os.WriteFile(fixed, bytes.ReplaceAll(b, []byte(`"cutlass-pre3049"`), []byte(`"cutlass"`)), 0o644))
	code, stdout, _ = tc("sweep", "--iterator", "cutlass", "--baseline", fixed, "--format", "md")
	assert.Equal(t, exitPass, code)
	assert.Contains(t, stdout, "FIXED findings (1)")
	assert.Contains(t, stdout, "| P-sym")

	// Updating drops it, and says so.
	code, _, stderr = tc("baseline", "--from", first, "--out", fixed)
	require.Equal(t, exitPass, code, stderr)
	run2 := filepath.Join(dir, "run2.json")
	tc("sweep", "--iterator", "cutlass", "--out", run2)
	code, _, stderr = tc("baseline", "--from", run2, "--out", fixed)
	require.Equal(t, exitPass, code, stderr)
	assert.Contains(t, stderr, "dropped, FIXED: P-sym of cutlass")
}

func TestBadBaselineExits2NamingTheProblem(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"tilecheck_baseline": 9, "findings": []}`), 0o644))
	for _, args := range [][]string{
		{"sweep", "--iterator", "cutlass", "--baseline", bad},
		{"merge", "--baseline", bad, "s1.json"},
		{"cute", "sweep", "--baseline", bad},
		{"cute", "copy", "sweep", "--baseline", bad},
		{"probe", "--baseline", bad},
	} {
		code, _, stderr := tc(args...)
		assert.Equal(t, exitUsage, code, args)
		assert.Contains(t, stderr, "--baseline "+bad+": tilecheck_baseline 9", args)
	}
	code, _, stderr := tc("sweep", "--iterator", "cutlass", "--baseline", filepath.Join(dir, "none.json"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "none.json")
	code, _, stderr = tc("sweep", "--iterator", "cutlass", "--shard", "1/2", "--format", "json", "--baseline", bad)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "give --baseline to merge")
	code, _, stderr = tc("baseline", "--out", filepath.Join(dir, "b.json"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--from REPORT.json is required")
	code, _, stderr = tc("baseline", "--from", bad, "--out", filepath.Join(dir, "b.json"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "not a sweep's JSON report")
}

// TestMergeJoinsCompleteReports: a CI matrix's reports, one per class,
// join into one report in any format, gated by a baseline.
func TestMergeJoinsCompleteReports(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, class := range []string{"RegularTileIterator", "RegularTileAccessIterator"} {
		f := filepath.Join(dir, class+".json")
		code, _, stderr := tc("sweep", "--iterator", "cutlass-pre3049", "--class", class, "--out", f)
		require.Contains(t, []int{exitPass, exitFail}, code, stderr)
		files = append(files, f)
	}
	code, stdout, _ := tc(append([]string{"merge", "--format", "junit"}, files...)...)
	assert.Equal(t, exitFail, code)
	assert.Contains(t, stdout, `name="tilecheck.RegularTileIterator.cutlass-pre3049"`)
	assert.Contains(t, stdout, `name="tilecheck.RegularTileAccessIterator.cutlass-pre3049"`)

	known := filepath.Join(dir, "known.json")
	args := []string{"baseline", "--out", known}
	for _, f := range files {
		args = append(args, "--from", f)
	}
	code, _, stderr := tc(args...)
	require.Equal(t, exitPass, code, stderr)
	code, stdout, _ = tc(append([]string{"merge", "--baseline", known}, files...)...)
	assert.Equal(t, exitPass, code, stdout)
	assert.Contains(t, stdout, "exit status follows it): PASS")

	code, _, stderr = tc("merge", files[0], files[0])
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "given twice")
}

// TestBaselineFromAProbeReport: a probe's JSON report makes a baseline of
// its disagreements, as the probe's findings (source probe).
func TestBaselineFromAProbeReport(t *testing.T) {
	dir := t.TempDir()
	probeJSON := filepath.Join(dir, "probe.json")
	require.NoError(t, os.WriteFile(probeJSON, []byte(`{"tool": "tilecheck", "preset": "quick", "verdict": "fail", "ok": false, "controls": [],
		"classes": ["RegularTileIterator"], "backend": "host", "configs": 1, "programs": 1,
		"variants": [{"variant": "cutlass", "model": "cutlass", "namespace": "cutlass", "role": "iterator", "programs": 1, "accesses": 4,
			"mismatches": 2, "vs_reference": 0, "compared_with_reference": 4,
			"mismatch_groups": [{"class": "RegularTileIterator", "ops": "store(1,0)", "config": "elem=f32 shape=2x1", "count": 2}],
			"store_round_trip": {"cases": 0, "failed": 0, "predicted": 0, "unexpected": 0},
			"load_round_trip": {"cases": 0, "failed": 0, "predicted": 0, "unexpected": 0}}]}`), 0o644))
	known := filepath.Join(dir, "known.json")
	code, _, stderr := tc("baseline", "--from", probeJSON, "--out", known)
	require.Equal(t, exitPass, code, stderr)
	b, err := os.ReadFile(known)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"source": "probe",
      "property": "P-companion",
      "law": "store(·,·)"`)
}
