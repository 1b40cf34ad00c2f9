//go:build unix

package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// charDevice makes a character device like /dev/null (minor 3) or
// /dev/full (minor 7) in a temporary directory, so that a test that
// would replace it replaces a copy, never the system's. It needs root
// (mknod); without it the test is skipped.
func charDevice(t *testing.T, name string, minor int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|minor); err != nil {
		t.Skipf("mknod %s: %v (needs root)", path, err)
	}
	return path
}

func isCharDevice(t *testing.T, path string) bool {
	t.Helper()
	st, err := os.Lstat(path)
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// TestOutRegularFileReplacedWhole: a regular file is replaced by rename
// (the old contents never truncated in place).
func TestOutRegularFileReplacedWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.txt")
	if err := os.WriteFile(path, []byte("an old report that is longer\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkOut("--out", path); err != nil {
		t.Fatal(err)
	}
	if err := writeOut(path, []byte("new\n"), io.Discard); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Errorf("file holds %q, want the new report", b)
	}
}

// TestOutSymlinkKeepsTheLink: --out through a symbolic link replaces the
// link's target, atomically in the target's directory; the link stays.
func TestOutSymlinkKeepsTheLink(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	target := filepath.Join(other, "real.txt")
	if err := os.WriteFile(target, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := checkOut("--out", link); err != nil {
		t.Fatal(err)
	}
	if err := writeOut(link, []byte("new\n"), io.Discard); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", st, err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new\n" {
		t.Errorf("target holds %q, want the new report", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left in the link's directory: %v", entries)
	}
}

// TestOutFIFOWrittenThrough: a FIFO is written to, not replaced: its
// reader gets every byte.
func TestOutFIFOWrittenThrough(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	want := strings.Repeat("report line\n", 10000) // more than a pipe's buffer
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(path)
		got <- string(b)
	}()
	if err := checkOut("--out", path); err != nil {
		t.Fatal(err)
	}
	if err := writeOut(path, []byte(want), io.Discard); err != nil {
		t.Fatal(err)
	}
	select {
	case g := <-got:
		if g != want {
			t.Errorf("reader got %d bytes, want %d", len(g), len(want))
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the FIFO's reader got nothing in 10 s: the FIFO was replaced, not written")
	}
	if st, err := os.Lstat(path); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", st, err)
	}
}

// TestOutDevNullStaysADevice: writing to a null device goes to the
// device; it is still a character device afterwards.
func TestOutDevNullStaysADevice(t *testing.T) {
	null := "/dev/null"
	if os.Geteuid() == 0 {
		null = charDevice(t, "null", 3) // root could replace the real one
	}
	if err := checkOut("--out", null); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI("sweep", "--iterator", "reference", "--out", null)
	if code != exitPass {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if !isCharDevice(t, null) {
		t.Errorf("%s is no longer a character device", null)
	}
}

// TestOutDevFullIsAnError: a device that refuses the bytes (ENOSPC) is an
// error naming --out, with a non-zero exit; the device stays.
func TestOutDevFullIsAnError(t *testing.T) {
	full := charDevice(t, "full", 7)
	code, _, stderr := runCLI("sweep", "--iterator", "reference", "--out", full)
	if code == exitPass || !strings.Contains(stderr, "--out") || !strings.Contains(stderr, "no space left") {
		t.Errorf("exit %d, stderr %q; want non-zero naming --out and the write error", code, stderr)
	}
	if !isCharDevice(t, full) {
		t.Errorf("%s is no longer a character device", full)
	}
}

// TestOutBadTargetsRefused: a dangling link and a directory are refused
// before any work, exit 2, naming the path.
func TestOutBadTargetsRefused(t *testing.T) {
	dir := t.TempDir()
	dangling := filepath.Join(dir, "dangling.json")
	if err := os.Symlink(filepath.Join(dir, "nowhere", "x.json"), dangling); err != nil {
		t.Fatal(err)
	}
	linkToDir := filepath.Join(dir, "dirlink")
	if err := os.Symlink(dir, linkToDir); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{dangling, "does not exist"},
		{dir, "is a directory"},
		{linkToDir, "is a directory"},
	} {
		code, _, stderr := runCLI("sweep", "--iterator", "reference", "--out", c.path)
		if code != exitUsage || !strings.Contains(stderr, c.path) || !strings.Contains(stderr, c.want) {
			t.Errorf("--out %s: exit %d, stderr %q; want 2 naming it and %q", c.path, code, stderr, c.want)
		}
	}
	if _, err := os.Lstat(dangling); err != nil {
		t.Errorf("the dangling link is gone: %v", err)
	}
}
