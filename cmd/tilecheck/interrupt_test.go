package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/internal/realcutlass"
	"github.com/tilecheck/tilecheck/report"
)

// The interrupt tests run the command in a child process (this test binary
// re-executed with tilecheckMainEnv set), so that a real SIGINT reaches a
// real process group.
const tilecheckMainEnv = "TILECHECK_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(tilecheckMainEnv) == "1" {
		main()
		return
	}
	code := m.Run()
	realcutlass.Cleanup()
	os.Exit(code)
}

// startCLI starts tilecheck args... as a child process in dir with env
// added, its stderr readable line by line.
func startCLI(t *testing.T, dir string, env []string, args ...string) (*exec.Cmd, *bufio.Reader) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), tilecheckMainEnv+"=1"), env...)
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	return cmd, bufio.NewReader(stderr)
}

// waitExit waits for cmd and returns its exit status.
func waitExit(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	err := cmd.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	require.NoError(t, err)
	return 0
}

// TestInterruptGoSweepWritesPartialReport: SIGTERM (as a CI runner sends
// on cancel; SIGINT is the compiled test's) in the middle of an exhaustive
// sweep (seen by its --verbose progress line) stops it, writes the batches
// judged so far as a report marked interrupted to --out, and exits 130.
func TestInterruptGoSweepWritesPartialReport(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "partial.json")
	cmd, stderr := startCLI(t, dir, nil, "sweep", "--iterator", "reference", "--preset", "exhaustive",
		"--format", "json", "--out", out, "--verbose")
	line, err := stderr.ReadString('\n') // the first progress line: the sweep is under way
	require.NoError(t, err, "no progress line before SIGTERM: %q", line)
	require.True(t, strings.HasPrefix(line, "sweep: "), "no progress line before SIGTERM: %q, %v", line, err)
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	rest, _ := io.ReadAll(stderr)
	code := waitExit(t, cmd)
	require.Equal(t, exitInterrupted, code, "exit %d after SIGTERM, want %d; stderr %s", code, exitInterrupted, rest)
	b, err := os.ReadFile(out)
	require.NoError(t, err, "no partial report: %v (stderr %s)", err, rest)
	var r report.Report
	require.NoError(t, json.Unmarshal(b, &r))
	assert.Equal(t, report.Interrupted, r.Verdict, "partial report: verdict %q, interrupted %q, %d checks; want verdict interrupted, how far, checks > 0", r.Verdict, r.Interrupted, r.Checks)
	assert.Contains(t, r.Interrupted, "stopped after", "partial report: verdict %q, interrupted %q, %d checks; want verdict interrupted, how far, checks > 0", r.Verdict, r.Interrupted, r.Checks)
	assert.NotZero(t, r.Checks, "partial report: verdict %q, interrupted %q, %d checks; want verdict interrupted, how far, checks > 0", r.Verdict, r.Interrupted, r.Checks)
	assert.Contains(t, string(rest), "interrupted", "stderr does not say interrupted: %s", rest)
}

// fakeCompiler is a "g++" that writes part of its output file, starts a
// child (as g++ starts cc1plus), records both pids and waits: only killing
// its whole process group stops the child.
const fakeCompiler = `#!/bin/sh
case "$1" in --version) echo "g++ (fake) 1.0"; echo "Free Software Foundation"; exit 0;; esac
out=""; prev=""
for a in "$@"; do if [ "$prev" = "-o" ]; then out="$a"; fi; prev="$a"; done
echo partial > "$out"
sleep 600 &
echo $! >> "$FAKE_PIDS"
echo $$ >> "$FAKE_PIDS"
wait
`

// TestInterruptCompiledSweepKillsCompilers: SIGINT while a compiled sweep
// is compiling kills every compiler and its children, leaves no .tmp file
// in the build cache, writes the partial report marked interrupted and
// exits 130.
func TestInterruptCompiledSweepKillsCompilers(t *testing.T) {
	dir := t.TempDir()
	cxx := filepath.Join(dir, "fake-g++")
	require.NoError(t, os.WriteFile(cxx, []byte(fakeCompiler), 0o755))
	pids := filepath.Join(dir, "pids")
	cache := filepath.Join(dir, "cache")
	out := filepath.Join(dir, "partial.txt")
	cmd, stderr := startCLI(t, dir, []string{"CXX=" + cxx, "FAKE_PIDS=" + pids, "XDG_CACHE_HOME=" + cache},
		"sweep", "--backend", "host", "--iterator", "reference", "--out", out)
	// Wait for compilers to be running (an event, not a time: the deadline
	// only keeps a broken build from hanging the test).
	deadline := time.Now().Add(2 * time.Minute)
	var started []int
	for len(started) < 2 {
		require.False(t, time.Now().After(deadline), "the fake compiler never started (pids %v)", started)
		time.Sleep(50 * time.Millisecond)
		started = readPids(pids)
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	rest, _ := io.ReadAll(stderr)
	code := waitExit(t, cmd)
	require.Equal(t, exitInterrupted, code, "exit %d after SIGINT, want %d; stderr %s", code, exitInterrupted, rest)
	for _, pid := range readPids(pids) {
		if !assert.False(t, alive(pid), "compiler process %d still running after the interrupt", pid) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	_ = filepath.Walk(cache, func(p string, info os.FileInfo, err error) error {
		assert.False(t, err == nil && strings.Contains(filepath.Base(p), ".tmp"), "left in the build cache: %s", p)
		return nil
	})
	b, err := os.ReadFile(out)
	require.NoError(t, err, "no partial report: %v (stderr %s)", err, rest)
	assert.Contains(t, string(b), "INTERRUPTED", "the partial report is not marked interrupted:\n%s", b)
	assert.Contains(t, string(b), "Verdict: INTERRUPTED", "the partial report is not marked interrupted:\n%s", b)
}

func readPids(path string) []int {
	b, _ := os.ReadFile(path)
	var out []int
	for _, f := range strings.Fields(string(b)) {
		if n, err := strconv.Atoi(f); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// alive says whether pid runs (a zombie, killed but not yet reaped, does
// not count).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	return len(fields) == 0 || fields[0] != "Z"
}
