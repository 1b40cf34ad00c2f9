package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports"
	"github.com/tilecheck/tilecheck/sweep"
)

// checkDir is called before any work: dir ("" none) must be a directory,
// or one that can be made in an existing directory.
func checkDir(flagName, dir string) error {
	if dir == "" {
		return nil
	}
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		parent := filepath.Dir(filepath.Clean(dir))
		if pst, err := os.Stat(parent); err != nil || !pst.IsDir() {
			return fmt.Errorf("%s %q: directory %q does not exist", flagName, dir, parent)
		}
		return nil
	case err != nil:
		return fmt.Errorf("%s %q: %v", flagName, dir, err)
	case !st.IsDir():
		return fmt.Errorf("%s %q: not a directory", flagName, dir)
	}
	return nil
}

// writePictures writes each counterexample's picture of m into dir ("":
// none), saying on stderr how many; ok is false with the exit status when
// one cannot be drawn or written.
func writePictures(stderr io.Writer, dir string, m *report.Matrix) (int, bool) {
	if dir == "" {
		return 0, true
	}
	pics, err := reports.Pictures(m, sweep.ReplayTraces)
	if err != nil {
		return internalError(stderr, "sweep", err), false
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fail(stderr, "sweep", fmt.Errorf("--svg-dir: %w", err)), false
	}
	for _, p := range pics {
		err := writeFileAtomic(filepath.Join(dir, p.Name), func(w io.Writer) error {
			_, err := io.Copy(w, bytes.NewReader(p.SVG))
			return err
		})
		if err != nil {
			return fail(stderr, "sweep", fmt.Errorf("--svg-dir: %w", err)), false
		}
	}
	fmt.Fprintf(stderr, "tilecheck sweep: %d counterexample pictures written to %s\n", len(pics), dir)
	return 0, true
}
