// Host driver: runs a generated Case's probes and round trips with the
// iterator threads one after another, then prints the records.
#pragma once
#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>
#include <sys/mman.h>
#include <unistd.h>
#include "tilecheck/probe_harness.h"

namespace tilecheck_probe {

inline unsigned char* host_alloc(long long bytes) {
  void* p = std::aligned_alloc(256, (size_t)((bytes + 255) / 256 * 256));
  if (!p) { std::printf("E out of host memory (%lld bytes)\n", bytes); std::exit(3); }
  return static_cast<unsigned char*>(p);
}

template <class Case>
struct HostScratch {
  unsigned char* mem;
  Scratch sc;
  HostScratch() {
    long long fb = Case::kFragBox;
    mem = host_alloc(fb + 24 * fb);
    sc.frag = mem;
    sc.acc = reinterpret_cast<long long*>(mem + fb);
    sc.touched = sc.acc + fb;
    sc.tags = sc.touched + fb;
  }
  ~HostScratch() { std::free(mem); }
};

// Sparse cases (cuda/sparse.go): the buffer is address space with no access
// but its windows, and a run that touches any other byte is abandoned at
// the fault. The slots it left unfilled recover no address, so the probe
// flags them: a wrong address is reported, never guessed.
inline sigjmp_buf& fault_jump() { static sigjmp_buf env; return env; }
inline volatile sig_atomic_t& fault_armed() { static volatile sig_atomic_t armed = 0; return armed; }

inline void on_fault(int sig) {
  if (fault_armed()) { fault_armed() = 0; siglongjmp(fault_jump(), 1); }
  std::signal(sig, SIG_DFL);  // not in a sparse run: fault again, for real
}

// Guarded<Case> is Case whose run() returns at a fault instead of dying.
template <class Case>
struct Guarded : Case {
  template <int V, class It>
  static void run(int p, typename It::TensorRef r, int thread, int target, unsigned char* fb) {
    if (sigsetjmp(fault_jump(), 1) == 0) {
      fault_armed() = 1;
      Case::template run<V, It>(p, r, thread, target, fb);
    }
    fault_armed() = 0;
  }
};

template <class Case>
unsigned char* sparse_alloc() {
  if (sysconf(_SC_PAGESIZE) != 4096) { std::printf("E sparse probe needs 4096-byte pages\n"); std::exit(3); }
  void* p = mmap(0, (size_t)Case::kN, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) { std::printf("E cannot reserve %lld bytes of address space\n", (long long)Case::kN); std::exit(3); }
  unsigned char* buf = static_cast<unsigned char*>(p);
  for (int w = 0; w < Case::kWindowCount; ++w)
    if (mprotect(buf + Case::kWindows[2 * w], (size_t)(Case::kWindows[2 * w + 1] - Case::kWindows[2 * w]), PROT_READ | PROT_WRITE) != 0) {
      std::printf("E cannot map a window of the sparse buffer\n");
      std::exit(3);
    }
  struct sigaction sa = {};
  sa.sa_handler = on_fault;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_NODEFER;
  sigaction(SIGSEGV, &sa, 0);
  sigaction(SIGBUS, &sa, 0);
  return buf;
}

template <class Case>
void sparse_free(unsigned char* buf) {
  munmap(buf, (size_t)Case::kN);
  std::signal(SIGSEGV, SIG_DFL);
  std::signal(SIGBUS, SIG_DFL);
}

template <class Case, int V = 0>
void host_case(int kase, Sink* sink) {
  if constexpr (V < Case::kVariants && !Case::runs(V)) {
    host_case<Case, V + 1>(kase, sink);
  } else if constexpr (V < Case::kVariants) {
    typedef typename Case::template Var<V>::It It;
    typedef typename std::conditional<Case::kSparse, Guarded<Case>, Case>::type Run;
    unsigned char* buf;
    if constexpr (Case::kSparse) buf = sparse_alloc<Case>(); else buf = host_alloc(Case::kN);
    HostScratch<Case> hs;
    for (int p = 0; p < Case::kPrograms; ++p) {
      if (!Case::available(V, p)) continue;
      for (int t = 0; t < Case::kThreads; ++t) probe_thread<Run, V, It>(buf, hs.sc, t, kase, p, sink);
    }
    // Round trips: every thread stores into one shared tensor; tags are
    // kept for the windows' bytes, window after window.
    long long mapped = 0;
    for (int w = 0; w < window_count<Case>(); ++w) mapped += window_hi<Case>(w) - window_lo<Case>(w);
    std::vector<long long> tags((size_t)mapped);
    long long fa = (long long)Case::kAccessBytes * Case::kCount;
    int digits = digits_of((long long)Case::kThreads * fa);
    for (int p = 0; p < Case::kPrograms; ++p) {
      if (!Case::available(V, p) || !Case::round_trip(p)) continue;
      for (int d = -1; d < digits; ++d) {
        zero_windows<Case>(buf);
        for (int t = 0; t < Case::kThreads; ++t) round_trip_store<Run, V, It>(buf, hs.sc.frag, t, p, d);
        long long k = 0;
        for (int w = 0; w < window_count<Case>(); ++w) {
          long long lo = window_lo<Case>(w), hi = window_hi<Case>(w);  // -O0: no call per byte
          for (long long i = lo; i < hi; ++i, ++k) {
            if (d < 0) tags[k] = buf[i] ? 0 : -1;
            else if (tags[k] >= 0) tags[k] |= (long long)buf[i] << (8 * d);
          }
        }
      }
      long long k = 0;
      for (int w = 0; w < window_count<Case>(); ++w) {
        round_trip_emit<Case, V>(tags.data() + k, kase, p, sink, window_lo<Case>(w), window_hi<Case>(w));
        k += window_hi<Case>(w) - window_lo<Case>(w);
      }
    }
    if constexpr (Case::kSparse) sparse_free<Case>(buf); else std::free(buf);
    host_case<Case, V + 1>(kase, sink);
  }
}

}  // namespace tilecheck_probe
