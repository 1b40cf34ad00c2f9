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
		if code != exitUsage || !strings.Contains(stderr, c.want) || out != "" {
			t.Errorf("%s: exit %d, stderr %q; want 2 naming %q", c.config, code, stderr, c.want)
		}
		if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
			t.Errorf("%s: stack trace on stderr", c.config)
		}
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
	if code != exitInternal {
		t.Errorf("exit %d, want %d", code, exitInternal)
	}
	if !strings.Contains(stderr, "internal error") || strings.Contains(stderr, "goroutine") {
		t.Errorf("stderr %q: want one line saying internal error, no stack trace", stderr)
	}
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
		if code != exitUsage || !strings.Contains(stderr, "no-such-dir") {
			t.Errorf("%v: exit %d, stderr %q; want 2 naming the directory", args, code, stderr)
		}
	}
}

// TestOutDashIsStdout: --out - writes the report to standard output and
// creates no file named "-".
func TestOutDashIsStdout(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	code, out, stderr := runCLI("sweep", "--iterator", "reference", "--format", "json", "--out", "-")
	if code != exitPass || !strings.HasPrefix(out, "{") {
		t.Fatalf("exit %d, stdout %.80q, stderr %q", code, out, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Error("--out - created a file named -")
	}
}

// TestAtomicWriteKeepsOldFile: a write that fails part way (a full disk)
// leaves the old report in place and no temporary file; one that succeeds
// replaces it whole.
func TestAtomicWriteKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.json")
	if err := os.WriteFile(path, []byte("old report\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	diskFull := errors.New("no space left on device")
	err := writeFileAtomic(path, func(w io.Writer) error {
		if _, err := io.WriteString(w, "half a new rep"); err != nil {
			return err
		}
		return diskFull
	})
	if !errors.Is(err, diskFull) {
		t.Fatalf("err = %v, want the write's error", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old report\n" {
		t.Errorf("after a failed write the file holds %q, want the old report", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files left after a failed write: %v", entries)
	}
	if err := writeOut(path, []byte("new report\n"), io.Discard); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new report\n" {
		t.Errorf("after a write the file holds %q", b)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode().Perm())
	}
}

// TestCheckOpsFileAndJSON: --ops-file reads a program (';' or newlines,
// comments) and --format json prints the results for a script.
func TestCheckOpsFileAndJSON(t *testing.T) {
	file := filepath.Join(t.TempDir(), "prog.ops")
	if err := os.WriteFile(file, []byte("# the pre-#3049 asymmetry\nload(1,0)\nstore(1,0); load()\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI("check", "--iterator", "cutlass-pre3049", "--config", specCase, "--ops-file", file,
		"--property", "P-sym", "--thread", "5", "--format", "json")
	if code != exitFail {
		t.Fatalf("exit %d, want 1; stderr %q", code, stderr)
	}
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
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if res.Ops != "load(1,0);store(1,0);load()" || res.Verdict != report.Fail || len(res.Properties) != 1 {
		t.Fatalf("unexpected result: %+v", res)
	}
	v := res.Properties[0].Violations
	if res.Properties[0].ID != "P-sym" || len(v) == 0 || v[0].Thread != 5 || v[0].Expected[0] != 144 || v[0].Actual[0] != 336 {
		t.Errorf("P-sym violation: %+v (want thread 5, 144 expected, 336 actual)", res.Properties[0])
	}
	if code, _, stderr := runCLI("check", "--iterator", "reference", "--config", specCase, "--ops-file", file+".missing"); code != exitUsage || !strings.Contains(stderr, "--ops-file") {
		t.Errorf("missing ops file: exit %d, stderr %q", code, stderr)
	}
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
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
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
		if code != exitUsage || !strings.Contains(stderr, c.want) || out != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("gpu %v: exit %d, stdout %q, stderr %q; want exit 2 and one line naming %q", c.args, code, out, stderr, c.want)
		}
	}
	// A directory that does not exist yet is fine: it is created at the end.
	if err := checkOutDir("--out-dir", filepath.Join(t.TempDir(), "new", "evidence")); err != nil {
		t.Errorf("a directory to create: %v", err)
	}
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
			if code != exitUsage || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%s %s / %s: exit %d, stderr %q; want exit 2, one line naming %q", cmd, c.config, c.ops, code, stderr, c.want)
			}
		}
	}
}
