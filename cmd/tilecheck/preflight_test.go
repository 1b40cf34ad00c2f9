package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// userHeaders is an include directory holding empty.h, which declares
// namespace broken and nothing in it. It skips without a C++ compiler.
func userHeaders(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("SKIPPED, NOT PASSED: no g++; the preflight of your headers was not tested")
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "empty.h"), []byte("#pragma once\nnamespace broken {}\n"), 0o644))
	// needs_cuda.h stands for CUTLASS built without CUDA's headers on the
	// include path.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "needs_cuda.h"), []byte("#pragma once\n#include <tilecheck_absent_cuda_runtime.h>\n"), 0o644))
	return dir
}

// TestHeadersCheckedBeforeTheBuild: a namespace your headers do not
// declare, a class the namespace lacks, or a header that is not there is
// bad input found by one small program before the big compile: exit 2
// within seconds, naming what is missing, in every command that builds
// your headers.
func TestHeadersCheckedBeforeTheBuild(t *testing.T) {
	dir := userHeaders(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	mine := func(ns, header string) []string {
		return []string{"--include", dir, "--namespace", ns, "--header", header}
	}
	check := []string{"check", "--backend", "host", "--iterator", "cutlass", "--config", "elem=f32 shape=64x8 threads=32 access=4", "--ops", "load()"}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{append([]string{"probe"}, mine("cutlas", "empty.h")...), []string{"--namespace cutlas", "no such namespace"}},
		{append([]string{"probe"}, mine("broken", "empty.h")...), []string{"--namespace broken", "transform::threadblock::RegularTileIterator"}},
		{append([]string{"probe", "--class", "PredicatedTileAccessIterator"}, mine("broken", "empty.h")...), []string{"PredicatedTileAccessIterator"}},
		{append([]string{"probe"}, mine("broken", "nothere.h")...), []string{"--header nothere.h", "not found"}},
		{append([]string{"probe"}, mine("broken", "needs_cuda.h")...), []string{"tilecheck_absent_cuda_runtime.h: included by your headers", "--cuda-include"}},
		{append([]string{"sweep", "--backend", "host"}, mine("cutlas", "empty.h")...), []string{"--namespace cutlas", "no such namespace"}},
		{append([]string{"sweep", "--backend", "host"}, mine("broken", "empty.h")...), []string{"RegularTileIterator"}},
		{append(check, mine("cutlas", "empty.h")...), []string{"--namespace cutlas", "no such namespace"}},
		{append(check, mine("broken", "empty.h")...), []string{"RegularTileIterator"}},
	} {
		start := time.Now()
		code, _, stderr := runCLI(c.args...)
		took := time.Since(start)
		ok := code == exitUsage && took < time.Minute
		for _, w := range c.want {
			ok = ok && strings.Contains(stderr, w)
		}
		assert.True(t, ok, "%v: exit %d after %v, stderr %q; want 2 within a minute naming %q", c.args, code, took.Round(time.Second), stderr, c.want)
	}
}

// TestRealCutlassNamespaceTypo: a misspelt namespace on a real CUTLASS
// tree is refused in seconds, before any iterator is built.
func TestRealCutlassNamespaceTypo(t *testing.T) {
	inc := realCutlass(t, "v4.7.0")
	start := time.Now()
	code, out, stderr := runCLI("probe", "--include", inc, "--namespace", "cutlas")
	assert.Equal(t, exitUsage, code, "exit %d after %v, stderr %q, stdout %.200q; want 2 naming the namespace within a minute", code, time.Since(start), stderr, out)
	assert.Contains(t, stderr, "--namespace cutlas", "exit %d after %v, stderr %q, stdout %.200q; want 2 naming the namespace within a minute", code, time.Since(start), stderr, out)
	assert.LessOrEqual(t, time.Since(start), time.Minute, "exit %d after %v, stderr %q, stdout %.200q; want 2 naming the namespace within a minute", code, time.Since(start), stderr, out)
}
