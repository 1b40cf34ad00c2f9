// Included first when a host compiler (g++ or clang, not nvcc) builds a
// user's CUTLASS headers. CUTLASS's host-device code relies on two things
// nvcc provides implicitly:
//   - the built-in variables: layout/permute.h (included by
//     predicated_tile_iterator.h) names blockIdx; CUDA's
//     device_launch_parameters.h declares them for host code;
//   - CUDA's min/max overloads for integers and floats (crt/math_functions,
//     defined for host code only under nvcc): predicated_tile_access_iterator.h
//     calls min(int, int) unqualified. They are given here with the same
//     signatures and meaning.
// Nothing here runs: the iterators' constructors and members never read
// blockIdx, and min/max are what nvcc would call.
#pragma once
#if !defined(__CUDACC__)
#if defined(__has_include)
#if __has_include(<cuda_runtime.h>)
#include <cuda_runtime.h>
#endif
#if __has_include(<device_launch_parameters.h>)
#include <device_launch_parameters.h>
#endif
#endif
#define TILECHECK_HOST_MINMAX(T)                            \
  static inline T min(T a, T b) { return a < b ? a : b; } \
  static inline T max(T a, T b) { return a > b ? a : b; }
TILECHECK_HOST_MINMAX(int)
TILECHECK_HOST_MINMAX(unsigned int)
TILECHECK_HOST_MINMAX(long)
TILECHECK_HOST_MINMAX(unsigned long)
TILECHECK_HOST_MINMAX(long long)
TILECHECK_HOST_MINMAX(unsigned long long)
#undef TILECHECK_HOST_MINMAX
#endif
