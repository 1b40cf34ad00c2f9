// tilecheck's GPU harness for CuTe's layout algebra, built with nvcc. The
// generated translation unit defines, for each entry i, the same
// CUTE_HOST_DEVICE function tc_build_<i>(int const* v) as the host harness,
// then tc_dev (on the device: entry f's result into a slot), tc_show (on
// the host: print a slot as the host harness prints a result) and
// tc_obj_bytes (the largest result object's size), declared below.
//
// Each case runs in its own CUDA thread: the case's result is computed on
// the device, its size and its values (the first min(size, cap), by CuTe's
// own operator()) are computed there too, and the result object itself is
// copied back byte for byte. CuTe's layouts hold only integers (the static
// ones in their type), and CUDA passes such objects between host and device
// as bytes (kernel arguments), so the host's cute::print of the copy prints
// what the device computed without device printf.
//
// Protocol: the host harness's, read in full before the kernel runs.
// argv[1] is cap; argv[2] is the mode:
//   batch   (default) every case in one launch, one thread per case; the
//           answers are printed after the launch. A device fault (a trap,
//           an illegal address) leaves the context unusable: the program
//           prints "tilecheck_cute: device fault in batch: <error>" to
//           stderr, prints no case and exits with status 3, and the caller
//           runs the cases again in single mode.
//   single  one launch per case, "begin K" printed (and flushed) before it:
//           a fault prints "tilecheck_cute: device fault: <error>" to
//           stderr and exits with status 4 inside the case, which the
//           caller blames on it, as the host harness's crashes are.
// Integer division by zero does not trap on the GPU: it gives an
// unspecified value where the host program dies with SIGFPE.
//
// Slot layout, per case: [0,8) done flag, [8,16) size (the integer for
// max_common_vector), [16,16+obj) the result object, then cap values as
// long long; obj is tc_obj_bytes() rounded up to 8.
#pragma once
#include <cute/layout.hpp>
#include <cute/swizzle_layout.hpp>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// Defined by the generated translation unit, after the entries.
__device__ void tc_dev(int f, int const* v, unsigned char* slot, long long obj, long long cap);
void tc_show(int f, unsigned char const* slot, long long obj, long long cap);
unsigned long long tc_obj_bytes();

namespace tilecheck_cute {

__host__ __device__ inline long long* slot_ll(unsigned char* slot, long long k) {
  return reinterpret_cast<long long*>(slot) + k;
}

inline long long obj_area(unsigned long long obj) { return static_cast<long long>((obj + 7) / 8 * 8); }

// dev_report computes a result's size and values on the device and copies
// the result object into the slot.
template <class R>
__device__ void dev_report(R const& r, unsigned char* slot, long long obj, long long cap) {
  long long n = static_cast<long long>(cute::size(r));
  *slot_ll(slot, 1) = n;
  memcpy(slot + 16, &r, sizeof(R));
  long long* vals = reinterpret_cast<long long*>(slot + 16 + obj);
  for (long long i = 0; i < n && i < cap; ++i) {
    vals[i] = static_cast<long long>(r(static_cast<int>(i)));
  }
}

template <class V>
__device__ void dev_report_vector(V const& v, unsigned char* slot) {
  *slot_ll(slot, 1) = static_cast<long long>(v);
}

// show prints a slot as the host harness's report prints a result.
template <class R>
void show(unsigned char const* slot, long long obj, long long cap) {
  alignas(R) unsigned char buf[sizeof(R)];
  std::memcpy(buf, slot + 16, sizeof(R));
  R const& r = *reinterpret_cast<R const*>(buf);
  long long n;
  std::memcpy(&n, slot + 8, sizeof n);
  std::printf("layout ");
  cute::print(r);
  std::printf("\nsize %lld\nvalues", n);
  for (long long i = 0; i < n && i < cap; ++i) {
    long long x;
    std::memcpy(&x, slot + 16 + obj + 8 * i, sizeof x);
    std::printf(" %lld", x);
  }
  std::printf("\n");
}

inline void show_vector(unsigned char const* slot) {
  long long v;
  std::memcpy(&v, slot + 8, sizeof v);
  std::printf("vector %lld\n", v);
}

// The kernel: thread i answers case i of this launch.
__global__ void kernel(int n, int const* fids, long long const* voff, int const* vals,
                       unsigned char* out, long long slot_bytes, long long obj, long long cap) {
  long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) {
    return;
  }
  unsigned char* slot = out + i * slot_bytes;
  tc_dev(fids[i], vals + voff[i], slot, obj, cap);
  *slot_ll(slot, 0) = 1;
}

inline void cuda_check(cudaError_t e, char const* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "tilecheck_cute: CUDA: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(2);
  }
}

// fault ends the program after a device error: status 3 in batch mode
// (before any case is printed), 4 in single mode (inside the case begun).
[[noreturn]] inline void fault(bool batch, cudaError_t e) {
  std::fflush(stdout);
  std::fprintf(stderr, "tilecheck_cute: device fault%s: %s\n", batch ? " in batch" : "", cudaGetErrorString(e));
  std::fflush(stderr);
  std::exit(batch ? 3 : 4);
}

inline int serve(int entries, int argc, char** argv) {
  long long cap = argc > 1 ? std::atoll(argv[1]) : 1024;
  bool batch = !(argc > 2 && std::strcmp(argv[2], "single") == 0);
  std::vector<long long> labels, voff;
  std::vector<int> fids, vals;
  long long k;
  int f, n;
  while (std::scanf("%lld %d %d", &k, &f, &n) == 3) {
    if (f < 0 || f >= entries || n < 0 || n > 4096) {
      std::fprintf(stderr, "bad request for case %lld\n", k);
      return 2;
    }
    labels.push_back(k);
    fids.push_back(f);
    voff.push_back(static_cast<long long>(vals.size()));
    for (int i = 0; i < n; ++i) {
      int x;
      if (std::scanf("%d", &x) != 1) {
        std::fprintf(stderr, "short request for case %lld\n", k);
        return 2;
      }
      vals.push_back(x);
    }
  }
  long long total = static_cast<long long>(labels.size());
  if (total == 0) {
    return 0;
  }
  vals.push_back(0);  // never an empty buffer
  long long obj = obj_area(tc_obj_bytes());
  long long slot_bytes = 16 + obj + 8 * cap;
  // Cases per launch: at most 1 GiB of slots.
  long long group = batch ? (1LL << 30) / slot_bytes : 1;
  if (group < 1) {
    group = 1;
  }
  if (group > total) {
    group = total;
  }
  cuda_check(cudaFree(nullptr), "initialising the device");
  // Deep CuTe templates at -O0 need more than the default stack.
  if (cudaDeviceSetLimit(cudaLimitStackSize, 16384) != cudaSuccess) {
    (void)cudaGetLastError();
  }
  int *d_fids, *d_vals;
  long long* d_voff;
  unsigned char* d_out;
  cuda_check(cudaMalloc(&d_fids, sizeof(int) * fids.size()), "cudaMalloc");
  cuda_check(cudaMalloc(&d_voff, sizeof(long long) * voff.size()), "cudaMalloc");
  cuda_check(cudaMalloc(&d_vals, sizeof(int) * vals.size()), "cudaMalloc");
  cuda_check(cudaMalloc(&d_out, static_cast<size_t>(slot_bytes * group)), "cudaMalloc");
  cuda_check(cudaMemcpy(d_fids, fids.data(), sizeof(int) * fids.size(), cudaMemcpyHostToDevice), "cudaMemcpy");
  cuda_check(cudaMemcpy(d_voff, voff.data(), sizeof(long long) * voff.size(), cudaMemcpyHostToDevice), "cudaMemcpy");
  cuda_check(cudaMemcpy(d_vals, vals.data(), sizeof(int) * vals.size(), cudaMemcpyHostToDevice), "cudaMemcpy");
  std::vector<unsigned char> out(static_cast<size_t>(slot_bytes * group));
  for (long long at = 0; at < total; at += group) {
    int m = static_cast<int>(total - at < group ? total - at : group);
    if (!batch) {
      std::printf("begin %lld\n", labels[at]);
      std::fflush(stdout);
    }
    cuda_check(cudaMemset(d_out, 0, static_cast<size_t>(slot_bytes * m)), "cudaMemset");
    int threads = 128;
    kernel<<<(m + threads - 1) / threads, threads>>>(m, d_fids + at, d_voff + at, d_vals, d_out, slot_bytes, obj, cap);
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess) {
      e = cudaDeviceSynchronize();
    }
    if (e != cudaSuccess) {
      fault(batch, e);
    }
    cuda_check(cudaMemcpy(out.data(), d_out, static_cast<size_t>(slot_bytes * m), cudaMemcpyDeviceToHost), "cudaMemcpy");
    for (int i = 0; i < m; ++i) {
      unsigned char const* slot = out.data() + static_cast<size_t>(slot_bytes) * i;
      long long done;
      std::memcpy(&done, slot, sizeof done);
      if (done != 1) {
        fault(batch, cudaErrorUnknown);  // a thread that never finished
      }
      if (batch) {
        std::printf("begin %lld\n", labels[at + i]);
      }
      tc_show(fids[at + i], slot, obj, cap);
      std::printf("end %lld\n", labels[at + i]);
    }
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace tilecheck_cute
