package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// toStdout says whether --out names standard output: left out, or "-".
func toStdout(path string) bool { return path == "" || path == "-" }

// checkOut is called before any work: a report must never be thrown away
// at the end of a release sweep because --out names a directory that does
// not exist or cannot be written. It creates and removes a temporary file
// next to path, which is what writeOut will do.
func checkOut(flagName, path string) error {
	if toStdout(path) {
		return nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s %q: is a directory (want a file name)", flagName, path)
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return fmt.Errorf("%s %q: directory %q does not exist", flagName, path, dir)
	}
	if err := tryWrite(dir, filepath.Base(path)); err != nil {
		return fmt.Errorf("%s %q: cannot write there: %v", flagName, path, err)
	}
	return nil
}

// tryWrite creates and removes a temporary file in dir, as
// writeFileAtomic will for a file named base.
func tryWrite(dir, base string) error {
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// checkOutDir is checkOut for a flag naming a directory of reports (gpu
// --out-dir), called before any work: dir must be a directory that can be
// written, or one that can be created (MkdirAll at the end) under the
// nearest existing directory above it, which must be writable.
func checkOutDir(flagName, dir string) error {
	if dir == "" {
		return fmt.Errorf("%s \"\": want a directory", flagName)
	}
	st, err := os.Stat(dir)
	switch {
	case err == nil && !st.IsDir():
		return fmt.Errorf("%s %q: not a directory", flagName, dir)
	case err == nil:
		if err := tryWrite(dir, "tilecheck"); err != nil {
			return fmt.Errorf("%s %q: cannot write there: %v", flagName, dir, err)
		}
		return nil
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s %q: %v", flagName, dir, err)
	}
	// It does not exist yet: the nearest existing directory above it must
	// let it be created.
	parent := filepath.Dir(filepath.Clean(dir))
	for {
		st, err := os.Stat(parent)
		if err == nil {
			if !st.IsDir() {
				return fmt.Errorf("%s %q: %q is not a directory", flagName, dir, parent)
			}
			if err := tryWrite(parent, "tilecheck"); err != nil {
				return fmt.Errorf("%s %q: cannot be created in %q: %v", flagName, dir, parent, err)
			}
			return nil
		}
		if !errors.Is(err, fs.ErrNotExist) || filepath.Dir(parent) == parent {
			return fmt.Errorf("%s %q: %v", flagName, dir, err)
		}
		parent = filepath.Dir(parent)
	}
}

// writeOut writes a rendered report to path, or to stdout (path "" or "-").
func writeOut(path string, data []byte, stdout io.Writer) error {
	if toStdout(path) {
		_, err := stdout.Write(data)
		return err
	}
	if err := writeFileAtomic(path, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	return nil
}

// writeFileAtomic writes path through a temporary file in the same
// directory, synced and then renamed over path: a full disk or a crash
// leaves the old file (or none), never a truncated one, and the temporary
// file is removed on every failure.
func writeFileAtomic(path string, write func(io.Writer) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := write(f); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// writeBytesAtomic is writeFileAtomic of a byte slice.
func writeBytesAtomic(path string, data []byte) error {
	return writeFileAtomic(path, func(w io.Writer) error {
		_, err := io.Copy(w, bytes.NewReader(data))
		return err
	})
}
