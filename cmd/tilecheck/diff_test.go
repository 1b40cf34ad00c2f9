package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// diffJSON is the part of diff's JSON report the tests read.
type diffJSON struct {
	Command  string `json:"command"`
	Pairs    int    `json:"pairs"`
	Accesses int64  `json:"accesses"`
	Groups   []struct {
		Class    string `json:"class"`
		Path     string `json:"path"`
		Examples []struct {
			Config  string `json:"config"`
			Program string `json:"program"`
			Replay  string `json:"replay"`
		} `json:"examples"`
	} `json:"groups"`
	A, B struct {
		Matches []struct {
			Class, Model string
			Differ       int64
		} `json:"matches"`
	}
}

func TestDiffModelsShowsTheStoreFix(t *testing.T) {
	code, out, stderr := runCLI("diff", "--model", "cutlass-pre3049", "--model", "cutlass", "--format", "json")
	require.Equal(t, exitFail, code, stderr)
	var rep diffJSON
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.NotEmpty(t, rep.Groups)
	for _, g := range rep.Groups {
		assert.Equal(t, "store(frag, tile)", g.Path)
		require.NotEmpty(t, g.Examples)
		e := g.Examples[0]
		assert.Equal(t, "tilecheck diff --model cutlass-pre3049 --model cutlass --config '"+e.Config+"' --ops '"+e.Program+"'", e.Replay)
	}
	assert.Equal(t, "cutlass-pre3049", rep.A.Matches[0].Model)
	assert.Equal(t, "cutlass", rep.B.Matches[0].Model)

	// The replay of an example compares that case only, and shows it.
	e := rep.Groups[0].Examples[0]
	code, out, stderr = runCLI("diff", "--model", "cutlass-pre3049", "--model", "cutlass", "--config", e.Config, "--ops", e.Program, "--format", "json")
	require.Equal(t, exitFail, code, stderr)
	var one diffJSON
	require.NoError(t, json.Unmarshal([]byte(out), &one))
	assert.Equal(t, 1, one.Pairs)
	require.Len(t, one.Groups, 1)
}

func TestDiffModelAgainstItselfShowsNothing(t *testing.T) {
	code, out, stderr := runCLI("diff", "--model", "cutlass", "--model", "cutlass", "--class", "all")
	require.Equal(t, exitPass, code, stderr)
	assert.Contains(t, out, "no difference")
	assert.Contains(t, out, "0 of ")
}

func TestDiffTextFitsIn100Columns(t *testing.T) {
	code, out, _ := runCLI("diff", "--model", "reference", "--model", "cutlass", "--class", "all")
	require.Equal(t, exitFail, code)
	for _, line := range strings.Split(out, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 100, line)
	}
	assert.Contains(t, out, "replay:")
	assert.Contains(t, out, "DIFFERENT")
}

func TestDiffMarkdownOut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "diff.md")
	code, out, stderr := runCLI("diff", "--model", "cutlass-pre3049", "--model", "cutlass", "--out", path)
	require.Equal(t, exitFail, code, stderr)
	assert.Empty(t, out)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	md := string(b)
	assert.True(t, strings.HasPrefix(md, "# tilecheck diff\n\n```\ntilecheck diff --model cutlass-pre3049 --model cutlass --out "), md[:min(200, len(md))])
	assert.Contains(t, md, "| RegularTileIterator | `store(frag, tile)` |")
}

func TestDiffBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--model", "cutlass"}, "want two sides"},
		{[]string{"--model", "cutlass", "--model", "cutlass", "--model", "reference"}, "want two sides"},
		{[]string{"--model", "nope", "--model", "cutlass"}, `--model "nope"`},
		{[]string{"--model", "C-load-div", "--model", "cutlass"}, `--model "C-load-div"`},
		{[]string{"--include", filepath.Join(dir, "none"), "--model", "cutlass"}, "not a directory"},
		{[]string{"--model", "cutlass", "--model", "cutlass", "--config", "elem=f32"}, "--config and --ops go together"},
		{[]string{"--model", "cutlass", "--model", "cutlass", "--config", "elem=f32 shape=64x8 threads=32 access=4", "--ops", "bogus"}, "--ops"},
		{[]string{"--model", "cutlass", "--model", "cutlass", "--class", "Nope"}, "--class"},
		{[]string{"--model", "cutlass", "--model", "cutlass", "--format", "svg"}, "--format"},
		{[]string{"--model", "cutlass", "--model", "cutlass", "--include", dir, "--arch", "sm_80"}, "--arch needs --backend gpu"},
		{[]string{"--model", "cutlass", "--model", "cutlass", "--backend", "gpu"}, "--backend needs a tree side"},
		{[]string{"--model", "cutlass", "--model", "cutlass", "--out", filepath.Join(dir, "no", "x.md")}, "does not exist"},
	} {
		code, out, stderr := runCLI(append([]string{"diff"}, c.args...)...)
		assert.Equal(t, exitUsage, code, "%v: %s", c.args, stderr)
		assert.Empty(t, out, c.args)
		assert.Contains(t, stderr, c.want, c.args)
		assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %s", stderr)
	}
}

func TestDiffInterruptedBeforeBuildingExits130(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := runContext(ctx, []string{"diff", "--include", t.TempDir(), "--model", "cutlass"}, &out, &errb)
	assert.Equal(t, exitInterrupted, code, errb.String())
	assert.Contains(t, errb.String(), "interrupted")
	assert.Empty(t, out.String())
}

// SIGINT while a tree's headers compile kills the compilers and exits 130
// without a report.
func TestDiffInterruptKillsCompilers(t *testing.T) {
	dir := t.TempDir()
	cxx := filepath.Join(dir, "fake-g++")
	require.NoError(t, os.WriteFile(cxx, []byte(fakeCompiler), 0o755))
	inc := filepath.Join(dir, "include")
	require.NoError(t, os.Mkdir(inc, 0o755))
	pids := filepath.Join(dir, "pids")
	out := filepath.Join(dir, "diff.md")
	cmd, stderr := startCLI(t, dir, []string{"CXX=" + cxx, "FAKE_PIDS=" + pids, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache")},
		"diff", "--include", inc, "--model", "cutlass", "--out", out)
	deadline := time.Now().Add(2 * time.Minute)
	for len(readPids(pids)) < 2 {
		require.False(t, time.Now().After(deadline), "the fake compiler never started")
		time.Sleep(50 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	rest, _ := io.ReadAll(stderr)
	assert.Equal(t, exitInterrupted, waitExit(t, cmd), string(rest))
	assert.Contains(t, string(rest), "interrupted")
	for _, pid := range readPids(pids) {
		if !assert.False(t, alive(pid), "compiler process %d still running after the interrupt", pid) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	assert.NoFileExists(t, out)
}
