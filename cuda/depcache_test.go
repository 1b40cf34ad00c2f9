package cuda

import (
	"context"
	"errors"
	"github.com/stretchr/testify/require"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A user edits a header of their checkout in place: the -I path, and so the
// cache key, stay the same. These tests build a tiny program against a
// header in a temporary include directory, edit it, and build again.

const valueProgram = "#include <cstdio>\n#include \"value.h\"\nint main() { std::printf(\"%d\\n\", VALUE); return 0; }\n"

// depToolchain is the host toolchain with its own cache and include
// directory, and a compiler that counts its compiles in a file.
func depToolchain(t *testing.T) (tc Toolchain, header string, compiles func() int) {
	t.Helper()
	host := hostToolchain(t)
	real, err := exec.LookPath(host.compiler())
	require.NoError(t, err)
	dir := t.TempDir()
	count := filepath.Join(dir, "compiles")
	script := filepath.Join(dir, "counting-cxx")
	body := "#!/bin/sh\ncase \"$*\" in *--version*) exec '" + real + "' \"$@\";; esac\necho x >> '" + count + "'\nexec '" + real + "' \"$@\"\n"
	require.NoError(t, os.WriteFile(script, []byte(body), 0o755))
	inc := filepath.Join(dir, "include")
	require.NoError(t, os.Mkdir(inc, 0o755))
	tc = Toolchain{Backend: "host", Compiler: script, IncludeDirs: []string{inc}, CacheDir: filepath.Join(dir, "cache")}
	return tc, filepath.Join(inc, "value.h"), func() int {
		b, _ := os.ReadFile(count)
		return strings.Count(string(b), "x")
	}
}

func writeHeader(t *testing.T, path, text string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
}

// buildAndRun builds valueProgram and returns what it prints.
func buildAndRun(t *testing.T, tc Toolchain) (out string, cached bool) {
	t.Helper()
	bin, cached, err := tc.Build(context.Background(), []byte(valueProgram))
	require.NoError(t, err, "build")
	b, err := exec.Command(bin).Output()
	require.NoError(t, err, "run %s", bin)
	return strings.TrimSpace(string(b)), cached
}

func TestBuildCacheSeesHeaderEdit(t *testing.T) {
	tc, header, compiles := depToolchain(t)
	steps := []struct {
		value    string // the header's VALUE
		want     string // what the program prints
		cached   bool
		compiles int // compiler runs so far
	}{
		{"1", "1", false, 1},
		{"1", "1", true, 1},  // unchanged header: a hit, no compiler run
		{"2", "2", false, 2}, // same size, other contents: a miss
		{"2", "2", true, 2},
		{"1", "1", true, 2}, // undone: the first program is still listed
	}
	for i, s := range steps {
		writeHeader(t, header, "#define VALUE "+s.value+"\n")
		out, cached := buildAndRun(t, tc)
		require.Equal(t, s.want, out, "step %d (VALUE %s): printed %q cached=%v after %d compiles, want %q cached=%v after %d", i, s.value, out, cached, compiles(), s.want, s.cached, s.compiles)
		require.Equal(t, s.cached, cached, "step %d (VALUE %s): printed %q cached=%v after %d compiles, want %q cached=%v after %d", i, s.value, out, cached, compiles(), s.want, s.cached, s.compiles)
		require.Equal(t, s.compiles, compiles(), "step %d (VALUE %s): printed %q cached=%v after %d compiles, want %q cached=%v after %d", i, s.value, out, cached, compiles(), s.want, s.cached, s.compiles)
	}
}

func TestBuildCacheSeesHeaderFixed(t *testing.T) {
	tc, header, compiles := depToolchain(t)
	writeHeader(t, header, "#define VALUE (1 +)\n")
	for i, wantCached := range []bool{false, true} {
		_, cached, err := tc.Build(context.Background(), []byte(valueProgram))
		var ce *CompileError
		require.True(t, errors.As(err, &ce), "broken header, build %d: err=%v cached=%v after %d compiles, want a compile error cached=%v after 1", i, err, cached, compiles(), wantCached)
		require.Equal(t, wantCached, cached, "broken header, build %d: err=%v cached=%v after %d compiles, want a compile error cached=%v after 1", i, err, cached, compiles(), wantCached)
		require.Equal(t, 1, compiles(), "broken header, build %d: err=%v cached=%v after %d compiles, want a compile error cached=%v after 1", i, err, cached, compiles(), wantCached)
	}
	writeHeader(t, header, "#define VALUE (1 + 2)\n")
	out, cached := buildAndRun(t, tc)
	require.Equal(t, "3", out, "fixed header: printed %q cached=%v after %d compiles, want \"3\" built afresh (2 compiles)", out, cached, compiles())
	require.False(t, cached, "fixed header: printed %q cached=%v after %d compiles, want \"3\" built afresh (2 compiles)", out, cached, compiles())
	require.Equal(t, 2, compiles(), "fixed header: printed %q cached=%v after %d compiles, want \"3\" built afresh (2 compiles)", out, cached, compiles())
}

// A missing header is not cached: the fix creates a file that the failed
// build's dependency list cannot name.
func TestBuildCacheSeesMissingHeaderCreated(t *testing.T) {
	tc, header, _ := depToolchain(t)
	_, _, err := tc.Build(context.Background(), []byte(valueProgram))
	require.Error(t, err, "built without value.h")
	writeHeader(t, header, "#define VALUE 7\n")
	out, cached := buildAndRun(t, tc)
	require.Equal(t, "7", out, "header created: printed")
	require.False(t, cached, "header created: cached, want built afresh")
}

// The failure attribution's syntax checks are cached by the same rule.
func TestSyntaxCheckSeesHeaderFixed(t *testing.T) {
	tc, header, compiles := depToolchain(t)
	t.Setenv("CXX", tc.Compiler) // compileError always checks with the host default
	opts := Options{Toolchain: Toolchain{Backend: "host", IncludeDirs: tc.IncludeDirs, CacheDir: tc.CacheDir}}
	ctx := context.Background()
	writeHeader(t, header, "#define VALUE (1 +)\n")
	for i := range 2 {
		diag, _ := opts.compileError(ctx, []byte(valueProgram))
		require.Contains(t, diag, "error", "broken header, check %d: diagnostic", i)
		require.Equal(t, 1, compiles(), "broken header, check %d: compiles", i)
	}
	writeHeader(t, header, "#define VALUE (1 + 2)\n")
	diag, _ := opts.compileError(ctx, []byte(valueProgram))
	require.Empty(t, diag, "fixed header: diagnostic")
	require.Equal(t, 2, compiles(), "fixed header: compiles")
}

func TestParseDepfile(t *testing.T) {
	in := "/c/bin-host-x.tmp1: /c/src-host-x.cpp /usr/include/stdc-predef.h \\\n" +
		" /my\\ cut/a.h /x/b\\#1.h \\\n /x/c$$d.h\n"
	want := []string{"/c/src-host-x.cpp", "/usr/include/stdc-predef.h", "/my cut/a.h", "/x/b#1.h", "/x/c$d.h"}
	got := parseDepfile(in)
	require.Equal(t, strings.Join(want, "|"), strings.Join(got, "|"), "parseDepfile = %q, want %q", got, want)
}
