package copycxx

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/tiledcopy"
	"github.com/tilecheck/tilecheck/internal/realcutlass"
)

// versions are the real CUTLASS trees every compiled test runs on.
var versions = []string{"v4.7.0", "v4.4.3"}

// TestMain forgets the unpacked trees after the package's tests.
func TestMain(m *testing.M) {
	code := m.Run()
	realcutlass.Cleanup()
	os.Exit(code)
}

// testCache is a build cache shared by the package's tests:
// $TILECHECK_COPY_CACHE where set, else the checkout's, which every test
// package compiling real CuTe shares (the cache is keyed by source,
// compiler, flags and the headers read, so sharing never changes an answer).
func testCache(t *testing.T) string {
	t.Helper()
	if d := os.Getenv("TILECHECK_COPY_CACHE"); d != "" {
		return d
	}
	return cuda.DefaultCacheDir()
}

func layout(t *testing.T, s string) cute.Layout {
	t.Helper()
	l, err := cute.ParseLayout(s)
	require.NoError(t, err)
	return l
}

// copyCase is a case over one layout on both sides.
func copyCase(t *testing.T, atom string, elem string, bits tiledcopy.Bits, thr, val, tile string) tiledcopy.Case {
	t.Helper()
	l := layout(t, tile)
	return tiledcopy.Case{
		Atom:    tiledcopy.Atom(atom),
		Element: tiledcopy.Element{Name: elem, Bits: bits},
		Thr:     layout(t, thr),
		Val:     layout(t, val),
		Src:     tiledcopy.Tensor{Layout: l},
		Dst:     tiledcopy.Tensor{Layout: l},
	}
}
