package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const picConfig = "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64"

// check --svg draws the failing thread: the load of tile (1,0) on
// cutlass-pre3049 is off the reference's, so its path carries the
// reference's four accesses; the store agrees.
func TestCheckSVGDrawsTheCounterexample(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sym.svg")
	code, _, stderr := runCLI("check", "--iterator", "cutlass-pre3049", "--config", picConfig,
		"--ops", "load(1,0);store(1,0)", "--property", "P-sym", "--thread", "5", "--svg", path)
	require.Equal(t, exitFail, code, stderr)
	svg, err := os.ReadFile(path)
	require.NoError(t, err)
	s := string(svg)
	assert.Contains(t, s, "<title>cutlass-pre3049 P-sym: thread 5</title>")
	assert.Equal(t, 8, strings.Count(s, `class="tc-acc `), "four loads and four stores")
	assert.Equal(t, 4, strings.Count(s, `class="tc-ref tc-p0"`), "the reference's load, where it differs")
	assert.Less(t, len(svg), 16<<10)
}

func TestCheckSVGWritesNothingWhenEveryPropertyHolds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "none.svg")
	code, _, stderr := runCLI("check", "--iterator", "reference", "--config", picConfig, "--ops", "load(1,0);store(1,0)", "--svg", path)
	require.Equal(t, exitPass, code, stderr)
	assert.NoFileExists(t, path)
	assert.Contains(t, stderr, "--svg "+path+" not written: no violation of one thread to draw")
}

func TestCheckSVGRefusesAMissingDirectory(t *testing.T) {
	code, _, stderr := runCLI("check", "--iterator", "reference", "--config", picConfig, "--ops", "load()",
		"--svg", filepath.Join(t.TempDir(), "no", "such.svg"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--svg")
}

func TestCheckHTMLHoldsThePicture(t *testing.T) {
	code, out, stderr := runCLI("check", "--format", "html", "--iterator", "cutlass-pre3049", "--config", picConfig,
		"--ops", "load(1,0);store(1,0)", "--property", "P-sym", "--thread", "5")
	require.Equal(t, exitFail, code, stderr)
	assert.True(t, strings.HasPrefix(out, "<!DOCTYPE html>"))
	assert.Equal(t, 1, strings.Count(out, "<svg "))
	assert.Contains(t, out, "P-sym violated: thread 5")
}

// sweep --svg-dir writes a picture per counterexample, which the md report
// links; --out FILE.html writes the page, pictures inline.
func TestSweepPicturesAndHTML(t *testing.T) {
	dir := t.TempDir()
	md, pics := filepath.Join(dir, "r.md"), filepath.Join(dir, "pics")
	code, _, stderr := runCLI("sweep", "--iterator", "cutlass-pre3049", "--out", md, "--svg-dir", pics)
	require.Equal(t, exitFail, code, stderr)
	svg, err := os.ReadFile(filepath.Join(pics, "cutlass-pre3049-RegularTileIterator-P-sym.svg"))
	require.NoError(t, err)
	assert.Contains(t, string(svg), "<svg ")
	text, err := os.ReadFile(md)
	require.NoError(t, err)
	assert.Contains(t, string(text), "Picture: [cutlass-pre3049-RegularTileIterator-P-sym.svg]("+pics+"/cutlass-pre3049-RegularTileIterator-P-sym.svg)")

	page := filepath.Join(dir, "r.html")
	code, _, stderr = runCLI("sweep", "--iterator", "cutlass-pre3049", "--out", page)
	require.Equal(t, exitFail, code, stderr)
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	entries, err := os.ReadDir(pics)
	require.NoError(t, err)
	assert.Equal(t, len(entries), strings.Count(string(html), "<svg "), "the page draws what --svg-dir wrote")
	assert.Contains(t, string(html), `<rect class="tc-acc tc-p1"`, "a Go model's counterexample traced again, path by path")
	assert.Contains(t, string(svg), `<rect class="tc-acc tc-p1"`)
	assert.Less(t, len(html), 200<<10)
}

func TestSweepSVGDirRefusesAFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(f, nil, 0o644))
	code, _, stderr := runCLI("sweep", "--iterator", "reference", "--svg-dir", f)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--svg-dir")
	assert.Contains(t, stderr, "not a directory")
}

// The picture docs/properties.md shows is what its command draws.
func TestDocsPictureIsCurrent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p-sym.svg")
	code, _, stderr := runCLI("check", "--iterator", "cutlass-pre3049",
		"--config", "elem=f32 shape=32x4 map=stripmined threads=8 access=4 adv=1 stride=40",
		"--ops", "load(1,0);store(1,0)", "--property", "P-sym", "--thread", "3", "--svg", path)
	require.Equal(t, exitFail, code, stderr)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	want, err := os.ReadFile(filepath.Join("..", "..", "docs", "pictures", "p-sym.svg"))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "docs/pictures/p-sym.svg is stale: run the command in docs/properties.md#pictures-of-a-counterexample with --svg docs/pictures/p-sym.svg")
}

// A compiled check draws the compiled code's accesses: the project's C++
// rendition of cutlass-pre3049 makes the docs' picture byte for byte.
func TestCheckSVGOfCompiledCode(t *testing.T) {
	requireCompiler(t)
	path := filepath.Join(t.TempDir(), "host.svg")
	code, _, stderr := runCLI("check", "--backend", "host", "--iterator", "cutlass-pre3049",
		"--config", "elem=f32 shape=32x4 map=stripmined threads=8 access=4 adv=1 stride=40",
		"--ops", "load(1,0);store(1,0)", "--property", "P-sym", "--thread", "3", "--svg", path)
	require.Equal(t, exitFail, code, stderr)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	want, err := os.ReadFile(filepath.Join("..", "..", "docs", "pictures", "p-sym.svg"))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}
