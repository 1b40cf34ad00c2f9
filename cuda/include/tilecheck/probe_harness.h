// Address recovery harness: runs generated op programs on an
// iterator and recovers every access's address from the bytes it moved,
// without trusting the code under test. The same per-thread code runs on the
// host (threads one after another) and on the GPU (one CUDA thread per
// iterator thread, each with its own buffer).
//
// Loads: the buffer holds base-256 digits of each byte's own index, one pass
// per digit, so the fragment's bytes spell where they came from.
// Stores: a 0xFF fragment over a zeroed buffer finds the touched bytes, then
// passes with digits of the fragment byte index say which fragment byte
// landed where. The tensor sits in the middle of a buffer several times its
// size, so negative and overshooting addresses are seen, not faulted.
//
// A generated Case provides: kThreads, kPrograms, kVariants, kN (buffer
// bytes), kOff (tensor offset in the buffer), kFragBox (bytes reserved for a
// fragment, at least A·count), kAccessBytes (A), kPayloadBytes (the packed
// Array inside the AccessType, which every access moves), kCount (accesses per
// fragment), op_kind(p, o) (0 state op, 1 load, 2 store, 3 accesses() pass,
// 4 predicated load, -1 end),
// available(v, p), round_trip(p), template Var<v>::It, ref<It>(ptr) and
// run<v, It>(p, ref, thread, target, fragment bytes).
#pragma once
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "tilecheck/core.h"

// TC_NOINLINE keeps a function out of line on the device. nvcc inlines every
// device call by default; a generated program then holds a full copy of each
// iterator op it calls (a b1 PredicatedTileIterator load is 48 unrolled
// guarded accesses), times every program, variant and call site of run(),
// and ptxas time grows faster than the kernel: one unit of four
// configurations took 294 s. Out of line, each (iterator, op) body is
// compiled once. Host builds are -O0 and need nothing.
#if defined(__CUDACC__)
#define TC_NOINLINE __noinline__
#else
#define TC_NOINLINE
#endif

namespace tilecheck_probe {

// The iterator ops a generated program calls (cuda/generate.go opCall), one
// out-of-line function per (iterator, op): see TC_NOINLINE.
template <class It, class F> TC_HD TC_NOINLINE void op_load(It& it, F& f) { it.load(f); }
template <class It, class F> TC_HD TC_NOINLINE void op_store(It& it, F& f) { it.store(f); }
template <class It, class F, class C> TC_HD TC_NOINLINE void op_load_tile(It& it, F& f, C c) { it.load(f, c); }
template <class It, class F, class C> TC_HD TC_NOINLINE void op_store_tile(It& it, F& f, C c) { it.store(f, c); }
template <class It, class F, class I> TC_HD TC_NOINLINE void op_load_ptr(It& it, F& f, I i) { it.load_with_pointer_offset(f, i); }
template <class It, class F, class I> TC_HD TC_NOINLINE void op_store_ptr(It& it, F& f, I i) { it.store_with_pointer_offset(f, i); }
template <class It, class C> TC_HD TC_NOINLINE void op_add_tile_offset(It& it, C c) { it.add_tile_offset(c); }
template <class It, class L> TC_HD TC_NOINLINE void op_add_pointer_offset(It& it, L l) { it.add_pointer_offset(l); }
template <class It> TC_HD TC_NOINLINE void op_inc(It& it) { ++it; }
template <class It> TC_HD TC_NOINLINE void op_dec(It& it) { --it; }
template <class It> TC_HD TC_NOINLINE void op_clear_mask(It& it) { it.clear_mask(); }
template <class It> TC_HD TC_NOINLINE void op_enable_mask(It& it) { it.enable_mask(); }

enum RecordKind { kAccess = 0, kRun = 1 };
// kGuardedOff: the access's guard was off — valid() returned false (an
// accesses() pass), or a predicated load left the fragment slot unchanged.
enum Flags { kIncoherent = 1, kUnrecovered = 2, kTouchOverflow = 4, kByteCount = 8, kGuardedOff = 16 };

// One output record. kAccess: access `index` of op `op` of `thread` is at
// `addr` (bytes from ref.data()). kRun: in a round trip, `len` consecutive
// bytes from `addr` hold fragment bytes index.. of `thread`.
struct Record {
  int32_t kind, variant, kase, prog, thread, op, index, flags;
  int64_t addr, len;
};

// Fixed-capacity record buffer: a slot is reserved atomically; a reservation
// past the capacity is dropped, and reserved − cap says exactly how many.
struct Sink {
  Record* recs;
  unsigned long long cap;
  unsigned long long reserved;
};

TC_HD inline void append(Sink* s, Record const& r) {
#if defined(__CUDA_ARCH__)
  unsigned long long slot = atomicAdd(&s->reserved, 1ULL);
#else
  unsigned long long slot = s->reserved++;
#endif
  if (slot < s->cap) s->recs[slot] = r;
}

TC_HD inline int digits_of(long long n) {  // base-256 digits needed for 0..n-1
  int d = 1;
  for (long long x = (n - 1) >> 8; x > 0; x >>= 8) ++d;
  return d;
}

// Per-thread scratch: a fragment box and three arrays of kFragBox int64.
struct Scratch {
  unsigned char* frag;
  long long* acc;
  long long* touched;
  long long* tags;
};

// Fills and scans run once per digit pass over a whole buffer: in a host
// build (-O0) a byte loop there was over 90% of a probe program's time.
// On the host, libc does the work: a digit is constant over each 256-byte
// block (d > 0) or repeats 0..255 (d = 0), so memset and memcpy of a ramp
// write exactly the bytes the loop below does. The device keeps the loop:
// buffers are 8-byte aligned with sizes a multiple of 256 (the generator
// guarantees it), so it goes a 64-bit word at a time.
TC_HD inline void fill_digits(unsigned char* buf, long long lo, long long hi, int d) {
#if !defined(__CUDA_ARCH__)
  static unsigned char const ramp[256] = {
#define TC_R4(i) (i), (i) + 1, (i) + 2, (i) + 3
#define TC_R16(i) TC_R4(i), TC_R4((i) + 4), TC_R4((i) + 8), TC_R4((i) + 12)
#define TC_R64(i) TC_R16(i), TC_R16((i) + 16), TC_R16((i) + 32), TC_R16((i) + 48)
      TC_R64(0), TC_R64(64), TC_R64(128), TC_R64(192)};
#undef TC_R64
#undef TC_R16
#undef TC_R4
  for (long long i = lo; i < hi;) {
    long long end = (i | 255) + 1 < hi ? (i | 255) + 1 : hi;  // the end of i's 256-byte block
    if (d == 0) memcpy(buf + i, ramp + (i & 255), (size_t)(end - i));
    else memset(buf + i, (int)((i >> (8 * d)) & 255), (size_t)(end - i));
    i = end;
  }
#else
  uint64_t* w = reinterpret_cast<uint64_t*>(buf);
  for (long long i = lo; i < hi; i += 8) {
    uint64_t v = 0;
    for (int k = 0; k < 8; ++k) v |= (uint64_t)(((i + k) >> (8 * d)) & 255) << (8 * k);
    w[i / 8] = v;
  }
#endif
}
TC_HD inline void fill_bytes(unsigned char* p, long long n, unsigned char v) {
#if !defined(__CUDA_ARCH__)
  memset(p, v, (size_t)n);
#else
  for (long long i = 0; i < n; ++i) p[i] = v;
#endif
}
TC_HD inline void zero_words(unsigned char* p, long long n) {
#if !defined(__CUDA_ARCH__)
  memset(p, 0, (size_t)(n / 8 * 8));
#else
  uint64_t* w = reinterpret_cast<uint64_t*>(p);
  for (long long i = 0; i < n / 8; ++i) w[i] = 0;
#endif
}

// Windows: the buffer ranges that are mapped and filled. A dense case has
// one, the whole buffer; a sparse host case (cuda/sparse.go) lists pages
// around the predicted accesses, and every other byte of its buffer faults.
template <class Case> TC_HD int window_count() {
  if constexpr (Case::kSparse) return Case::kWindowCount; else return 1;
}
template <class Case> TC_HD long long window_lo(int w) {
  if constexpr (Case::kSparse) return Case::kWindows[2 * w]; else return 0 * w;
}
template <class Case> TC_HD long long window_hi(int w) {
  if constexpr (Case::kSparse) return Case::kWindows[2 * w + 1]; else return Case::kN + 0 * w;
}
template <class Case> TC_HD bool in_windows(long long i) {
  for (int w = 0; w < window_count<Case>(); ++w)
    if (i >= window_lo<Case>(w) && i < window_hi<Case>(w)) return true;
  return false;
}
template <class Case> TC_HD void fill_windows_digits(unsigned char* buf, int d) {
  for (int w = 0; w < window_count<Case>(); ++w) fill_digits(buf, window_lo<Case>(w), window_hi<Case>(w), d);
}
template <class Case> TC_HD void fill_windows_bytes(unsigned char* buf, unsigned char v) {
  for (int w = 0; w < window_count<Case>(); ++w) fill_bytes(buf + window_lo<Case>(w), window_hi<Case>(w) - window_lo<Case>(w), v);
}
template <class Case> TC_HD void zero_windows(unsigned char* buf) {
  for (int w = 0; w < window_count<Case>(); ++w) zero_words(buf + window_lo<Case>(w), window_hi<Case>(w) - window_lo<Case>(w));
}

// A family accesses() pass: what get() and valid() return, the
// address as a byte distance from ref.data(). With out null the pass is only
// made (an accesses() op that is not the one recorded). kIndexed: the index
// is set before every access (accesses()); otherwise once, and ++ walks the
// accesses as a mainloop does (accesses_inc()).
template <bool kPredicated, bool kIndexed, class It, class Pointer>
TC_HD TC_NOINLINE void access_pass(It& it, Pointer base, unsigned char* out, int count) {
  long long* rec = reinterpret_cast<long long*>(out);
  for (int i = 0; i < count; ++i) {
    if (kIndexed || i == 0) it.set_iteration_index(i);
    if (rec) {
      rec[2 * i] = (long long)((uintptr_t)it.get() - (uintptr_t)base);
      rec[2 * i + 1] = 1;
    }
    if constexpr (kPredicated) {
      if (rec) rec[2 * i + 1] = it.valid() ? 1 : 0;
    }
    if (kPredicated || !kIndexed) ++it;
  }
}

template <class Case, int V, class It>
TC_HD void probe_accesses(unsigned char* buf, Scratch& sc, int thread, int kase, int prog, int op, Sink* sink) {
  fill_bytes(sc.frag, Case::kFragBox, 0);
  Case::template run<V, It>(prog, Case::template ref<It>(buf + Case::kOff), thread, op, sc.frag);
  long long const* rec = reinterpret_cast<long long const*>(sc.frag);
  for (int idx = 0; idx < Case::kCount; ++idx) {
    Record r = {kAccess, V, kase, prog, thread, op, idx, rec[2 * idx + 1] ? 0 : kGuardedOff, rec[2 * idx], Case::kAccessBytes};
    append(sink, r);
  }
}

// guarded: a predicated load, which leaves a guarded-off slot unchanged.
// A first pass over a constant buffer into a different constant fragment
// says which slots the load filled; the others are reported guarded off.
template <class Case, int V, class It>
TC_HD void probe_load(unsigned char* buf, Scratch& sc, int thread, int kase, int prog, int op, Sink* sink, bool guarded = false) {
  long long fa = (long long)Case::kAccessBytes * Case::kCount;
  if (guarded) {
    fill_windows_bytes<Case>(buf, 0xA5);
    fill_bytes(sc.frag, Case::kFragBox, 0x5A);
    Case::template run<V, It>(prog, Case::template ref<It>(buf + Case::kOff), thread, op, sc.frag);
    for (int idx = 0; idx < Case::kCount; ++idx) sc.touched[idx] = sc.frag[(long long)idx * Case::kAccessBytes] == 0xA5;
  }
  for (long long j = 0; j < fa; ++j) sc.acc[j] = 0;
  int digits = digits_of(Case::kN);
  for (int d = 0; d < digits; ++d) {
    fill_windows_digits<Case>(buf, d);
    fill_bytes(sc.frag, Case::kFragBox, 0);
    Case::template run<V, It>(prog, Case::template ref<It>(buf + Case::kOff), thread, op, sc.frag);
    for (long long j = 0; j < fa; ++j) sc.acc[j] |= (long long)sc.frag[j] << (8 * d);
  }
  for (int idx = 0; idx < Case::kCount; ++idx) {
    long long first = sc.acc[(long long)idx * Case::kAccessBytes];
    int flags = 0;
    // Only the payload must be moved: a copy of an AlignedArray may leave
    // its alignment padding alone.
    for (int k = 1; k < Case::kPayloadBytes; ++k)
      if (sc.acc[(long long)idx * Case::kAccessBytes + k] != first + k) flags |= kIncoherent;
    long long addr = first - Case::kOff;
    // Sparse: a slot the run did not fill (it faulted first) spells no
    // mapped byte; it must not pass for an address.
    if constexpr (Case::kSparse)
      if (!in_windows<Case>(first) || !in_windows<Case>(first + Case::kAccessBytes - 1)) flags |= kUnrecovered;
    if (guarded && !sc.touched[idx]) flags = kGuardedOff, addr = 0;
    Record r = {kAccess, V, kase, prog, thread, op, idx, flags, addr, Case::kAccessBytes};
    append(sink, r);
  }
}

// Expects a zeroed buffer and leaves it zeroed.
template <class Case, int V, class It>
TC_HD void probe_store(unsigned char* buf, Scratch& sc, int thread, int kase, int prog, int op, Sink* sink) {
  long long fa = (long long)Case::kAccessBytes * Case::kCount;
  fill_bytes(sc.frag, Case::kFragBox, 0xFF);
  Case::template run<V, It>(prog, Case::template ref<It>(buf + Case::kOff), thread, op, sc.frag);
  long long touched = 0;
  int overflow = 0;
  uint64_t* words = reinterpret_cast<uint64_t*>(buf);
  for (int win = 0; win < window_count<Case>(); ++win) {
    long long wlo = window_lo<Case>(win) / 8, whi = window_hi<Case>(win) / 8;  // -O0: no call per word
    for (long long w = wlo; w < whi; ++w) {
      if (words[w] == 0) continue;
      for (long long i = 8 * w; i < 8 * w + 8; ++i) {
        if (buf[i] == 0) continue;
        if (touched < Case::kFragBox) sc.touched[touched++] = i; else overflow = kTouchOverflow;
        buf[i] = 0;
      }
    }
  }
  for (long long t = 0; t < touched; ++t) sc.tags[t] = 0;
  int digits = digits_of(fa);
  for (int d = 0; d < digits; ++d) {
    for (long long j = 0; j < Case::kFragBox; ++j) sc.frag[j] = (unsigned char)((j >> (8 * d)) & 255);
    Case::template run<V, It>(prog, Case::template ref<It>(buf + Case::kOff), thread, op, sc.frag);
    for (long long t = 0; t < touched; ++t) {
      sc.tags[t] |= (long long)buf[sc.touched[t]] << (8 * d);
      buf[sc.touched[t]] = 0;
    }
  }
  for (int idx = 0; idx < Case::kCount; ++idx) {
    long long addr = 0, bytes = 0;
    int flags = overflow;
    for (long long t = 0; t < touched; ++t) {
      long long j = sc.tags[t];
      if (j / Case::kAccessBytes != idx) continue;
      long long a = sc.touched[t] - Case::kOff - j % Case::kAccessBytes;
      if (bytes == 0) addr = a; else if (a != addr) flags |= kIncoherent;
      ++bytes;
    }
    if (bytes == 0) flags |= kUnrecovered;
    else if (bytes < Case::kPayloadBytes || bytes > Case::kAccessBytes) flags |= kByteCount;
    Record r = {kAccess, V, kase, prog, thread, op, idx, flags, addr, bytes};
    append(sink, r);
  }
}

// Every recording op of program prog, for one thread, on its own buffer.
template <class Case, int V, class It>
TC_HD void probe_thread(unsigned char* buf, Scratch& sc, int thread, int kase, int prog, Sink* sink) {
  bool zeroed = false;
  for (int op = 0;; ++op) {
    int k = Case::op_kind(prog, op);
    if (k < 0) break;
    if (k == 1 || k == 4) {
      probe_load<Case, V, It>(buf, sc, thread, kase, prog, op, sink, k == 4);
      zeroed = false;
    } else if (k == 3) {
      probe_accesses<Case, V, It>(buf, sc, thread, kase, prog, op, sink);
    } else if (k == 2) {
      if (!zeroed) zero_windows<Case>(buf);
      zeroed = true;
      probe_store<Case, V, It>(buf, sc, thread, kase, prog, op, sink);
    }
  }
}

// The store op of a round-trip program (its only recording op).
template <class Case>
TC_HD int round_trip_op(int prog) {
  for (int op = 0;; ++op) {
    int k = Case::op_kind(prog, op);
    if (k < 0) return -1;
    if (k == 2) return op;
  }
}

// Round trip, step 2 of each pass: every thread stores its fragment whose
// byte j holds digit d of its global tag thread·FA + j (d < 0: all 0xFF).
template <class Case, int V, class It>
TC_HD void round_trip_store(unsigned char* buf, unsigned char* frag, int thread, int prog, int d) {
  long long fa = (long long)Case::kAccessBytes * Case::kCount;
  for (long long j = 0; j < Case::kFragBox; ++j)
    frag[j] = d < 0 ? 0xFF : (unsigned char)((((long long)thread * fa + j) >> (8 * d)) & 255);
  Case::template run<V, It>(prog, Case::template ref<It>(buf + Case::kOff), thread, round_trip_op<Case>(prog), frag);
}

// Round trip, last step: the tags found, as runs of consecutive bytes.
// tags[k] is the tag of buffer byte lo + k, for the bytes lo..hi-1.
template <class Case, int V>
TC_HD void round_trip_emit(long long const* tags, int kase, int prog, Sink* sink, long long lo = 0, long long hi = Case::kN) {
  long long fa = (long long)Case::kAccessBytes * Case::kCount;
  long long n = hi - lo, i = 0;
  while (i < n) {
    if (tags[i] < 0) { ++i; continue; }
    long long start = i, tag = tags[i];
    while (i + 1 < n && tags[i + 1] == tags[i] + 1 && (tags[i + 1] / fa) == (tag / fa)) ++i;
    ++i;
    Record r = {kRun, V, kase, prog, (int32_t)(tag / fa), round_trip_op<Case>(prog), (int32_t)(tag % fa), 0, lo + start - Case::kOff, i - start};
    append(sink, r);
  }
}

// Prints the kept records (host code, both back ends), then the accounting
// line: S reserved capacity.
inline void print_records(Record const* recs, unsigned long long reserved, unsigned long long cap) {
  unsigned long long n = reserved < cap ? reserved : cap;
  for (unsigned long long i = 0; i < n; ++i) {
    Record const& r = recs[i];
    if (r.kind == kAccess)
      printf("A %d %d %d %d %d %d %lld %d %lld\n", r.variant, r.kase, r.prog, r.thread, r.op, r.index, (long long)r.addr, r.flags, (long long)r.len);
    else
      printf("R %d %d %d %d %d %d %lld %lld\n", r.variant, r.kase, r.prog, r.thread, r.op, r.index, (long long)r.addr, (long long)r.len);
  }
  printf("S %llu %llu\n", reserved, cap);
}

}  // namespace tilecheck_probe
