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

struct HostScratch {
  unsigned char* mem;
  Scratch sc;
  explicit HostScratch(long long fb) {
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

// The host instantiates the harness once per (dense or sparse, variant), not
// once per generated case: at -O0, code generation is most of a build, and
// the harness's copies per case were more than half of a unit's code
// (probe_store, probe_load, host_case, round trips: 56% of the object of a
// 170-case probe unit). HostView<kSparse> stands for the case being run:
// the same names as a generated Case, its numbers set by host_case before
// the harness runs (the host driver runs one case at a time), its run() a
// call through run_thunk, the only per-case code the driver adds. The
// harness does exactly the same work with the same numbers.
struct HostIt {};  // stands for It: the harness only passes it on to run()

template <bool Sparse>
struct HostView {
  static constexpr bool kSparse = Sparse;
  static inline long long kN, kOff;
  static inline int kThreads, kPrograms, kFragBox, kAccessBytes, kPayloadBytes, kCount, kWindowCount;
  static inline long long const* kWindows;
  static inline int (*op_kind_fn)(int p, int o);
  static inline bool (*available_fn)(int v, int p);
  static inline bool (*round_trip_fn)(int p);
  static inline void (*run_fn)(int p, unsigned char* tensor, int thread, int target, unsigned char* fb);
  static int op_kind(int p, int o) { return op_kind_fn(p, o); }
  static bool available(int v, int p) { return available_fn(v, p); }
  static bool round_trip(int p) { return round_trip_fn(p); }
  template <class It> static unsigned char* ref(unsigned char* p) { return p; }
  template <int V, class It> static void run(int p, unsigned char* tensor, int thread, int target, unsigned char* fb) {
    run_fn(p, tensor, thread, target, fb);
  }
};

// run_thunk is Run::run<V, It> of a generated case, called with the tensor's
// address: Run is the Case, or Guarded<Case> for a sparse case.
template <class Run, class Case, int V>
void run_thunk(int p, unsigned char* tensor, int thread, int target, unsigned char* fb) {
  typedef typename Case::template Var<V>::It It;
  Run::template run<V, It>(p, Case::template ref<It>(tensor), thread, target, fb);
}

// host_variant runs variant V of the case HostView<Sparse> stands for on
// buf: every thread's probes, then the round trips.
template <bool Sparse, int V>
void host_variant(unsigned char* buf, int kase, Sink* sink) {
  typedef HostView<Sparse> Case;
  typedef HostIt It;
  HostScratch hs(Case::kFragBox);
  for (int p = 0; p < Case::kPrograms; ++p) {
    if (!Case::available(V, p)) continue;
    for (int t = 0; t < Case::kThreads; ++t) probe_thread<Case, V, It>(buf, hs.sc, t, kase, p, sink);
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
      for (int t = 0; t < Case::kThreads; ++t) round_trip_store<Case, V, It>(buf, hs.sc.frag, t, p, d);
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
}

template <class Case, int V = 0>
void host_case(int kase, Sink* sink) {
  if constexpr (V < Case::kVariants && !Case::runs(V)) {
    host_case<Case, V + 1>(kase, sink);
  } else if constexpr (V < Case::kVariants) {
    typedef HostView<Case::kSparse> View;
    typedef typename std::conditional<Case::kSparse, Guarded<Case>, Case>::type Run;
    View::kN = Case::kN, View::kOff = Case::kOff;
    View::kThreads = Case::kThreads, View::kPrograms = Case::kPrograms;
    View::kFragBox = Case::kFragBox, View::kAccessBytes = Case::kAccessBytes;
    View::kPayloadBytes = Case::kPayloadBytes, View::kCount = Case::kCount;
    if constexpr (Case::kSparse) View::kWindowCount = Case::kWindowCount, View::kWindows = Case::kWindows;
    View::op_kind_fn = &Case::op_kind;
    View::available_fn = &Case::available;
    View::round_trip_fn = &Case::round_trip;
    View::run_fn = &run_thunk<Run, Case, V>;
    unsigned char* buf;
    if constexpr (Case::kSparse) buf = sparse_alloc<Case>(); else buf = host_alloc(Case::kN);
    host_variant<Case::kSparse, V>(buf, kase, sink);
    if constexpr (Case::kSparse) sparse_free<Case>(buf); else std::free(buf);
    host_case<Case, V + 1>(kase, sink);
  }
}

}  // namespace tilecheck_probe
