// Package realcutlass gives tests the real, unmodified CUTLASS include
// trees the project is tested on: it unpacks
// ../shared/cutlass/cutlass-<version>-include.tar.gz (from the repository
// root, or $TILECHECK_CUTLASS_TARBALLS) once per test process. Where the
// tarball, g++ or CUDA's host headers are missing it skips, saying so: a
// skip, never a pass. .ci/run installs all three, so CI never skips.
package realcutlass

import (
	"archive/tar"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

var (
	mu       sync.Mutex
	unpacked = map[string]string{} // version -> include dir
	dirs     []string
)

// Include returns the include/ directory of CUTLASS version (e.g.
// "v4.7.0"), unpacking it on first use.
func Include(t testing.TB, version string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("SKIPPED, NOT PASSED: real CUTLASS is not built in -short mode")
	}
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("SKIPPED, NOT PASSED: no g++ on PATH")
	}
	if _, err := os.Stat("/usr/include/cuda_runtime.h"); err != nil {
		t.Skip("SKIPPED, NOT PASSED: CUDA host headers absent (Debian nvidia-cuda-dev; .ci/run installs it)")
	}
	tarball := filepath.Join(tarballDir(), "cutlass-"+version+"-include.tar.gz")
	if _, err := os.Stat(tarball); err != nil {
		t.Skipf("SKIPPED, NOT PASSED: %s absent (set TILECHECK_CUTLASS_TARBALLS)", tarball)
	}
	mu.Lock()
	defer mu.Unlock()
	if inc, ok := unpacked[version]; ok {
		return inc
	}
	out, err := os.MkdirTemp("", "tilecheck-cutlass-"+version+"-")
	if err == nil {
		err = untar(tarball, out)
	}
	if err != nil {
		t.Fatalf("unpacking %s: %v", tarball, err)
	}
	inc := filepath.Join(out, "cutlass-"+version, "include")
	if _, err := os.Stat(filepath.Join(inc, "cute", "layout.hpp")); err != nil {
		t.Fatalf("unpacked %s has no cute/layout.hpp: %v", tarball, err)
	}
	unpacked[version], dirs = inc, append(dirs, out)
	return inc
}

// Cleanup removes every tree unpacked; a package's TestMain calls it.
func Cleanup() {
	mu.Lock()
	defer mu.Unlock()
	for _, d := range dirs {
		os.RemoveAll(d)
	}
	dirs, unpacked = nil, map[string]string{}
}

// tarballDir is $TILECHECK_CUTLASS_TARBALLS, else shared/cutlass beside
// the repository's root.
func tarballDir() string {
	if d := os.Getenv("TILECHECK_CUTLASS_TARBALLS"); d != "" {
		return d
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(filepath.Dir(file))) // internal/realcutlass/x.go -> root
	return filepath.Join(filepath.Dir(root), "shared", "cutlass")
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
			return fmt.Errorf("tarball entry %q escapes the directory", h.Name)
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
