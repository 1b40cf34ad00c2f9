package cxx

import (
	"archive/tar"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tilecheck/tilecheck/cute"
)

var (
	unpackOnce sync.Once
	unpackDir  string
	unpackErr  string
)

// realCute unpacks ../shared/cutlass/cutlass-v4.7.0-include.tar.gz (from
// the repository root; or $TILECHECK_CUTLASS_TARBALLS) once per test binary
// and returns its include/ directory. It skips, naming what is missing,
// where the tarball or g++ is absent: a skip, not a pass.
func realCute(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("SKIPPED, NOT PASSED: real CuTe is not built in -short mode")
	}
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("SKIPPED, NOT PASSED: no g++ on PATH")
	}
	dir := os.Getenv("TILECHECK_CUTLASS_TARBALLS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "cutlass")
	}
	tarball := filepath.Join(dir, "cutlass-v4.7.0-include.tar.gz")
	if _, err := os.Stat(tarball); err != nil {
		t.Skipf("SKIPPED, NOT PASSED: %s absent (set TILECHECK_CUTLASS_TARBALLS)", tarball)
	}
	unpackOnce.Do(func() {
		out, err := os.MkdirTemp("", "tilecheck-cute-cxx-")
		if err == nil {
			err = untar(tarball, out)
		}
		if err != nil {
			unpackErr = err.Error()
			return
		}
		unpackDir = filepath.Join(out, "cutlass-v4.7.0", "include")
	})
	if unpackErr != "" {
		t.Fatal(unpackErr)
	}
	return unpackDir
}

// TestMain removes the unpacked tree after the package's tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if unpackDir != "" {
		os.RemoveAll(filepath.Dir(filepath.Dir(unpackDir)))
	}
	os.Exit(code)
}

func untar(tarball, out string) error {
	f, err := os.Open(tarball)
	if err != nil {
		return err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		path := filepath.Join(out, filepath.Clean(h.Name))
		if !strings.HasPrefix(path, out+string(filepath.Separator)) {
			continue // an entry escaping the directory is never written
		}
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(path, 0o755)
		case tar.TypeReg:
			if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
				var w *os.File
				if w, err = os.Create(path); err == nil {
					_, err = io.Copy(w, tr)
					w.Close()
				}
			}
		}
		if err != nil {
			return err
		}
	}
}

// cacheDir is a build cache shared by the package's tests (a fresh one per
// test binary, so that a test measuring cold builds sees them cold).
var (
	cacheOnce sync.Once
	cachePath string
)

func testCache(t *testing.T) string {
	t.Helper()
	cacheOnce.Do(func() {
		cachePath, _ = os.MkdirTemp("", "tilecheck-cute-cxx-cache-")
	})
	return cachePath
}

func mustCase(t *testing.T, s string) cute.Case {
	t.Helper()
	c, err := cute.ParseCase(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
