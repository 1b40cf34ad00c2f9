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
// source's tile as a sentinel. The same launch runs the controls, one
// block each on areas of their own: the copy with its destination moved
// by 16 bytes (a misplaced write) and with its source moved so (a wrong
// read); each prints "control <name>" and its own landed and stray lines,
// which must differ from what the copy should land, or the round trip
// could not see such a defect on the device. A device fault prints "tilecheck_cute:
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
// The launch's blocks: the copy, then the controls; a control moves one
// side by kControlShift bytes, a whole 128-bit vector (alignment kept) and
// within the guards.
constexpr int kBlocks = 3;
constexpr long long kControlShift = 16;
inline char const* control_name(int b) { return b == 1 ? "dst+16B" : "src+16B"; }

template <class C>
__global__ void roundtrip(int const* v, int nv, unsigned char* gsrc, unsigned char* gdst,
                          long long src_bytes, long long dst_bytes) {
  using T = typename C::Value;
  extern __shared__ __align__(128) unsigned char smem[];
  constexpr long long g = guard<T>() * static_cast<long long>(sizeof_bits_v<T>) / 8;
  static_assert(g >= kControlShift, "a control's shift must stay within the guards");
  int const* ext = C::extent ? v + nv - 2 : nullptr;
  auto tc = C::tiled();
  gsrc += blockIdx.x * src_bytes;
  gdst += blockIdx.x * dst_bytes;
  long long ds = blockIdx.x == 1 ? kControlShift : 0;
  long long ss = blockIdx.x == 2 ? kControlShift : 0;
  if constexpr (C::path == 1) {
    bytes_copy(smem, gsrc, src_bytes);
    __syncthreads();
    thread_copy<C>(tc, threadIdx.x, v, ext, smem + g + ss, gdst + g + ds);
  } else {
    bytes_copy(smem, gdst, dst_bytes);
    __syncthreads();
    thread_copy<C>(tc, threadIdx.x, v, ext, gsrc + g + ss, smem + g + ds);
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
// what landed, then what each control landed.
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
  check(cudaMalloc(&dsrc, static_cast<size_t>(src.bytes() * kBlocks)));
  check(cudaMalloc(&ddst, static_cast<size_t>(dst.bytes() * kBlocks)));
  check(cudaMemcpy(dv, v, sizeof(int) * nv, cudaMemcpyHostToDevice));
  void (*kernel)(int const*, int, unsigned char*, unsigned char*, long long, long long) = roundtrip<C>;
  if (smem > 48 * 1024) {
    check(cudaFuncSetAttribute(reinterpret_cast<void const*>(kernel), cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  }
  std::vector<std::vector<long long>> acc(kBlocks, std::vector<long long>(static_cast<size_t>(dst.elems()), 0));
  size_t sb = static_cast<size_t>(src.bytes()), db = static_cast<size_t>(dst.bytes());
  for (int p = 0; p < passes<T>(n); ++p) {
    fill_source<T>(src, sl, n, p);
    std::memset(dst.first(), 0, db);
    for (int b = 0; b < kBlocks; ++b) {
      check(cudaMemcpy(dsrc + b * sb, src.first(), sb, cudaMemcpyHostToDevice));
      check(cudaMemcpy(ddst + b * db, dst.first(), db, cudaMemcpyHostToDevice));
    }
    long long sbytes = src.bytes(), dbytes = dst.bytes();
    void* args[] = {&dv, &nv, &dsrc, &ddst, &sbytes, &dbytes};
    check(cudaLaunchKernel(reinterpret_cast<void const*>(kernel), dim3(kBlocks), dim3(static_cast<unsigned>(size(tc))), args, static_cast<size_t>(smem), nullptr));
    check(cudaGetLastError());
    check(cudaDeviceSynchronize());
    for (int b = 0; b < kBlocks; ++b) {
      check(cudaMemcpy(dst.first(), ddst + b * db, db, cudaMemcpyDeviceToHost));
      accumulate<T>(dst, p, acc[static_cast<size_t>(b)]);
    }
  }
  check(cudaFree(dv));
  check(cudaFree(dsrc));
  check(cudaFree(ddst));
  print_landed<T>(acc[0], dst.span, n);
  for (int b = 1; b < kBlocks; ++b) {
    std::printf("control %s\n", control_name(b));
    print_landed<T>(acc[static_cast<size_t>(b)], dst.span, n);
  }
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
