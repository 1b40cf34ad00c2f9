package cxx

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/internal/realcutlass"
)

// realCute is real CuTe v4.7.0's include directory (see realcutlass).
func realCute(t *testing.T) string {
	t.Helper()
	return realcutlass.Include(t, "v4.7.0")
}

// TestMain forgets the unpacked tree after the package's tests.
func TestMain(m *testing.M) {
	code := m.Run()
	realcutlass.Cleanup()
	os.Exit(code)
}

// testCache is the checkout's build cache, shared with every other test
// package that compiles real CuTe (the cache is keyed by source, compiler,
// flags and the headers read, so sharing never changes an answer); a test
// that measures cold builds takes a directory of its own.
func testCache(t *testing.T) string {
	t.Helper()
	return cuda.DefaultCacheDir()
}

func mustCase(t *testing.T, s string) cute.Case {
	t.Helper()
	c, err := cute.ParseCase(s)
	require.NoError(t, err)
	return c
}
