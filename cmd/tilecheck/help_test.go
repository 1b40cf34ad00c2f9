package main

import (
	"strings"
	"testing"
)

// TestHelpOncePerCommand: every command's --help prints its help once, on
// stdout, listing flags as --flag (as the usage lines and examples spell
// them); `tilecheck help CMD` prints the same.
func TestHelpOncePerCommand(t *testing.T) {
	for name := range commands {
		if strings.HasPrefix(name, "test-") {
			continue
		}
		code, out, stderr := runCLI(name, "--help")
		if code != exitPass || stderr != "" {
			t.Errorf("%s --help: exit %d, stderr %q", name, code, stderr)
		}
		if n := strings.Count(out, "Usage: tilecheck "+name); n != 1 {
			t.Errorf("%s --help prints its usage %d times", name, n)
		}
		if strings.Contains(out, "\n  -") && !strings.Contains(out, "\n  --") {
			t.Errorf("%s --help lists flags as -flag:\n%s", name, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "  -") && !strings.HasPrefix(line, "  --") {
				t.Errorf("%s --help: flag line %q", name, line)
			}
		}
		code2, out2, _ := runCLI("help", name)
		if code2 != exitPass || out2 != out {
			t.Errorf("tilecheck help %s differs from %s --help (exit %d)", name, name, code2)
		}
	}
}

// TestUnknownFlagIsOneLine: a bad flag names itself as --flag and points to
// --help, instead of dumping the whole help.
func TestUnknownFlagIsOneLine(t *testing.T) {
	for _, name := range []string{"sweep", "check", "probe", "gpu", "trace", "merge"} {
		code, out, stderr := runCLI(name, "--bogus")
		if code != exitUsage || out != "" {
			t.Errorf("%s --bogus: exit %d, stdout %q", name, code, out)
		}
		if strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "--bogus") || !strings.Contains(stderr, "--help") {
			t.Errorf("%s --bogus: stderr %q, want one line naming --bogus and --help", name, stderr)
		}
	}
}

func TestVersionCommand(t *testing.T) {
	code, out, _ := runCLI("version")
	if code != exitPass || !strings.HasPrefix(out, "tilecheck ") || strings.Contains(out, "0.1.0") {
		t.Errorf("version: exit %d, %q (want the build's version, not a hard-coded one)", code, out)
	}
}
