// tilecheck's harness for CuTe's layout algebra. The generated translation
// unit defines, for each entry i, a function tc_run_<i>(int const* v, long
// long cap) and a table tc_table of them; this file reads the requests and
// prints the answers.
//
// Protocol. Each request on stdin is one line: "K F N v0 ... v(N-1)", case
// label K, entry F of tc_table, N integers (the case's dynamic values; none
// for a static entry). For each request the program prints, in order:
//   begin K          (flushed before the operation runs, so that a crash is
//                     attributed to the case whose begin has no end)
//   layout <cute::print of the result>      or    vector <integer>
//   size <size of the result>
//   values <result(0)> <result(1)> ...      (the first min(size, cap))
//   end K
// argv[1] is cap.
#pragma once
#include <cute/layout.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
#include <cstdlib>

namespace tilecheck_cute {

// report prints a layout (or composed layout) result and its values as
// CuTe's own operator() computes them.
template <class R>
void report(R const& r, long long cap) {
  std::printf("layout ");
  cute::print(r);
  long long n = static_cast<long long>(cute::size(r));
  std::printf("\nsize %lld\nvalues", n);
  for (long long i = 0; i < n && i < cap; ++i) {
    std::printf(" %lld", static_cast<long long>(r(static_cast<int>(i))));
  }
  std::printf("\n");
}

// report_vector prints max_common_vector's integer.
template <class V>
void report_vector(V const& v) {
  std::printf("vector %lld\n", static_cast<long long>(v));
}

using run_fn = void (*)(int const*, long long);

// serve answers requests until stdin ends.
inline int serve(run_fn const* table, int entries, int argc, char** argv) {
  long long cap = argc > 1 ? std::atoll(argv[1]) : 1024;
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
    table[f](v, cap);
    std::printf("end %lld\n", k);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace tilecheck_cute
