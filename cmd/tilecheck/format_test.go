package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutExtensionChoosesTheFormat: without --format, --out's extension
// chooses it (.json json, .md Markdown, .xml JUnit, .txt text).
func TestOutExtensionChoosesTheFormat(t *testing.T) {
	dir := t.TempDir()
	for ext, prefix := range map[string]string{".json": "{", ".md": "#", ".xml": "<?xml", ".txt": "tilecheck"} {
		out := filepath.Join(dir, "r"+ext)
		code, _, stderr := runCLI("sweep", "--iterator", "reference", "--out", out)
		if code != exitPass {
			t.Fatalf("--out %s: exit %d, stderr %q", out, code, stderr)
		}
		b, _ := os.ReadFile(out)
		if !strings.HasPrefix(string(b), prefix) {
			t.Errorf("--out r%s: file starts %.40q, want %q", ext, b, prefix)
		}
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
		if code != exitUsage || !strings.Contains(stderr, "--out") || !strings.Contains(stderr, "--format") {
			t.Errorf("%v: exit %d, stderr %q; want 2 naming --format and --out", args, code, stderr)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused run wrote --out")
	}
}
