// Package realcutlass gives tests the real, unmodified CUTLASS include
// trees the project is tested on: it unpacks
// ../shared/cutlass/cutlass-<version>-include.tar.gz (from the repository
// root, or $TILECHECK_CUTLASS_TARBALLS) once into
// .cache/tilecheck/cutlass/<version>-<tarball hash> under the repository
// root, where every package's tests and every later run find it. The path
// is stable, so the build cache (whose key holds the -I paths) shares
// real-CUTLASS programs across packages and runs. Where the tarball, g++ or
// CUDA's host headers are missing it skips, saying so: a skip, never a
// pass. .ci/run installs all three, so CI never skips.
package realcutlass

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	mu       sync.Mutex
	unpacked = map[string]string{} // version -> include dir
)

// Include returns the include/ directory of CUTLASS version (e.g.
// "v4.7.0"), unpacking it where no earlier run did.
func Include(t testing.TB, version string) string {
	t.Helper()
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
	inc, err := unpack(tarball, version)
	if err != nil {
		t.Fatalf("unpacking %s: %v", tarball, err)
	}
	unpacked[version] = inc
	return inc
}

// unpack is the include/ directory of tarball's tree under the repository's
// cache, named by version and the tarball's sha256 (a new tarball of the
// same version is unpacked beside the old one). A tree is unpacked into a
// temporary directory and renamed into place whole, so a test process, or
// another package's running at the same time, sees a complete tree or
// none; its files are read-only, so that an edit by mistake is refused.
func unpack(tarball, version string) (string, error) {
	sum, err := fileSHA256(tarball)
	if err != nil {
		return "", err
	}
	parent := filepath.Join(repoRoot(), ".cache", "tilecheck", "cutlass")
	dir := filepath.Join(parent, version+"-"+sum[:16])
	inc := filepath.Join(dir, "cutlass-"+version, "include")
	marker := filepath.Join(inc, "cute", "layout.hpp")
	if _, err := os.Stat(marker); err == nil {
		return inc, nil
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(parent, "tmp-"+version+"-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp) // left only where the rename failed
	if err := untar(tarball, tmp); err != nil {
		return "", err
	}
	if _, err := os.Stat(filepath.Join(tmp, "cutlass-"+version, "include", "cute", "layout.hpp")); err != nil {
		return "", fmt.Errorf("no cute/layout.hpp in it: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another process renamed its copy into place first: use it.
		if _, serr := os.Stat(marker); serr != nil {
			return "", err
		}
	}
	return inc, nil
}

// Cleanup forgets the trees this process found; they stay in the cache
// for the next package and run. A package's TestMain calls it.
func Cleanup() {
	mu.Lock()
	defer mu.Unlock()
	unpacked = map[string]string{}
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// repoRoot is the root of the tilecheck checkout a test runs in: the
// nearest directory above the working directory (a test's own package
// directory) whose go.mod declares tilecheck's module. Not the source
// file's path: under -trimpath that names the module, not a directory.
func repoRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return "."
	}
	for d := dir; ; d = filepath.Dir(d) {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil && strings.Contains(string(b), "module github.com/tilecheck/tilecheck\n") {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// tarballDir is $TILECHECK_CUTLASS_TARBALLS, else shared/cutlass beside
// the repository's root.
func tarballDir() string {
	if d := os.Getenv("TILECHECK_CUTLASS_TARBALLS"); d != "" {
		return d
	}
	return filepath.Join(filepath.Dir(repoRoot()), "shared", "cutlass")
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
				if w, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o444); err == nil {
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
