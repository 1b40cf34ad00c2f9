// tilecheck's harness for CuTe's TiledCopy. The generated translation unit
// defines, for each entry k, after the directive #line 1 "tc_entry_<k>",
// a struct tc_ns_<k>::C (Value, the element type; tiled(), the TiledCopy;
// src(v) and dst(v), the two tensors' layouts, a swizzle composed in where
// the case has one, their dynamic integers read from v; extent, whether v
// ends with copy_if's extent (m, n); run, whether the atom executes on the
// host; path, the memory its two sides are in), a function tc_run_<k>(v, n)
// calling tilecheck_copy::report<C> (gpu_report with nvcc,
// tilecheck_copy_gpu.h), and the table tc_table of them.
//
// Protocol. Each request on stdin is one line: "K F N v0 ... v(N-1)", case
// label K, entry F of tc_table, N integers. For each request the program
// prints, in order:
//   begin K                  (flushed first: a crash is blamed on the case
//                             whose begin has no end)
//   threads <size(tiled)>
//   size <size of the tile>
//   atom <AtomNumThr> <NumValSrc> <NumValDst>   (the atom's threads, and
//                             the values one thread gives and takes per call)
//   span <src span> <dst span>   (1 + the largest offset each layout, its
//                             swizzle applied, reaches over the tile)
//   t <thread>               then, for that thread, in CuTe's flattened
//   S <coord> <offset> ...    order of partition_S, each slot's
//                             colexicographic index in the tile and offset
//   D <coord> <offset> ...    the same of partition_D
//   P 0|1 ...                (only with an extent) the predicate tensor given
//                             to copy_if, per partition_S slot: the slot's
//                             coordinate inside the extent
//   landed <x> ...           (only where the copy ran: the universal copies
//                             on the host, every atom on the GPU) the destination's
//                             elements over its span after the copy: the
//                             coordinate of the source element found there,
//                             -1 untouched, -2 a source sentinel (memory
//                             outside the source tile), -3 neither (a torn
//                             or unknown value)
//   stray <offset> <x> ...   (only where the copy ran and wrote outside
//                             the destination's span) each such element's
//                             offset relative to the tensor's base and x
//   refused <why>            (instead of all but begin and end) the harness
//                             cannot run the case
//   end K
#pragma once
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm90.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace tilecheck_copy {

using namespace cute;

// Guard elements on each side of the source and destination areas.
template <class T>
constexpr long long guard() {
  return sizeof_bits_v<T> >= 8 ? 256 : 512;
}

// span is 1 + the largest offset layout l reaches over n coordinates.
// A negative offset has no place in the areas: the program aborts inside
// the case (blamed on it) rather than write outside them.
template <class L>
long long span(L const& l, long long n) {
  long long m = 0;
  for (long long i = 0; i < n; ++i) {
    long long o = static_cast<long long>(l(static_cast<int>(i)));
    if (o < 0) {
      std::fprintf(stderr, "tilecheck_copy: offset %lld of coordinate %lld is negative\n", o, i);
      std::abort();
    }
    if (o + 1 > m) m = o + 1;
  }
  return m;
}

// Tagging: the element at a source offset holding tile coordinate c holds
// the value c + 2; every other source element (the guards, the offsets no
// coordinate reaches) holds 1; the destination starts at 0. A value is
// written digit by digit, one pass of the copy per digit: digit_bits() bits
// a pass, repeated to fill an element wider than a digit.
template <class T>
constexpr int digit_bits() {
  return sizeof_bits_v<T> < 16 ? static_cast<int>(sizeof_bits_v<T>) : 16;
}

template <class T>
int passes(long long n) {
  int need = 1;
  while ((1LL << need) <= n + 1) ++need;
  return (need + digit_bits<T>() - 1) / digit_bits<T>();
}

// Bit-level access to element o >= 0 from base (little-endian, element 0
// in the lowest bits, as CuTe's sub-byte iterators and x86/CUDA agree).
template <class T>
CUTE_HOST_DEVICE void put(unsigned char* base, long long o, unsigned digit) {
  constexpr int b = static_cast<int>(sizeof_bits_v<T>);
  constexpr int d = digit_bits<T>();
  for (int k = 0; k < b; ++k) {
    long long bit = o * b + k;
    unsigned char m = static_cast<unsigned char>(1u << (bit % 8));
    if ((digit >> (k % d)) & 1u) base[bit / 8] |= m; else base[bit / 8] &= static_cast<unsigned char>(~m);
  }
}

// get reads element o's digit, or -1 where the element's repeated digits
// disagree (torn).
template <class T>
long long get(unsigned char const* base, long long o) {
  constexpr int b = static_cast<int>(sizeof_bits_v<T>);
  constexpr int d = digit_bits<T>();
  long long first = -1;
  for (int r = 0; r < b / d; ++r) {
    long long x = 0;
    for (int k = 0; k < d; ++k) {
      long long bit = o * b + r * d + k;
      x |= static_cast<long long>((base[bit / 8] >> (bit % 8)) & 1) << k;
    }
    if (r == 0) first = x; else if (x != first) return -1;
  }
  return first;
}

// Area is one side's memory: guard elements, the span, guard elements, in
// bytes aligned to 128.
template <class T>
struct Area {
  long long span;
  std::vector<unsigned char> raw;
  unsigned char* base;  // element 0 of the tensor
  explicit Area(long long s) : span(s) {
    long long bytes = ((s + 2 * guard<T>()) * sizeof_bits_v<T> + 7) / 8;
    raw.assign(static_cast<size_t>(bytes + 256), 0);
    unsigned char* p = raw.data();
    p += (128 - reinterpret_cast<unsigned long long>(p) % 128) % 128;
    base = p + guard<T>() * sizeof_bits_v<T> / 8;
  }
  long long elems() const { return span + 2 * guard<T>(); }
  unsigned char* first() { return base - guard<T>() * sizeof_bits_v<T> / 8; }
  long long bytes() const { return (elems() * sizeof_bits_v<T> + 7) / 8; }
};

// fill_source writes pass p's digits into src; fill_dest clears dst.
template <class T, class SL>
void fill_source(Area<T>& a, SL const& sl, long long n, int p) {
  constexpr int d = digit_bits<T>();
  for (long long o = 0; o < a.elems(); ++o) put<T>(a.first(), o, static_cast<unsigned>((1ull >> (p * d)) & ((1ull << d) - 1)));
  for (long long c = 0; c < n; ++c) {
    unsigned long long v = static_cast<unsigned long long>(c + 2);
    put<T>(a.first(), guard<T>() + static_cast<long long>(sl(static_cast<int>(c))), static_cast<unsigned>((v >> (p * d)) & ((1ull << d) - 1)));
  }
}

// accumulate adds pass p's digits of the destination (guards included) to
// acc, marking torn elements with -1 for good.
template <class T>
void accumulate(Area<T>& a, int p, std::vector<long long>& acc) {
  constexpr int d = digit_bits<T>();
  for (long long o = 0; o < a.elems(); ++o) {
    long long& x = acc[static_cast<size_t>(o)];
    long long g = get<T>(a.first(), o);
    if (x < 0 || g < 0) { x = -1; continue; }
    x |= g << (p * d);
  }
}

// decode names what a destination element holds.
inline long long decode(long long x, long long n) {
  if (x == 0) return -1;
  if (x == 1) return -2;
  if (x < 0 || x - 2 >= n) return -3;
  return x - 2;
}

// print_landed prints the landed and stray lines from acc.
template <class T>
void print_landed(std::vector<long long> const& acc, long long span, long long n) {
  std::printf("landed");
  for (long long o = 0; o < span; ++o) std::printf(" %lld", decode(acc[static_cast<size_t>(o + guard<T>())], n));
  std::printf("\n");
  bool any = false;
  for (long long o = -guard<T>(); o < span + guard<T>(); ++o) {
    if (o >= 0 && o < span) continue;
    long long x = acc[static_cast<size_t>(o + guard<T>())];
    if (x == 0) continue;
    if (!any) std::printf("stray");
    any = true;
    std::printf(" %lld %lld", o, decode(x, n));
  }
  if (any) std::printf("\n");
}

// in_crd is copy_if's predicate at a coordinate of a rank-2 tile: its
// mode-0 index (colexicographic within the mode) below ext[0] and its
// mode-1 index below ext[1]. in_extent is the same at a colexicographic
// index into the tile.
template <class Crd, class Shp>
CUTE_HOST_DEVICE bool in_crd(Crd const& crd, Shp const& shp, int const* ext) {
  static_assert(rank_v<Shp> == 2, "an extent needs a tile of rank 2");
  return static_cast<int>(crd2idx(get<0>(crd), get<0>(shp))) < ext[0] &&
         static_cast<int>(crd2idx(get<1>(crd), get<1>(shp))) < ext[1];
}

template <class Shp>
bool in_extent(long long c, Shp const& shp, int const* ext) {
  return in_crd(idx2crd(static_cast<int>(c), shp), shp, ext);
}

// slots prints every thread's partitions.
template <class C>
void slots(int const* v, int const* ext) {
  auto tc = C::tiled();
  auto sl = C::src(v);
  auto dl = C::dst(v);
  long long n = size(sl);
  long long ss = span(sl, n), ds = span(dl, n);
  using TC = decltype(tc);
  std::printf("threads %d\nsize %lld\n", static_cast<int>(size(tc)), n);
  std::printf("atom %d %d %d\n", static_cast<int>(typename TC::AtomNumThr{}), static_cast<int>(TC::NumValSrc), static_cast<int>(TC::NumValDst));
  std::printf("span %lld %lld\n", ss, ds);
  std::vector<int> soff(static_cast<size_t>(ss)), doff(static_cast<size_t>(ds)), crd(static_cast<size_t>(n));
  for (long long i = 0; i < ss; ++i) soff[static_cast<size_t>(i)] = static_cast<int>(i);
  for (long long i = 0; i < ds; ++i) doff[static_cast<size_t>(i)] = static_cast<int>(i);
  for (long long i = 0; i < n; ++i) crd[static_cast<size_t>(i)] = static_cast<int>(i);
  Tensor S = make_tensor(soff.data(), sl);
  Tensor D = make_tensor(doff.data(), dl);
  Tensor CS = make_tensor(crd.data(), make_layout(shape(sl)));
  Tensor CD = make_tensor(crd.data(), make_layout(shape(dl)));
  for (int t = 0; t < static_cast<int>(size(tc)); ++t) {
    auto thr = tc.get_slice(t);
    Tensor tS = thr.partition_S(S);
    Tensor tCS = thr.partition_S(CS);
    Tensor tD = thr.partition_D(D);
    Tensor tCD = thr.partition_D(CD);
    std::printf("t %d\nS", t);
    for (int i = 0; i < size(tS); ++i) std::printf(" %d %d", tCS(i), tS(i));
    std::printf("\nD");
    for (int i = 0; i < size(tD); ++i) std::printf(" %d %d", tCD(i), tD(i));
    std::printf("\n");
    if constexpr (C::extent) {
      std::printf("P");
      for (int i = 0; i < size(tCS); ++i) std::printf(" %d", in_extent(tCS(i), shape(sl), ext) ? 1 : 0);
      std::printf("\n");
    }
  }
}

// thread_copy is thread t's part of the copy, the same code on the host and
// the device: copy(tc, partition_S(src), partition_D(dst)), copy_if with
// the predicate where the case has an extent, the predicate built from an
// identity tensor's partition. src and dst point at element 0 of each
// tensor, tagged with the memory the atom's path names: path 0 (global to
// shared) global and shared, path 1 (shared to registers) shared and
// registers, path 2 (registers to shared) registers and shared. A register
// side is the case's tensor as CuTe sees a register fragment: rmem-tagged,
// its layout the case's (CuTe recasts each call's values to the
// instruction's registers, so they must be consecutive there).
template <class C, class TC>
CUTE_HOST_DEVICE void thread_copy(TC const& tc, int t, int const* v, int const* ext, unsigned char* src, unsigned char* dst) {
  using T = typename C::Value;
  auto sl = C::src(v);
  auto dl = C::dst(v);
  auto thr = tc.get_slice(t);
  Tensor tCS = thr.partition_S(make_identity_tensor(shape(sl)));
  alignas(16) unsigned char pbuf[1024] = {};
  Tensor tP = make_tensor(reinterpret_cast<bool*>(pbuf), make_layout(shape(tCS)));
  if constexpr (C::extent) {
    for (int i = 0; i < size(tP) && i < static_cast<int>(sizeof pbuf); ++i) tP(i) = in_crd(tCS(i), shape(sl), ext);
  }
  auto run = [&](auto const& tS, auto&& tD) {
    if constexpr (C::extent) copy_if(tc, tP, tS, tD); else copy(tc, tS, tD);
  };
  void* s = static_cast<void*>(src);
  void* d = static_cast<void*>(dst);
  if constexpr (C::path == 0) {
    run(thr.partition_S(make_tensor(make_gmem_ptr<T>(s), sl)), thr.partition_D(make_tensor(make_smem_ptr<T>(d), dl)));
  } else if constexpr (C::path == 1) {
    run(thr.partition_S(make_tensor(make_smem_ptr<T>(s), sl)), thr.partition_D(make_tensor(make_rmem_ptr<T>(d), dl)));
  } else {
    run(thr.partition_S(make_tensor(make_rmem_ptr<T>(s), sl)), thr.partition_D(make_tensor(make_smem_ptr<T>(d), dl)));
  }
}

// fits says whether a thread's predicate fits its buffer; a case where it
// does not is refused before anything runs.
template <class C>
bool fits(int const* v) {
  auto sl = C::src(v);
  return size(C::tiled().get_slice(0).partition_S(make_identity_tensor(shape(sl)))) <= 1024;
}

// host_copy runs the copy on the host, thread after thread, one pass per
// digit, and prints what landed.
template <class C>
void host_copy(int const* v, int const* ext) {
  using T = typename C::Value;
  auto tc = C::tiled();
  auto sl = C::src(v);
  auto dl = C::dst(v);
  long long n = size(sl);
  Area<T> src(span(sl, n)), dst(span(dl, n));
  std::vector<long long> acc(static_cast<size_t>(dst.elems()), 0);
  for (int p = 0; p < passes<T>(n); ++p) {
    fill_source<T>(src, sl, n, p);
    std::memset(dst.first(), 0, static_cast<size_t>(dst.bytes()));
    for (int t = 0; t < static_cast<int>(size(tc)); ++t) thread_copy<C>(tc, t, v, ext, src.base, dst.base);
    accumulate<T>(dst, p, acc);
  }
  print_landed<T>(acc, dst.span, n);
}

template <class C>
void report(int const* v, int nv) {
  int const* ext = C::extent ? v + nv - 2 : nullptr;
  if (!fits<C>(v)) {
    std::printf("refused a thread's predicate exceeds the harness's buffer\n");
    return;
  }
  slots<C>(v, ext);
  if constexpr (C::run) {
    host_copy<C>(v, ext);
  } else if (v == nullptr) {
    // Never run (v is never null), but instantiated: the copy's
    // compile-time checks (vectorization, memory spaces) refuse on the host
    // the cases they refuse on the device.
    host_copy<C>(v, ext);
  }
}

using run_fn = void (*)(int const*, int);

// serve answers requests until stdin ends.
inline int serve(run_fn const* table, int entries) {
  static int v[4096];
  long long k;
  int f, n;
  while (std::scanf("%lld %d %d", &k, &f, &n) == 3) {
    if (f < 0 || f >= entries || n < 0 || n > 4096) {
      std::fprintf(stderr, "bad request for case %lld\n", k);
      return 2;
    }
    for (int i = 0; i < n; ++i) {
      if (std::scanf("%d", &v[i]) != 1) {
        std::fprintf(stderr, "short request for case %lld\n", k);
        return 2;
      }
    }
    std::printf("begin %lld\n", k);
    std::fflush(stdout);
    table[f](v, n);
    std::printf("end %lld\n", k);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace tilecheck_copy
