package apisurface

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite api/tilecheck.txt from the code (after recording the change in CHANGELOG.md)")

const (
	module   = "github.com/tilecheck/tilecheck"
	listing  = "../../api/tilecheck.txt"
	header   = "# tilecheck's public Go API, one declaration per line (internal/apisurface).\n# A change here is a change users compile against: record it in CHANGELOG.md.\n"
	changelg = "../../CHANGELOG.md"
)

// The exported API is the one recorded: adding, changing or removing a
// public declaration fails until api/tilecheck.txt and CHANGELOG.md say so.
func TestPublicAPIIsTheRecordedOne(t *testing.T) {
	got, err := List("../..", module)
	require.NoError(t, err)
	require.NotEmpty(t, got)
	if *update {
		require.NoError(t, os.WriteFile(listing, []byte(header+strings.Join(got, "\n")+"\n"), 0o644))
	}
	want, err := ReadFile(listing)
	require.NoError(t, err)
	removed, added := Diff(want, got)
	assert.Zero(t, len(removed)+len(added), "the public API changed.\nremoved or changed (breaks users' code):\n  %s\nadded:\n  %s\n"+
		"Record the change in CHANGELOG.md under Unreleased, then run\n  go test ./internal/apisurface -update", strings.Join(removed, "\n  "), strings.Join(added, "\n  "))
}

// The changelog names the module's versions, newest first, starting with
// the unreleased changes.
func TestChangelogHasUnreleased(t *testing.T) {
	b, err := os.ReadFile(changelg)
	require.NoError(t, err)
	require.Contains(t, string(b), "\n## Unreleased\n")
	require.Regexp(t, `\n## v\d+\.\d+\.\d+ `, string(b), "a released version")
}

// List sees a changed signature, a removed field and an unexported name
// staying out, in a module of its own.
func TestListSeesChanges(t *testing.T) {
	dir := t.TempDir()
	write := func(src string) []string {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "p"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "p", "p.go"), []byte(src), 0o644))
		lines, err := List(dir, "example.com/m")
		require.NoError(t, err)
		return lines
	}
	before := write("package p\ntype T struct{ A, b int }\nfunc F(x int) error { return nil }\nfunc g() {}\n")
	require.Equal(t, []string{
		"pkg example.com/m/p, func F(x int) error",
		"pkg example.com/m/p, type T struct",
		"pkg example.com/m/p, type T struct, A int",
	}, before)
	after := write("package p\ntype T struct{ b int }\nfunc F(x int64) error { return nil }\n")
	removed, added := Diff(before, after)
	require.Equal(t, []string{"pkg example.com/m/p, func F(x int) error", "pkg example.com/m/p, type T struct, A int"}, removed)
	require.Equal(t, []string{"pkg example.com/m/p, func F(x int64) error"}, added)
}
