package main

import (
	"flag"
	"strings"
	"testing"

	"github.com/tilecheck/tilecheck/gen"
)

// TestPresetFlag: the flag keeps the typed preset it was given, judges it by
// the command's rule (representative only where probe cases are wanted),
// and prints as a string flag in the help.
func TestPresetFlag(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	sw := presetVar(fs, "preset", gen.Quick, false, "u")
	pr := presetVar(fs, "sanitize-preset", gen.Representative, true, "u")
	if sw.p != gen.Quick || pr.p != gen.Representative {
		t.Fatalf("defaults %q %q", sw.p, pr.p)
	}
	if err := fs.Parse([]string{"--preset", "release", "--sanitize-preset", "bogus"}); err != nil {
		t.Fatal(err)
	}
	if sw.p != gen.Release || sw.problem("preset") != "" {
		t.Errorf("release: %q %q", sw.p, sw.problem("preset"))
	}
	if got, want := pr.problem("sanitize-preset"), `--sanitize-preset "bogus": want representative, quick, release or exhaustive`; got != want {
		t.Errorf("problem %q, want %q", got, want)
	}
	sw.p = gen.Representative
	if got, want := sw.problem("preset"), `--preset "representative": want quick, release or exhaustive`; got != want {
		t.Errorf("problem %q, want %q", got, want)
	}
	var help strings.Builder
	printDefaults(&help, fs)
	if !strings.Contains(help.String(), "  --preset string ") {
		t.Errorf("help:\n%s", help.String())
	}
}
