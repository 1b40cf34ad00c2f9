// Package shortgate holds make test-long to what -short leaves out: every
// test that asks testing.Short() must run in full under make test-long, or
// CI would never run the part -short skips.
package shortgate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// longRun is one go test command of make test-long: its packages
// ("./sweep") and its -run pattern (nil: every test).
type longRun struct {
	pkgs []string
	run  *regexp.Regexp
}

// testLongRuns reads the go test commands of the Makefile's test-long
// target.
func testLongRuns(t *testing.T, makefile string) []longRun {
	t.Helper()
	b, err := os.ReadFile(makefile)
	require.NoError(t, err)
	var runs []longRun
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "test-long:"):
			in = true
			continue
		case in && !strings.HasPrefix(line, "\t"):
			in = false
		}
		if !in || !strings.Contains(line, " test ") {
			continue
		}
		var r longRun
		fields := strings.Fields(strings.SplitN(line, "2>&1", 2)[0])
		for i, f := range fields {
			switch {
			case f == "-run" && i+1 < len(fields):
				pat := strings.Trim(fields[i+1], "'")
				r.run = regexp.MustCompile(strings.ReplaceAll(pat, "$$", "$"))
			case strings.HasPrefix(f, "./"):
				r.pkgs = append(r.pkgs, filepath.Clean(f))
			}
		}
		runs = append(runs, r)
	}
	require.NotEmpty(t, runs, "no go test command under test-long in %s", makefile)
	return runs
}

// gate is a function of a test file whose body asks testing.Short().
type gate struct {
	pkg, file, fn string
}

// shortGates lists every function of the module's test files that asks
// testing.Short().
func shortGates(t *testing.T, root string) []gate {
	t.Helper()
	var gates []gate
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Short" {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == "testing" {
						gates = append(gates, gate{pkg: "./" + rel, file: path, fn: fn.Name.Name})
					}
				}
				return true
			})
		}
		return nil
	})
	require.NoError(t, err)
	return gates
}

// covered says whether make test-long runs the gated function in full: its
// package whole, or (for a Test function) a -run pattern that names it.
func covered(g gate, runs []longRun) bool {
	for _, r := range runs {
		for _, p := range r.pkgs {
			if p != filepath.Clean(g.pkg) {
				continue
			}
			if r.run == nil || (strings.HasPrefix(g.fn, "Test") && r.run.MatchString(g.fn)) {
				return true
			}
		}
	}
	return false
}

// TestEveryShortGateRunsInTestLong: a function that does less under -short
// is run in full by make test-long. A helper (not a Test function) that
// asks testing.Short() needs its whole package in test-long, since any test
// of the package may call it.
func TestEveryShortGateRunsInTestLong(t *testing.T) {
	root := filepath.Join("..", "..")
	runs := testLongRuns(t, filepath.Join(root, "Makefile"))
	gates := shortGates(t, root)
	require.NotEmpty(t, gates, "no test asks testing.Short(): the scan no longer finds them")
	for _, g := range gates {
		require.True(t, covered(g, runs), "%s: %s asks testing.Short(), but make test-long does not run it in full: add %s (or the test to its -run pattern) to the Makefile's test-long", g.file, g.fn, g.pkg)
	}
}

// The check itself: a gate outside test-long's packages, a helper gate in
// a package test-long runs only by pattern, and a Test gate its pattern
// misses are each found; the Makefile's own shapes are read.
func TestCoveredRejectsWhatTestLongMisses(t *testing.T) {
	runs := []longRun{{pkgs: []string{"sweep"}}, {pkgs: []string{"cmd/tilecheck"}, run: regexp.MustCompile(`TestA(B|C)$`)}}
	require.True(t, covered(gate{pkg: "./sweep", fn: "mutantSeeds"}, runs))
	require.True(t, covered(gate{pkg: "./cmd/tilecheck", fn: "TestAB"}, runs))
	require.False(t, covered(gate{pkg: "./cuda", fn: "TestX"}, runs))
	require.False(t, covered(gate{pkg: "./cmd/tilecheck", fn: "helper"}, runs))
	require.False(t, covered(gate{pkg: "./cmd/tilecheck", fn: "TestAD"}, runs))

	dir := t.TempDir()
	mk := filepath.Join(dir, "Makefile")
	require.NoError(t, os.WriteFile(mk, []byte("test-long:\n\t$(GO) test -vet=off -json ./a/ ./b/ 2>&1 | x\n\t$(GO) test -run 'TestQ$$' ./c/ 2>&1 | x\n\nlint:\n\t$(GO) test ./d/\n"), 0o644))
	got := testLongRuns(t, mk)
	require.Len(t, got, 2)
	require.Equal(t, []string{"a", "b"}, got[0].pkgs)
	require.Nil(t, got[0].run)
	require.Equal(t, []string{"c"}, got[1].pkgs)
	require.True(t, got[1].run.MatchString("TestQ"))
	require.False(t, got[1].run.MatchString("TestQR"))
}
