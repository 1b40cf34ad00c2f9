package cuda

import (
	"os"
	"os/exec"
	"path/filepath"
)

// nvccIncludeDirs are the include directories nvcc adds on its own, found
// from where the nvcc on PATH (or named) lives: the toolkit's include/ and,
// from CUDA 13 on, include/cccl (the C++ core libraries CUTLASS includes as
// <cuda/std/...>). A GPU build's attribution checks the same source with the
// host compiler, which knows neither; without them every check fails on a
// missing header and no failure can be pinned on a program.
func nvccIncludeDirs(nvcc string) []string {
	path, err := exec.LookPath(nvcc)
	if err != nil {
		return nil
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	root := filepath.Dir(filepath.Dir(path))
	var dirs []string
	inc := filepath.Join(root, "include")
	if _, err := os.Stat(filepath.Join(inc, "cuda_runtime.h")); err != nil {
		return nil
	}
	dirs = append(dirs, inc)
	if st, err := os.Stat(filepath.Join(inc, "cccl")); err == nil && st.IsDir() {
		dirs = append(dirs, filepath.Join(inc, "cccl"))
	}
	return dirs
}
