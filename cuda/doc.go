// Package cuda confirms tilecheck's Go models against compiled C++.
//
// It generates one C++/CUDA translation unit per batch of configurations:
// one instantiation per (configuration, variant), every op program for every
// thread, with addresses recovered by digit passes (never read from the code
// under test). The same source builds with a host C++17 compiler or with
// nvcc; the host back end runs iterator threads one after another, the GPU
// back end one CUDA thread per iterator thread. The records it prints are
// parsed back into iterator.ThreadTrace values, which Run returns with the
// Go model's and the reference model's traces as raw facts (Result.Runs);
// the judging layer (package probe) compares them with the Go model of the
// same name, and, for round trips and controls, with the reference model.
//
// The C++ renditions of the built-in models live in cuda/include/tilecheck;
// they follow CUTLASS's namespace and template shape, so a Variant can name
// a real CUTLASS namespace and include directory instead.
package cuda
