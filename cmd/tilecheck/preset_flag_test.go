package main

import (
	"flag"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/gen"
)

// TestPresetFlag: the flag keeps the typed preset it was given, judges it by
// the command's rule (representative only where probe cases are wanted),
// and prints as a string flag in the help.
func TestPresetFlag(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	sw := presetVar(fs, "preset", gen.Quick, false, "u")
	pr := presetVar(fs, "sanitize-preset", gen.Representative, true, "u")
	require.Equal(t, gen.Quick, sw.p, "defaults %q %q", sw.p, pr.p)
	require.Equal(t, gen.Representative, pr.p, "defaults %q %q", sw.p, pr.p)
	require.NoError(t, fs.Parse([]string{"--preset", "release", "--sanitize-preset", "bogus"}))
	assert.Equal(t, gen.Release, sw.p, "release: %q %q", sw.p, sw.problem("preset"))
	assert.Empty(t, sw.problem("preset"), "release: %q %q", sw.p, sw.problem("preset"))
	got, want := pr.problem("sanitize-preset"), `--sanitize-preset "bogus": want representative, quick, release or exhaustive`
	assert.Equal(t, want, got, "problem %q, want %q", got, want)
	sw.p = gen.Representative
	got, want = sw.problem("preset"), `--preset "representative": want quick, release or exhaustive`
	assert.Equal(t, want, got, "problem %q, want %q", got, want)
	var help strings.Builder
	printDefaults(&help, fs)
	assert.Contains(t, help.String(), "  --preset string ", "help:\n%s", help.String())
}
