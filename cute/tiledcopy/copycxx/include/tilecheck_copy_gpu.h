// tilecheck's GPU harness for CuTe's TiledCopy, built with nvcc (sm_90 for
// stmatrix). It prints what the host harness (tilecheck_copy.h) prints for
// a request, the same way: the partitions ("threads" to the "P" lines) are
// computed by the same code compiled for the host; "landed" and "stray"
// come from the device, for every atom: a round trip of tagged data
// through one CTA of size(tiled) threads, one launch per tagging pass,
// each thread running thread_copy (tilecheck_copy.h):
//   global to shared (UniversalCopy, cp.async, path 0): the destination
//     area in shared memory is filled from global (cleared); the
//     TiledCopy copies the global source into it, then cp_async_fence,
//     cp_async_wait<0> and a barrier; the area goes back to global.
//   shared to registers (ldmatrix, path 1): the source area goes to shared
//     memory; the TiledCopy copies it into the destination, the global
//     area tagged as registers (the instruction's registers are stored
//     there through CuTe's recast references).
//   registers to shared (stmatrix, path 2): the TiledCopy copies the
//     source, the global area tagged as registers, into the shared
//     destination area, filled from global; a barrier; the area goes back.
// The areas hold guard elements on both sides, so a write outside the
// destination's span shows as a stray element and a read outside the
// source's tile as a sentinel. A device fault prints "tilecheck_cute:
// device fault: <error>" to stderr and exits with status 4 inside the
// case, which the caller blames on it, as cute/cxx's GPU harness does.
#pragma once
#include "tilecheck_copy.h"
#include <cuda_runtime.h>

namespace tilecheck_copy {

__device__ inline void bytes_copy(unsigned char* to, unsigned char const* from, long long n) {
  for (long long i = threadIdx.x; i < n; i += blockDim.x) to[i] = from[i];
}

// roundtrip is one tagging pass on the device: gsrc and gdst are the two
// areas (guards first), their bytes src_bytes and dst_bytes; shared memory
// holds the area the path stages there at its start.
template <class C>
__global__ void roundtrip(int const* v, int nv, unsigned char* gsrc, unsigned char* gdst,
                          long long src_bytes, long long dst_bytes) {
  using T = typename C::Value;
  extern __shared__ __align__(128) unsigned char smem[];
  constexpr long long g = guard<T>() * static_cast<long long>(sizeof_bits_v<T>) / 8;
  int const* ext = C::extent ? v + nv - 2 : nullptr;
  auto tc = C::tiled();
  if constexpr (C::path == 1) {
    bytes_copy(smem, gsrc, src_bytes);
    __syncthreads();
    thread_copy<C>(tc, threadIdx.x, v, ext, smem + g, gdst + g);
  } else {
    bytes_copy(smem, gdst, dst_bytes);
    __syncthreads();
    thread_copy<C>(tc, threadIdx.x, v, ext, gsrc + g, smem + g);
    cp_async_fence();
    cp_async_wait<0>();
    __syncthreads();
    bytes_copy(gdst, smem, dst_bytes);
  }
}

[[noreturn]] inline void fault(cudaError_t e) {
  std::fflush(stdout);
  std::fprintf(stderr, "tilecheck_cute: device fault: %s\n", cudaGetErrorString(e));
  std::fflush(stderr);
  std::exit(4);
}

inline void check(cudaError_t e) {
  if (e != cudaSuccess) fault(e);
}

// device_copy runs the round trip, one launch per tagging pass, and prints
// what landed.
template <class C>
void device_copy(int const* v, int nv) {
  using T = typename C::Value;
  auto tc = C::tiled();
  auto sl = C::src(v);
  auto dl = C::dst(v);
  long long n = size(sl);
  Area<T> src(span(sl, n)), dst(span(dl, n));
  long long smem = C::path == 1 ? src.bytes() : dst.bytes();
  int* dv;
  unsigned char *dsrc, *ddst;
  check(cudaMalloc(&dv, sizeof(int) * (nv + 1)));
  check(cudaMalloc(&dsrc, static_cast<size_t>(src.bytes())));
  check(cudaMalloc(&ddst, static_cast<size_t>(dst.bytes())));
  check(cudaMemcpy(dv, v, sizeof(int) * nv, cudaMemcpyHostToDevice));
  void (*kernel)(int const*, int, unsigned char*, unsigned char*, long long, long long) = roundtrip<C>;
  if (smem > 48 * 1024) {
    check(cudaFuncSetAttribute(reinterpret_cast<void const*>(kernel), cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  }
  std::vector<long long> acc(static_cast<size_t>(dst.elems()), 0);
  for (int p = 0; p < passes<T>(n); ++p) {
    fill_source<T>(src, sl, n, p);
    std::memset(dst.first(), 0, static_cast<size_t>(dst.bytes()));
    check(cudaMemcpy(dsrc, src.first(), static_cast<size_t>(src.bytes()), cudaMemcpyHostToDevice));
    check(cudaMemcpy(ddst, dst.first(), static_cast<size_t>(dst.bytes()), cudaMemcpyHostToDevice));
    long long sb = src.bytes(), db = dst.bytes();
    void* args[] = {&dv, &nv, &dsrc, &ddst, &sb, &db};
    check(cudaLaunchKernel(reinterpret_cast<void const*>(kernel), dim3(1), dim3(static_cast<unsigned>(size(tc))), args, static_cast<size_t>(smem), nullptr));
    check(cudaGetLastError());
    check(cudaDeviceSynchronize());
    check(cudaMemcpy(dst.first(), ddst, static_cast<size_t>(dst.bytes()), cudaMemcpyDeviceToHost));
    accumulate<T>(dst, p, acc);
  }
  check(cudaFree(dv));
  check(cudaFree(dsrc));
  check(cudaFree(ddst));
  print_landed<T>(acc, dst.span, n);
}

template <class C>
void gpu_report(int const* v, int nv) {
  int const* ext = C::extent ? v + nv - 2 : nullptr;
  if (!fits<C>(v)) {
    std::printf("refused a thread's predicate exceeds the harness's buffer\n");
    return;
  }
  slots<C>(v, ext);
  device_copy<C>(v, nv);
}

}  // namespace tilecheck_copy
