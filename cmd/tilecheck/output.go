package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// toStdout says whether --out names standard output: left out, or "-".
func toStdout(path string) bool { return path == "" || path == "-" }

// checkOut is called before any work: a report must never be thrown away
// at the end of a release sweep because --out names a directory that does
// not exist or cannot be written. It resolves path as writeFileAtomic will
// (outTarget) and, for a file to be replaced, creates and removes a
// temporary file where writeFileAtomic will; a device is opened for
// writing and closed (a FIFO is not: that would wait for its reader).
func checkOut(flagName, path string) error {
	if toStdout(path) {
		return nil
	}
	t, err := outTarget(path)
	if err != nil {
		return fmt.Errorf("%s %q: %v", flagName, path, err)
	}
	if t.through {
		if t.fifo {
			return nil
		}
		f, err := os.OpenFile(t.path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return fmt.Errorf("%s %q: cannot write there: %v", flagName, path, err)
		}
		return f.Close()
	}
	dir := filepath.Dir(t.path)
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return fmt.Errorf("%s %q: directory %q does not exist", flagName, path, dir)
	}
	if err := tryWrite(dir, filepath.Base(t.path)); err != nil {
		return fmt.Errorf("%s %q: cannot write there: %v", flagName, path, err)
	}
	return nil
}

// outFile is where a file output goes: path, a regular file (or none yet)
// replaced atomically, or (through) something else, written in place.
type outFile struct {
	path    string
	through bool // not a regular file: a device, a FIFO, standard output
	fifo    bool
}

// outTarget resolves path, following symbolic links to their final target:
// replacing a link would leave its target stale, and replacing a device or
// a FIFO would destroy it. A path reached through /proc or /dev/fd
// (/dev/stdout) is written through as named, since the open file it names
// is what the caller means. A directory, a dangling link and a loop of
// links are errors.
func outTarget(path string) (outFile, error) {
	p, proc := path, false
	for hops := 0; ; hops++ {
		if hops > 40 {
			return outFile{}, errors.New("too many levels of symbolic links")
		}
		abs, _ := filepath.Abs(p)
		proc = proc || strings.HasPrefix(abs, "/proc/") || strings.HasPrefix(abs, "/dev/fd/")
		st, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist) && hops > 0:
			return outFile{}, fmt.Errorf("a symbolic link to %q, which does not exist", p)
		case errors.Is(err, fs.ErrNotExist):
			return outFile{path: p}, nil // a new file
		case err != nil:
			return outFile{}, err
		case st.Mode()&fs.ModeSymlink != 0 && !proc:
			to, err := os.Readlink(p)
			if err != nil {
				return outFile{}, err
			}
			if !filepath.IsAbs(to) {
				to = filepath.Join(filepath.Dir(p), to)
			}
			p = to
			continue
		}
		if proc {
			p = path // the kernel's own link: open it as named
			if st, err = os.Stat(p); err != nil {
				return outFile{}, err
			}
		}
		switch {
		case st.IsDir() && p != path:
			return outFile{}, fmt.Errorf("is a directory (through a link to %q; want a file name)", p)
		case st.IsDir():
			return outFile{}, errors.New("is a directory (want a file name)")
		case st.Mode().IsRegular() && !proc:
			return outFile{path: p}, nil
		}
		return outFile{path: p, through: true, fifo: st.Mode()&fs.ModeNamedPipe != 0}, nil
	}
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

// writeFileAtomic writes path: a regular file (or a new one) through a
// temporary file in the same directory, synced and then renamed over it,
// so that a full disk or a crash leaves the old file (or none), never a
// truncated one, and the temporary file is removed on every failure. A
// symbolic link is followed and its final target replaced; anything that
// is not a regular file (a device, a FIFO, standard output) is written in
// place, and its write errors (ENOSPC from /dev/full) are returned.
func writeFileAtomic(path string, write func(io.Writer) error) (err error) {
	t, err := outTarget(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if t.through {
		f, err := os.OpenFile(t.path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		if err := write(f); err != nil {
			f.Close()
			return err // an *fs.PathError names the file
		}
		return f.Close()
	}
	f, err := os.CreateTemp(filepath.Dir(t.path), "."+filepath.Base(t.path)+".tmp-*")
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
	return os.Rename(f.Name(), t.path)
}

// writeBytesAtomic is writeFileAtomic of a byte slice.
func writeBytesAtomic(path string, data []byte) error {
	return writeFileAtomic(path, func(w io.Writer) error {
		_, err := io.Copy(w, bytes.NewReader(data))
		return err
	})
}

// formatByExt is the report format an --out file's extension names.
var formatByExt = map[string]string{".json": "json", ".md": "md", ".markdown": "md", ".xml": "junit", ".txt": "text", ".html": "html", ".htm": "html"}

// outFormat settles the format of a report written to out, so that a
// .json file never holds text: without --format (given says whether it
// was) the extension chooses it; an explicit --format the extension
// contradicts is refused, naming both (GitHub annotations are text, so
// .txt takes github too). An unknown extension leaves format as it is.
// allowed is what cmd writes.
func outFormat(cmd string, format *string, given bool, out string, allowed []string) error {
	if toStdout(out) {
		return nil
	}
	ext := strings.ToLower(filepath.Ext(out))
	want, ok := formatByExt[ext]
	switch {
	case !ok:
		return nil
	case given && *format != want && !(want == "text" && *format == "github"):
		return fmt.Errorf("--format %s contradicts --out %q (a %s file holds --format %s)", *format, out, ext, want)
	case given:
		return nil
	case !oneOf(want, allowed...):
		return fmt.Errorf("--out %q: a %s file holds --format %s, which %s does not write (want %s)", out, ext, want, cmd, orList(allowed))
	}
	*format = want
	return nil
}
