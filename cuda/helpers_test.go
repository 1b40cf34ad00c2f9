package cuda

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
)

// hostToolchain is the host back end, or a skip (said loudly: not a pass)
// where no C++17 compiler is installed.
func hostToolchain(t *testing.T) Toolchain {
	t.Helper()
	tc := Toolchain{Backend: "host"}
	if err := tc.Check(); err != nil {
		t.Skipf("SKIPPED, NOT PASSED: %v — the compiled probe was not tested", err)
	}
	return tc
}

// fakeCutlassDir is the absolute include directory of the test's stand-in
// for a user's CUTLASS checkout (testdata/fakecutlass).
func fakeCutlassDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "fakecutlass"))
	require.NoError(t, err)
	return dir
}

// representativeCases is the probe's own list of cases.
func representativeCases(t *testing.T) []Case {
	t.Helper()
	cs, err := gen.ProbeCases(gen.Representative)
	require.NoError(t, err)
	return cs
}

func mustConfig(t *testing.T, s string) iterator.Config {
	t.Helper()
	c, err := iterator.ParseConfig(s)
	require.NoError(t, err)
	return c
}
