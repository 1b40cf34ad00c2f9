package cuda

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// nvcc's own include directories are found from where nvcc lives, through
// a link as /usr/local/cuda usually is, with CUDA 13's cccl beside them;
// a toolkit without cuda_runtime.h gives none.
func TestNvccIncludeDirsFromTheToolkit(t *testing.T) {
	root := t.TempDir()
	toolkit := filepath.Join(root, "cuda-13.0")
	for _, d := range []string{"bin", "include/cccl"} {
		require.NoError(t, os.MkdirAll(filepath.Join(toolkit, d), 0o755))
	}
	require.NoError(t, os.WriteFile(filepath.Join(toolkit, "bin", "nvcc"), []byte("#!/bin/sh\nexit 0\n"), 0o755))
	require.NoError(t, os.Symlink(toolkit, filepath.Join(root, "cuda")))
	nvcc := filepath.Join(root, "cuda", "bin", "nvcc")

	require.Empty(t, nvccIncludeDirs(nvcc), "no cuda_runtime.h: not a toolkit's include directory")
	require.NoError(t, os.WriteFile(filepath.Join(toolkit, "include", "cuda_runtime.h"), nil, 0o644))
	require.Equal(t, []string{filepath.Join(toolkit, "include"), filepath.Join(toolkit, "include", "cccl")}, nvccIncludeDirs(nvcc))

	t.Setenv("PATH", filepath.Join(root, "cuda", "bin"))
	require.Equal(t, []string{filepath.Join(toolkit, "include"), filepath.Join(toolkit, "include", "cccl")}, nvccIncludeDirs("nvcc"), "nvcc found on PATH")
	require.Empty(t, nvccIncludeDirs("no-such-nvcc"))
}
