package cuda

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
)

// An element type the user's headers lack is a configuration the tree
// cannot express, returned for the caller to leave out; a class the
// namespace lacks is still bad input.
func TestPreflightReturnsLackingElementTypes(t *testing.T) {
	tc := hostToolchain(t)
	dir := t.TempDir()
	header := "#pragma once\nnamespace mini {\nstruct half_t {};\n" +
		"namespace transform { namespace threadblock { template <class... T> class RegularTileIterator; } }\n}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mini.h"), []byte(header), 0o644))
	tc.IncludeDirs = []string{dir}
	tc.CacheDir = t.TempDir()
	opts := Options{Toolchain: tc, Headers: []string{"mini.h"}}
	var planned []*plannedCase
	for _, s := range []string{"elem=f16 shape=64x8 threads=32 access=8", "elem=e3m2 shape=64x8 threads=32 access=8", "elem=f32 shape=64x8 threads=32 access=4"} {
		cfg, err := iterator.ParseConfig(s)
		require.NoError(t, err)
		planned = append(planned, &plannedCase{Config: cfg})
	}
	variant := Variant{Model: "cutlass", Namespace: "mini"}
	lacks, err := opts.preflight(context.Background(), []Variant{variant}, planned)
	require.NoError(t, err)
	require.Equal(t, map[string]string{"e3m2": "mini::float_e3m2_t"}, lacks, "f32 is float, f16 is declared")

	res := &Result{}
	res.Configs, res.Programs = 3, 0
	kept := leaveOutLacking(res, planned, lacks)
	require.Len(t, kept, 2)
	require.Equal(t, 2, res.Configs)
	require.Len(t, res.Skipped, 1)
	require.Equal(t, LacksElement+"mini::float_e3m2_t: left out", res.Skipped[0].Reason)

	planned[0].Config.Class = iterator.PredicatedTileAccess
	_, err = opts.preflight(context.Background(), []Variant{variant}, planned)
	var pe *PreflightError
	require.True(t, errors.As(err, &pe), "a missing class is bad input: %v", err)
	require.Contains(t, pe.What, "PredicatedTileAccessIterator")
}
