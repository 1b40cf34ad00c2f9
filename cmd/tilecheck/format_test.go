package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutExtensionChoosesTheFormat: without --format, --out's extension
// chooses it (.json json, .md Markdown, .xml JUnit, .txt text).
func TestOutExtensionChoosesTheFormat(t *testing.T) {
	dir := t.TempDir()
	for ext, prefix := range map[string]string{".json": "{", ".md": "#", ".xml": "<?xml", ".txt": "tilecheck"} {
		out := filepath.Join(dir, "r"+ext)
		code, _, stderr := runCLI("sweep", "--iterator", "reference", "--out", out)
		require.Equal(t, exitPass, code, "--out %s: exit %d, stderr %q", out, code, stderr)
		b, _ := os.ReadFile(out)
		assert.True(t, strings.HasPrefix(string(b), prefix), "--out r%s: file starts %.40q, want %q", ext, b, prefix)
	}
}

// TestFormatContradictingOutRefused: an explicit --format that the
// extension contradicts is refused before any work, naming both.
func TestFormatContradictingOutRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.json")
	for _, args := range [][]string{
		{"sweep", "--iterator", "reference", "--format", "text", "--out", out},
		{"probe", "--format", "md", "--out", out},
		{"merge", "--format", "junit", "--out", out, "x.json"},
		{"probe", "--out", filepath.Join(filepath.Dir(out), "r.xml")}, // probe writes no JUnit
	} {
		code, _, stderr := runCLI(args...)
		assert.Equal(t, exitUsage, code, "%v: exit %d, stderr %q; want 2 naming --format and --out", args, code, stderr)
		assert.Contains(t, stderr, "--out", "%v: exit %d, stderr %q; want 2 naming --format and --out", args, code, stderr)
		assert.Contains(t, stderr, "--format", "%v: exit %d, stderr %q; want 2 naming --format and --out", args, code, stderr)
	}
	_, err := os.Stat(out)
	assert.Error(t, err, "a refused run wrote --out")
}
