package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/report"
)

// specCase is the cutlass model's worked example (docs/contract.md#cutlass):
// float, 64×8, stripmined T=32, V=4, rank 1, L=64. For thread 5, load(f,{1,0})
// touches 144, 656, 1168, 1680 on every CUTLASS version; store(f,{1,0}) on
// v2.3–v4.4 touches 336, 848, 1360, 1872. So cutlass-pre3049 fails P-sym here
// and reference does not.
const specCase = "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64"

func TestHelpExitsZeroWithExamples(t *testing.T) {
	for _, cmd := range []string{"sweep", "check"} {
		code, out, _ := runCLI(cmd, "--help")
		assert.Equal(t, exitPass, code, "%s --help: exit %d, want 0", cmd, code)
		assert.Contains(t, out, "Examples:", "%s --help lacks examples or exit statuses:\n%s", cmd, out)
		assert.Contains(t, out, "Exit status", "%s --help lacks examples or exit statuses:\n%s", cmd, out)
	}
}

// TestBadUsageExitsTwo: every malformed invocation exits 2 with a message on
// stderr naming the bad input, and nothing on stdout.
func TestBadUsageExitsTwo(t *testing.T) {
	cases := []struct {
		args  []string
		names string
	}{
		{[]string{"sweep", "--bogus"}, "bogus"},
		{[]string{"sweep", "--preset", "fast"}, "fast"},
		{[]string{"sweep", "--format", "xml"}, "xml"},
		{[]string{"sweep", "--workers", "-1"}, "--workers"},
		{[]string{"sweep", "--ptr-contract", "words"}, "words"},
		{[]string{"sweep", "--seed", "abc"}, "seed"},
		{[]string{"sweep", "stray"}, "stray"},
		{[]string{"check", "--config", specCase, "--ops", "load()"}, "--iterator"},
		{[]string{"check", "--iterator", "reference", "--ops", "load()"}, "--config"},
		{[]string{"check", "--iterator", "reference", "--config", specCase}, "--ops"},
		{[]string{"check", "--iterator", "reference", "--config", "elem=q7 shape=64x8 threads=32 access=4", "--ops", "load()"}, "q7"},
		{[]string{"check", "--iterator", "reference", "--config", specCase, "--ops", "lod()"}, "lod"},
		{[]string{"check", "--iterator", "reference", "--config", specCase, "--ops", "load()", "--thread", "-5"}, "-5"},
		{[]string{"check", "--iterator", "reference", "--config", specCase, "--ops", "load()", "--ptr-contract", "words"}, "words"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(c.args...)
		assert.Equal(t, exitUsage, code, "%q: exit %d, want 2 (stderr %q)", c.args, code, errs)
		assert.Contains(t, errs, c.names, "%q: stderr does not name %q: %q", c.args, c.names, errs)
		assert.Equal(t, "", out, "%q: wrote to stdout: %q", c.args, out)
		assert.NotContains(t, errs, "panic:", "%q: stack trace on stderr", c.args)
		assert.NotContains(t, errs, "goroutine 1 [", "%q: stack trace on stderr", c.args)
	}
}

func TestCheckFailurePrintsAddressesSideBySide(t *testing.T) {
	code, out, errs := runCLI("check", "--iterator", "cutlass-pre3049", "--config", specCase,
		"--ops", "load(1,0);store(1,0)", "--property", "P-sym", "--thread", "5")
	require.Equal(t, exitFail, code, "exit %d, want 1; stderr %q\n%s", code, errs, out)
	// Access 0: expected 144 (the load), actual 336 (the store), 192 apart.
	assert.Contains(t, out, "| 0      | 144      | 336    | 192             |", "no side-by-side row for access 0:\n%s", out)
	assert.Contains(t, out, "P-sym", "status table lacks P-sym FAIL:\n%s", out)
	assert.Contains(t, out, "FAIL", "status table lacks P-sym FAIL:\n%s", out)
}

func TestCheckPassExitsZero(t *testing.T) {
	code, out, errs := runCLI("check", "--iterator", "reference", "--config", specCase,
		"--ops", "load(1,0);store(1,0)", "--property", "P-sym")
	require.Equal(t, exitPass, code, "exit %d, want 0; stderr %q\n%s", code, errs, out)
}

func TestCheckUnknownPropertyExitsTwo(t *testing.T) {
	code, _, errs := runCLI("check", "--iterator", "reference", "--config", specCase,
		"--ops", "load()", "--property", "P-nonsense")
	assert.Equal(t, exitUsage, code, "exit %d, stderr %q; want 2 naming P-nonsense", code, errs)
	assert.Contains(t, errs, "P-nonsense", "exit %d, stderr %q; want 2 naming P-nonsense", code, errs)
}

// TestCheckInvalidCaseExitsTwo: a configuration that parses but violates a
// thread-map constraint (Sc=6 is not a multiple of V=4,
// docs/contract.md#thread-maps), and a thread beyond the map's 32, are invalid
// input, not failures.
func TestCheckInvalidCaseExitsTwo(t *testing.T) {
	cases := [][]string{
		{"--config", "elem=f32 shape=6x8 map=stripmined threads=32 access=4", "--ops", "load()"},
		{"--config", specCase, "--ops", "load()", "--thread", "32"},
		{"--iterator", "no-such-model", "--config", specCase, "--ops", "load()"},
	}
	for _, c := range cases {
		args := append([]string{"check", "--iterator", "reference"}, c...)
		code, out, errs := runCLI(args...)
		assert.Equal(t, exitUsage, code, "%q: exit %d, stderr %q, stdout %q; want 2 with a message", args, code, errs, out)
		assert.NotEqual(t, "", errs, "%q: exit %d, stderr %q, stdout %q; want 2 with a message", args, code, errs, out)
		assert.Equal(t, "", out, "%q: exit %d, stderr %q, stdout %q; want 2 with a message", args, code, errs, out)
	}
}

// TestSweepAllModelsExitsZero is `make sweep`: the built-in models' matrix,
// where cutlass and cutlass-pre3049 failing is the finding
// (docs/contract.md#known-findings), so the status is 0 unless the evidence is
// weak.
func TestSweepAllModelsExitsZero(t *testing.T) {
	code, out, errs := runCLI("sweep", "--format", "md")
	require.Equal(t, exitPass, code, "exit %d, want 0; stderr %q\n%s", code, errs, out)
	// Without --iterator every class gets its own matrix.
	for _, want := range []string{"| reference ", "| cutlass ", "| cutlass-pre3049 ", "### Model × property: RegularTileIterator",
		"### Model × property: RegularTileAccessIterator", "### Model × property: PredicatedTileAccessIterator",
		"### Model × property: PredicatedTileIterator", "P-traverse"} {
		assert.Contains(t, out, want, "matrix lacks %q", want)
	}
}

func TestSweepUnknownIteratorExitsTwo(t *testing.T) {
	code, _, errs := runCLI("sweep", "--iterator", "no-such-model")
	assert.Equal(t, exitUsage, code, "exit %d, stderr %q; want 2 naming no-such-model", code, errs)
	assert.Contains(t, errs, "no-such-model", "exit %d, stderr %q; want 2 naming no-such-model", code, errs)
}

// TestSweepJSONHasContractFields runs the reference model's quick sweep to
// a file and checks the JSON fields of docs/contract.md#report-schema and
// exit status 0 (the reference passes every property).
func TestSweepJSONHasContractFields(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ref.json")
	code, out, errs := runCLI("sweep", "--iterator", "reference", "--preset", "quick", "--format", "json", "--out", path)
	require.Equal(t, exitPass, code, "exit %d, want 0; stderr %q", code, errs)
	assert.Equal(t, "", out, "--out should leave stdout and (off a terminal) stderr empty; got %q / %q", out, errs)
	assert.Equal(t, "", errs, "--out should leave stdout and (off a terminal) stderr empty; got %q / %q", out, errs)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(data, &doc), "report is not JSON")
	for _, k := range []string{"tool", "version", "iterator", "preset", "seed", "verdict", "configs", "checks",
		"elapsed_s", "checks_per_second", "properties", "controls", "coverage", "units"} {
		_, ok := doc[k]
		assert.True(t, ok, "JSON lacks %q", k)
	}
	assert.Equal(t, "reference", doc["iterator"], "iterator/verdict/tool = %v/%v/%v", doc["iterator"], doc["verdict"], doc["tool"])
	assert.Equal(t, "pass", doc["verdict"], "iterator/verdict/tool = %v/%v/%v", doc["iterator"], doc["verdict"], doc["tool"])
	assert.Equal(t, "tilecheck", doc["tool"], "iterator/verdict/tool = %v/%v/%v", doc["iterator"], doc["verdict"], doc["tool"])
}

// TestStatusMapping: the exit statuses of docs/contract.md#exit-statuses,
// derived by hand.
func TestStatusMapping(t *testing.T) {
	for verdict, want := range map[report.Verdict]int{report.Pass: 0, report.Fail: 1, report.Weak: 3, report.Interrupted: 130} {
		got := reportStatus(&report.Report{Verdict: verdict})
		assert.Equal(t, want, got, "reportStatus(%s) = %d, want %d", verdict, got, want)
	}
	// The all-models rule itself is sweep.MatrixWeak's (tested there);
	// here only its mapping to exit statuses.
	weak := &report.Matrix{Reports: []*report.Report{{Verdict: report.Fail, Controls: []report.Control{{ID: "C-x", OK: false}}}}}
	finding := &report.Matrix{Reports: []*report.Report{{Verdict: report.Fail}}}
	got := matrixStatus(weak)
	assert.Equal(t, exitWeak, got, "matrixStatus(surviving control) = %d, want %d", got, exitWeak)
	got = matrixStatus(finding)
	assert.Equal(t, exitPass, got, "matrixStatus(a failing model) = %d, want %d", got, exitPass)
}
