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

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	require.NoError(t, os.WriteFile(path, []byte("an old report that is longer\n"), 0o644))
	require.NoError(t, checkOut("--out", path))
	require.NoError(t, writeOut(path, []byte("new\n"), io.Discard))
	b, _ := os.ReadFile(path)
	assert.Equal(t, "new\n", string(b), "file holds %q, want the new report", b)
}

// TestOutSymlinkKeepsTheLink: --out through a symbolic link replaces the
// link's target, atomically in the target's directory; the link stays.
func TestOutSymlinkKeepsTheLink(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	target := filepath.Join(other, "real.txt")
	require.NoError(t, os.WriteFile(target, []byte("old\n"), 0o644))
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.Symlink(target, link))
	require.NoError(t, checkOut("--out", link))
	require.NoError(t, writeOut(link, []byte("new\n"), io.Discard))
	st, err := os.Lstat(link)
	require.NoError(t, err, "the link was replaced: %v", st)
	require.NotZero(t, st.Mode()&os.ModeSymlink, "the link was replaced: %v %v", st, err)
	b, _ := os.ReadFile(target)
	assert.Equal(t, "new\n", string(b), "target holds %q, want the new report", b)
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "files left in the link's directory: %v", entries)
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
	require.NoError(t, checkOut("--out", path))
	require.NoError(t, writeOut(path, []byte(want), io.Discard))
	select {
	case g := <-got:
		assert.Equal(t, want, g, "reader got %d bytes, want %d", len(g), len(want))
	case <-time.After(10 * time.Second):
		require.FailNow(t, "the FIFO's reader got nothing in 10 s: the FIFO was replaced, not written")
	}
	st, err := os.Lstat(path)
	if assert.NoError(t, err, "the FIFO was replaced: %v %v", st, err) {
		assert.NotZero(t, st.Mode()&os.ModeNamedPipe, "the FIFO was replaced: %v %v", st, err)
	}
}

// TestOutDevNullStaysADevice: writing to a null device goes to the
// device; it is still a character device afterwards.
func TestOutDevNullStaysADevice(t *testing.T) {
	null := "/dev/null"
	if os.Geteuid() == 0 {
		null = charDevice(t, "null", 3) // root could replace the real one
	}
	require.NoError(t, checkOut("--out", null))
	code, _, stderr := runCLI("sweep", "--iterator", "reference", "--out", null)
	assert.Equal(t, exitPass, code, "exit %d, stderr %q", code, stderr)
	assert.True(t, isCharDevice(t, null), "%s is no longer a character device", null)
}

// TestOutDevFullIsAnError: a device that refuses the bytes (ENOSPC) is an
// error naming --out, with a non-zero exit; the device stays.
func TestOutDevFullIsAnError(t *testing.T) {
	full := charDevice(t, "full", 7)
	code, _, stderr := runCLI("sweep", "--iterator", "reference", "--out", full)
	assert.NotEqual(t, exitPass, code, "exit %d, stderr %q; want non-zero naming --out and the write error", code, stderr)
	assert.Contains(t, stderr, "--out", "exit %d, stderr %q; want non-zero naming --out and the write error", code, stderr)
	assert.Contains(t, stderr, "no space left", "exit %d, stderr %q; want non-zero naming --out and the write error", code, stderr)
	assert.True(t, isCharDevice(t, full), "%s is no longer a character device", full)
}

// TestOutBadTargetsRefused: a dangling link and a directory are refused
// before any work, exit 2, naming the path.
func TestOutBadTargetsRefused(t *testing.T) {
	dir := t.TempDir()
	dangling := filepath.Join(dir, "dangling.json")
	require.NoError(t, os.Symlink(filepath.Join(dir, "nowhere", "x.json"), dangling))
	linkToDir := filepath.Join(dir, "dirlink")
	require.NoError(t, os.Symlink(dir, linkToDir))
	for _, c := range []struct{ path, want string }{
		{dangling, "does not exist"},
		{dir, "is a directory"},
		{linkToDir, "is a directory"},
	} {
		code, _, stderr := runCLI("sweep", "--iterator", "reference", "--out", c.path)
		assert.Equal(t, exitUsage, code, "--out %s: exit %d, stderr %q; want 2 naming it and %q", c.path, code, stderr, c.want)
		assert.Contains(t, stderr, c.path, "--out %s: exit %d, stderr %q; want 2 naming it and %q", c.path, code, stderr, c.want)
		assert.Contains(t, stderr, c.want, "--out %s: exit %d, stderr %q; want 2 naming it and %q", c.path, code, stderr, c.want)
	}
	_, err := os.Lstat(dangling)
	assert.NoError(t, err, "the dangling link is gone")
}
