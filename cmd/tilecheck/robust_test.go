package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/report"
)

// TestHugeConfigsAreInvalidInputNotCrashes: the configurations that made
// check panic (makeslice), run out of memory or run for minutes are refused
// up front, naming the size, with exit 2 and no stack trace.
func TestHugeConfigsAreInvalidInputNotCrashes(t *testing.T) {
	long := strings.Repeat("add_tile_offset(1,0);load(1,0);", 2000) + "load()"
	for _, c := range []struct{ config, ops, want string }{
		// Past int64 bits: Validate refuses it before the size check, naming shape=.
		{"elem=f32 shape=1000000000x1000000000 threads=32 access=4", "load()", "shape=1000000000x1000000000"},
		{"elem=f32 shape=1048576x1048576 threads=1024 access=4", "load()", "too large"},
		{"elem=f32 shape=65536x65536 threads=65536 access=4", "load()", "too large"},
		{"elem=f32 shape=64x8 threads=32 access=4", long, "--thread N"},
	} {
		code, out, stderr := runCLI("check", "--iterator", "reference", "--config", c.config, "--ops", c.ops)
		assert.Equal(t, exitUsage, code, "%s: exit %d, stderr %q; want 2 naming %q", c.config, code, stderr, c.want)
		assert.Contains(t, stderr, c.want, "%s: exit %d, stderr %q; want 2 naming %q", c.config, code, stderr, c.want)
		assert.Equal(t, "", out, "%s: exit %d, stderr %q; want 2 naming %q", c.config, code, stderr, c.want)
		assert.NotContains(t, stderr, "goroutine", "%s: stack trace on stderr", c.config)
		assert.NotContains(t, stderr, "panic", "%s: stack trace on stderr", c.config)
	}
}

// TestPanicIsInternalError: a panic in a command is a bug, reported in one
// line with exit 4 (never 2, which means bad usage), without a stack trace.
func TestPanicIsInternalError(t *testing.T) {
	register("test-panic", command{summary: "panics (tests only)", run: func(context.Context, []string, io.Writer, io.Writer) int {
		var s []int
		return s[3] // index out of range
	}})
	defer delete(commands, "test-panic")
	code, _, stderr := runCLI("test-panic")
	assert.Equal(t, exitInternal, code, "exit %d, want %d", code, exitInternal)
	assert.Contains(t, stderr, "internal error", "stderr %q: want one line saying internal error, no stack trace", stderr)
	assert.NotContains(t, stderr, "goroutine", "stderr %q: want one line saying internal error, no stack trace", stderr)
}

// TestOutCheckedBeforeTheSweep: an --out in a missing directory is refused
// before any work (the exhaustive preset would take hours), naming it.
func TestOutCheckedBeforeTheSweep(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-dir", "r.json")
	for _, args := range [][]string{
		{"sweep", "--preset", "exhaustive", "--out", missing},
		{"probe", "--out", missing},
		{"merge", "--out", missing, "x.json"},
	} {
		code, _, stderr := runCLI(args...)
		assert.Equal(t, exitUsage, code, "%v: exit %d, stderr %q; want 2 naming the directory", args, code, stderr)
		assert.Contains(t, stderr, "no-such-dir", "%v: exit %d, stderr %q; want 2 naming the directory", args, code, stderr)
	}
}

// TestOutDashIsStdout: --out - writes the report to standard output and
// creates no file named "-".
func TestOutDashIsStdout(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	require.NoError(t, os.Chdir(dir))
	defer os.Chdir(wd)
	code, out, stderr := runCLI("sweep", "--iterator", "reference", "--format", "json", "--out", "-")
	require.Equal(t, exitPass, code, "exit %d, stdout %.80q, stderr %q", code, out, stderr)
	require.True(t, strings.HasPrefix(out, "{"), "exit %d, stdout %.80q, stderr %q", code, out, stderr)
	_, err := os.Stat(filepath.Join(dir, "-"))
	assert.Error(t, err, "--out - created a file named -")
}

// TestAtomicWriteKeepsOldFile: a write that fails part way (a full disk)
// leaves the old report in place and no temporary file; one that succeeds
// replaces it whole.
func TestAtomicWriteKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.json")
	require.NoError(t, os.WriteFile(path, []byte("old report\n"), 0o644))
	diskFull := errors.New("no space left on device")
	err := writeFileAtomic(path, func(w io.Writer) error {
		if _, err := io.WriteString(w, "half a new rep"); err != nil {
			return err
		}
		return diskFull
	})
	require.ErrorIs(t, err, diskFull, "err = %v, want the write's error", err)
	b, _ := os.ReadFile(path)
	assert.Equal(t, "old report\n", string(b), "after a failed write the file holds %q, want the old report", b)
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "files left after a failed write: %v", entries)
	require.NoError(t, writeOut(path, []byte("new report\n"), io.Discard))
	after, _ := os.ReadFile(path)
	assert.Equal(t, "new report\n", string(after), "after a write the file holds %q", after)
	st, _ := os.Stat(path)
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm(), "mode %v, want 0644", st.Mode().Perm())
}

// TestCheckOpsFileAndJSON: --ops-file reads a program (';' or newlines,
// comments) and --format json prints the results for a script.
func TestCheckOpsFileAndJSON(t *testing.T) {
	file := filepath.Join(t.TempDir(), "prog.ops")
	require.NoError(t, os.WriteFile(file, []byte("# the pre-#3049 asymmetry\nload(1,0)\nstore(1,0); load()\n"), 0o644))
	code, out, stderr := runCLI("check", "--iterator", "cutlass-pre3049", "--config", specCase, "--ops-file", file,
		"--property", "P-sym", "--thread", "5", "--format", "json")
	require.Equal(t, exitFail, code, "exit %d, want 1; stderr %q", code, stderr)
	// The fields a script reads, spelled out here so a renamed JSON key fails.
	var res struct {
		Ops        string         `json:"ops"`
		Verdict    report.Verdict `json:"verdict"`
		Properties []struct {
			ID         string `json:"id"`
			Violations []struct {
				Thread   int     `json:"thread"`
				Expected []int64 `json:"expected"`
				Actual   []int64 `json:"actual"`
			} `json:"violations"`
		} `json:"properties"`
	}
	err := json.Unmarshal([]byte(out), &res)
	require.NoError(t, err, "not JSON: %v\n%s", err, out)
	require.Equal(t, "load(1,0);store(1,0);load()", res.Ops, "unexpected result: %+v", res)
	require.Equal(t, report.Fail, res.Verdict, "unexpected result: %+v", res)
	require.Len(t, res.Properties, 1, "unexpected result: %+v", res)
	v := res.Properties[0].Violations
	assert.Equal(t, "P-sym", res.Properties[0].ID, "P-sym violation: %+v (want thread 5, 144 expected, 336 actual)", res.Properties[0])
	if assert.NotEmpty(t, v, "P-sym violation: %+v (want thread 5, 144 expected, 336 actual)", res.Properties[0]) {
		assert.Equal(t, 5, v[0].Thread, "P-sym violation: %+v (want thread 5, 144 expected, 336 actual)", res.Properties[0])
		assert.Equal(t, int64(144), v[0].Expected[0], "P-sym violation: %+v (want thread 5, 144 expected, 336 actual)", res.Properties[0])
		assert.Equal(t, int64(336), v[0].Actual[0], "P-sym violation: %+v (want thread 5, 144 expected, 336 actual)", res.Properties[0])
	}
	missCode, _, missErr := runCLI("check", "--iterator", "reference", "--config", specCase, "--ops-file", file+".missing")
	assert.Equal(t, exitUsage, missCode, "missing ops file: exit %d, stderr %q", missCode, missErr)
	assert.Contains(t, missErr, "--ops-file", "missing ops file: exit %d, stderr %q", missCode, missErr)
}

// TestGPUInputsCheckedBeforeTheRun: gpu refuses an --out-dir it cannot
// write and a --sanitize it cannot honour before building anything, naming
// the flag. (The old code ran the whole protocol first, then failed with
// "open /proc/.host-….md.tmp-…", or exited 3 for a sanitizer that could
// never run.) CXX names no compiler, so that a check left until after the
// build would fail on the compiler instead, not on the flag.
func TestGPUInputsCheckedBeforeTheRun(t *testing.T) {
	t.Setenv("CXX", "no-such-compiler-tilecheck")
	t.Setenv("PATH", t.TempDir()) // no nvcc, no compute-sanitizer
	file := filepath.Join(t.TempDir(), "a-file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--backend", "host", "--out-dir", file}, `--out-dir "` + file + `": not a directory`},
		{[]string{"--backend", "host", "--out-dir", filepath.Join(file, "sub")}, "--out-dir"},
		{[]string{"--backend", "host", "--out-dir", t.TempDir(), "--sanitize"}, "--sanitize needs --backend gpu"},
		{[]string{"--out-dir", t.TempDir(), "--sanitize"}, "--sanitize: compute-sanitizer not found"},
		{[]string{"--backend", "host", "--out-dir", t.TempDir(), "--arch", "sm_80"}, "--arch needs --backend gpu"},
	}
	if st, err := os.Stat("/proc"); err == nil && st.IsDir() {
		cases = append(cases, struct {
			args []string
			want string
		}{[]string{"--backend", "host", "--out-dir", "/proc"}, `--out-dir "/proc": cannot write there`})
	}
	for _, c := range cases {
		code, out, stderr := runCLI(append([]string{"gpu"}, c.args...)...)
		assert.Equal(t, exitUsage, code, "gpu %v: exit %d, stdout %q, stderr %q; want exit 2 and one line naming %q", c.args, code, out, stderr, c.want)
		assert.Contains(t, stderr, c.want, "gpu %v: exit %d, stdout %q, stderr %q; want exit 2 and one line naming %q", c.args, code, out, stderr, c.want)
		assert.Equal(t, "", out, "gpu %v: exit %d, stdout %q, stderr %q; want exit 2 and one line naming %q", c.args, code, out, stderr, c.want)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "gpu %v: exit %d, stdout %q, stderr %q; want exit 2 and one line naming %q", c.args, code, out, stderr, c.want)
	}
	// A directory that does not exist yet is fine: it is created at the end.
	assert.NoError(t, checkOutDir("--out-dir", filepath.Join(t.TempDir(), "new", "evidence")), "a directory to create")
}

// TestOverflowErrorsNameTheInput: a stride or an op argument too large for
// tilecheck's int64 arithmetic is exit 2 with a message naming the key or
// the op, not a bare "int64 overflow ...: 9223372036854775807 * 32".
func TestOverflowErrorsNameTheInput(t *testing.T) {
	const cfg = "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1"
	for _, c := range []struct{ config, ops, want string }{
		{cfg + " stride=9223372036854775807", "load()", "stride=9223372036854775807"},
		{cfg + " stride=64", "load();add_pointer_offset(9223372036854775807);load()", `op 2 "add_pointer_offset(9223372036854775807)"`},
		{cfg + " stride=64", "add_tile_offset(0,9223372036854775807);load()", `op 1 "add_tile_offset(0,9223372036854775807)"`},
	} {
		for _, cmd := range []string{"check", "trace"} {
			code, _, stderr := runCLI(cmd, "--iterator", "reference", "--config", c.config, "--ops", c.ops)
			assert.Equal(t, exitUsage, code, "%s %s / %s: exit %d, stderr %q; want exit 2, one line naming %q", cmd, c.config, c.ops, code, stderr, c.want)
			assert.Contains(t, stderr, c.want, "%s %s / %s: exit %d, stderr %q; want exit 2, one line naming %q", cmd, c.config, c.ops, code, stderr, c.want)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), "%s %s / %s: exit %d, stderr %q; want exit 2, one line naming %q", cmd, c.config, c.ops, code, stderr, c.want)
		}
	}
}
