// GPU driver: one CUDA thread per iterator thread. Every (variant, program)
// is one block of the same launch, so the controls and the identity copy run
// in the same binary and the same launch as the iterators under test. Every
// launch and every device error is checked.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include "tilecheck/probe_harness.h"

#define TILECHECK_CUDA(call)                                                                     \
  do {                                                                                           \
    cudaError_t e_ = (call);                                                                     \
    if (e_ != cudaSuccess) {                                                                     \
      std::printf("E cuda %s at %s:%d: %s\n", #call, __FILE__, __LINE__, cudaGetErrorString(e_)); \
      std::fflush(stdout);                                                                       \
      std::exit(3);                                                                              \
    }                                                                                            \
  } while (0)

namespace tilecheck_probe {

template <class Case>
struct DeviceLayout {
  static constexpr long long kFragBytes = (Case::kFragBox + 15) / 16 * 16;
  static constexpr long long kScratch = kFragBytes + 24LL * Case::kFragBox;
  static constexpr long long kSlots = (long long)Case::kVariants * Case::kPrograms * Case::kThreads;
  static constexpr long long kBlocks = (long long)Case::kVariants * Case::kPrograms;
};

template <class Case>
__device__ Scratch scratch_at(unsigned char* base, long long slot) {
  typedef DeviceLayout<Case> D;
  unsigned char* m = base + slot * D::kScratch;
  Scratch sc;
  sc.frag = m;
  sc.acc = reinterpret_cast<long long*>(m + D::kFragBytes);
  sc.touched = sc.acc + Case::kFragBox;
  sc.tags = sc.touched + Case::kFragBox;
  return sc;
}

template <class Case, int V = 0>
__device__ void probe_dispatch(int v, unsigned char* buf, Scratch& sc, int t, int kase, int p, Sink* sink) {
  if constexpr (V < Case::kVariants) {
    if (v == V) {
      if constexpr (Case::runs(V))
        if (Case::available(V, p)) probe_thread<Case, V, typename Case::template Var<V>::It>(buf, sc, t, kase, p, sink);
    } else {
      probe_dispatch<Case, V + 1>(v, buf, sc, t, kase, p, sink);
    }
  }
}

template <class Case>
__global__ void probe_kernel(unsigned char* slab, unsigned char* scratch, Sink* sink, int kase) {
  int p = blockIdx.x, v = blockIdx.y, t = threadIdx.x;
  long long slot = ((long long)v * Case::kPrograms + p) * Case::kThreads + t;
  Scratch sc = scratch_at<Case>(scratch, slot);
  probe_dispatch<Case>(v, slab + slot * Case::kN, sc, t, kase, p, sink);
}

template <class Case, int V = 0>
__device__ void round_trip_dispatch(int v, unsigned char* buf, unsigned char* frag, int t, int p, int d) {
  if constexpr (V < Case::kVariants) {
    if (v == V) {
      if constexpr (Case::runs(V)) round_trip_store<Case, V, typename Case::template Var<V>::It>(buf, frag, t, p, d);
    } else round_trip_dispatch<Case, V + 1>(v, buf, frag, t, p, d);
  }
}

template <class Case, int V = 0>
__device__ void round_trip_emit_dispatch(int v, long long const* tags, int kase, int p, Sink* sink) {
  if constexpr (V < Case::kVariants) {
    if (v == V) round_trip_emit<Case, V>(tags, kase, p, sink);
    else round_trip_emit_dispatch<Case, V + 1>(v, tags, kase, p, sink);
  }
}

// One block per (variant, program): all iterator threads store into one
// shared tensor at once, then the block reads it back byte by byte.
template <class Case>
__global__ void round_trip_kernel(unsigned char* bufs, long long* tagbufs, unsigned char* scratch, Sink* sink, int kase) {
  int p = blockIdx.x, v = blockIdx.y, t = threadIdx.x;
  if (!Case::round_trip(p) || !Case::available(v, p)) return;  // uniform over the block
  long long block = (long long)v * Case::kPrograms + p;
  unsigned char* buf = bufs + block * Case::kN;
  long long* tags = tagbufs + block * Case::kN;
  unsigned char* frag = scratch_at<Case>(scratch, block * Case::kThreads + t).frag;
  long long fa = (long long)Case::kAccessBytes * Case::kCount;
  int digits = digits_of((long long)Case::kThreads * fa);
  for (long long i = t; i < Case::kN; i += blockDim.x) buf[i] = 0;
  __syncthreads();
  round_trip_dispatch<Case>(v, buf, frag, t, p, -1);
  __syncthreads();
  for (long long i = t; i < Case::kN; i += blockDim.x) {
    tags[i] = buf[i] ? 0 : -1;
    buf[i] = 0;
  }
  __syncthreads();
  for (int d = 0; d < digits; ++d) {
    round_trip_dispatch<Case>(v, buf, frag, t, p, d);
    __syncthreads();
    for (long long i = t; i < Case::kN; i += blockDim.x) {
      if (tags[i] >= 0) tags[i] |= (long long)buf[i] << (8 * d);
      buf[i] = 0;
    }
    __syncthreads();
  }
  if (t == 0) round_trip_emit_dispatch<Case>(v, tags, kase, p, sink);
}

template <class Case>
void gpu_case(int kase, Sink* dsink) {
  typedef DeviceLayout<Case> D;
  unsigned char *slab = 0, *scratch = 0, *bufs = 0;
  long long* tags = 0;
  TILECHECK_CUDA(cudaMalloc(&slab, (size_t)(D::kSlots * Case::kN)));
  TILECHECK_CUDA(cudaMalloc(&scratch, (size_t)(D::kSlots * D::kScratch)));
  TILECHECK_CUDA(cudaMalloc(&bufs, (size_t)(D::kBlocks * Case::kN)));
  TILECHECK_CUDA(cudaMalloc(&tags, (size_t)(D::kBlocks * Case::kN * 8)));
  TILECHECK_CUDA(cudaMemset(scratch, 0, (size_t)(D::kSlots * D::kScratch)));
  dim3 grid(Case::kPrograms, Case::kVariants);
  probe_kernel<Case><<<grid, Case::kThreads>>>(slab, scratch, dsink, kase);
  TILECHECK_CUDA(cudaGetLastError());
  TILECHECK_CUDA(cudaDeviceSynchronize());
  round_trip_kernel<Case><<<grid, Case::kThreads>>>(bufs, tags, scratch, dsink, kase);
  TILECHECK_CUDA(cudaGetLastError());
  TILECHECK_CUDA(cudaDeviceSynchronize());
  TILECHECK_CUDA(cudaFree(slab));
  TILECHECK_CUDA(cudaFree(scratch));
  TILECHECK_CUDA(cudaFree(bufs));
  TILECHECK_CUDA(cudaFree(tags));
}

inline void print_device() {
  int dev = 0, driver = 0, runtime = 0;
  cudaDeviceProp prop;
  TILECHECK_CUDA(cudaGetDevice(&dev));
  TILECHECK_CUDA(cudaGetDeviceProperties(&prop, dev));
  TILECHECK_CUDA(cudaDriverGetVersion(&driver));
  TILECHECK_CUDA(cudaRuntimeGetVersion(&runtime));
  std::printf("G name=%s\nG cc=%d.%d\nG driver_api=%d\nG runtime=%d\n", prop.name, prop.major, prop.minor, driver, runtime);
}

}  // namespace tilecheck_probe
