// Host driver: runs a generated Case's probes and round trips with the
// iterator threads one after another, then prints the records.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <vector>
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

template <class Case, int V = 0>
void host_case(int kase, Sink* sink) {
  if constexpr (V < Case::kVariants) {
    typedef typename Case::template Var<V>::It It;
    unsigned char* buf = host_alloc(Case::kN);
    HostScratch<Case> hs;
    for (int p = 0; p < Case::kPrograms; ++p) {
      if (!Case::available(V, p)) continue;
      for (int t = 0; t < Case::kThreads; ++t) probe_thread<Case, V, It>(buf, hs.sc, t, kase, p, sink);
    }
    // Round trips: every thread stores into one shared tensor.
    std::vector<long long> tags((size_t)Case::kN);
    long long fa = (long long)Case::kAccessBytes * Case::kCount;
    int digits = digits_of((long long)Case::kThreads * fa);
    for (int p = 0; p < Case::kPrograms; ++p) {
      if (!Case::available(V, p) || !Case::round_trip(p)) continue;
      zero_words(buf, Case::kN);
      for (int t = 0; t < Case::kThreads; ++t) round_trip_store<Case, V, It>(buf, hs.sc.frag, t, p, -1);
      for (long long i = 0; i < Case::kN; ++i) tags[i] = buf[i] ? 0 : -1;
      for (int d = 0; d < digits; ++d) {
        zero_words(buf, Case::kN);
        for (int t = 0; t < Case::kThreads; ++t) round_trip_store<Case, V, It>(buf, hs.sc.frag, t, p, d);
        for (long long i = 0; i < Case::kN; ++i)
          if (tags[i] >= 0) tags[i] |= (long long)buf[i] << (8 * d);
      }
      round_trip_emit<Case, V>(tags.data(), kase, p, sink);
    }
    std::free(buf);
    host_case<Case, V + 1>(kase, sink);
  }
}

}  // namespace tilecheck_probe
