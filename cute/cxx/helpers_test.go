package cxx

import (
	"os"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/internal/realcutlass"
)

// realCute is real CuTe v4.7.0's include directory (see realcutlass).
func realCute(t *testing.T) string {
	t.Helper()
	return realcutlass.Include(t, "v4.7.0")
}

// TestMain removes the unpacked tree after the package's tests.
func TestMain(m *testing.M) {
	code := m.Run()
	realcutlass.Cleanup()
	os.Exit(code)
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
	require.NoError(t, err)
	return c
}
