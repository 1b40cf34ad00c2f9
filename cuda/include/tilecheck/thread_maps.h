// Thread maps, with CUTLASS's template names and members
// (Iterations, Delta, kElementsPerAccess, initial_offset). Offsets in elements.
#pragma once
#include "tilecheck/core.h"

namespace tilecheck_detail {
namespace transform {

// Stripmined (Shape, T, V). The ceiling in the strided iteration
// count is deliberate: it lets accesses leave the tile, as CUTLASS's does.
template <class Shape_, int Threads, int ElementsPerAccess = 1>
struct PitchLinearStripminedThreadMap {
  typedef layout::PitchLinearCoord TensorCoord;
  typedef Shape_ Shape;
  static constexpr int kThreads = Threads;
  static constexpr int kElementsPerAccess = ElementsPerAccess;
  static_assert(Shape::kContiguous % ElementsPerAccess == 0, "Sc % V == 0");
  typedef layout::PitchLinearShape<Shape::kContiguous / ElementsPerAccess, Shape::kStrided> ShapeVec;
  static_assert((Threads < ShapeVec::kContiguous && ShapeVec::kContiguous % Threads == 0) || Threads % ShapeVec::kContiguous == 0,
                "(T < Qc && Qc % T == 0) || T % Qc == 0");
  static constexpr bool kWide = Threads >= ShapeVec::kContiguous;
  static constexpr int kRowsPerPass = kWide ? Threads / ShapeVec::kContiguous : 1;
  typedef layout::PitchLinearShape<kWide ? 1 : ShapeVec::kContiguous / Threads,
                                    kWide ? (ShapeVec::kStrided + kRowsPerPass - 1) / kRowsPerPass : ShapeVec::kStrided>
      Iterations;
  typedef layout::PitchLinearShape<kWide ? 1 : Threads * ElementsPerAccess, kWide ? kRowsPerPass : 1> Delta;
  TC_HD static TensorCoord initial_offset(int thread_id) {
    return TensorCoord((thread_id % ShapeVec::kContiguous) * kElementsPerAccess, thread_id / ShapeVec::kContiguous);
  }
};

namespace detail {
// Warp arrangement of the warp-raked and warp-striped maps. Kind 0: raked; 1: striped (CUTLASS HEAD);
// 2: striped as proposed by CUTLASS PR #3131.
template <class Shape, int Threads, class Warp, int V, int Kind>
struct WarpMapParams {
  static constexpr int kWarpSize = Warp::kContiguous * Warp::kStrided;
  static constexpr int kWarpCount = Threads / kWarpSize;
  static constexpr int kQc = Shape::kContiguous / V;
  static constexpr int kQs = Shape::kStrided;
  static_assert(Shape::kContiguous % V == 0, "Sc % V == 0");
  static_assert(kQc % Warp::kContiguous == 0, "Qc % warp.c == 0");
  static_assert(kQs % Warp::kStrided == 0, "Qs % warp.s == 0");
  static constexpr int kWaiC = kQc / Warp::kContiguous;
  static constexpr int kWaiS = kQs / Warp::kStrided;
  static constexpr int kWS = Kind == 0 ? (kWaiS >= kWarpCount ? kWarpCount : kWaiS)
                                       : (kWaiS >= kWarpCount ? kWarpCount : kWarpCount / kWaiS);
  static constexpr int kWC = kWarpCount > kWaiS ? (Kind == 1 ? kWaiC / kWS : kWarpCount / kWS) : 1;
  static_assert(kWS > 0 && kWC > 0, "WarpArrangement > 0");
  static constexpr int kIc = kWaiC / kWC;
  static constexpr int kIs = kWaiS / kWS;
  static_assert(kIc * kIs != 0, "Iterations::kCount != 0");
};

template <class Shape_, int Threads, class Warp, int V, int Kind>
struct WarpMap {
  typedef layout::PitchLinearCoord TensorCoord;
  typedef Shape_ Shape;
  typedef WarpMapParams<Shape_, Threads, Warp, V, Kind> P;
  static constexpr int kThreads = Threads;
  static constexpr int kElementsPerAccess = V;
  typedef layout::PitchLinearShape<P::kIc, P::kIs> Iterations;
  typedef layout::PitchLinearShape<Warp::kContiguous * V, Kind == 0 ? Warp::kStrided : Warp::kStrided * P::kWS> Delta;
  TC_HD static TensorCoord initial_offset(int thread_id) {
    int w = thread_id / P::kWarpSize, l = thread_id % P::kWarpSize;
    int c = V * (Warp::kContiguous * P::kIc * (w % P::kWC) + l % Warp::kContiguous);
    int s = Kind == 0 ? Warp::kStrided * P::kIs * (w / P::kWC) + l / Warp::kContiguous
                      : Warp::kStrided * (w / P::kWC) + l / Warp::kContiguous;
    return TensorCoord(c, s);
  }
};
}  // namespace detail

template <class Shape, int Threads, class WarpThreadArrangement, int ElementsPerAccess = 1>
struct PitchLinearWarpRakedThreadMap : detail::WarpMap<Shape, Threads, WarpThreadArrangement, ElementsPerAccess, 0> {};

template <class Shape, int Threads, class WarpThreadArrangement, int ElementsPerAccess = 1>
struct PitchLinearWarpStripedThreadMap : detail::WarpMap<Shape, Threads, WarpThreadArrangement, ElementsPerAccess, 1> {};

// Not a CUTLASS name: the arrangement CUTLASS PR #3131 proposes.
template <class Shape, int Threads, class WarpThreadArrangement, int ElementsPerAccess = 1>
struct PitchLinearWarpStripedThreadMap3131 : detail::WarpMap<Shape, Threads, WarpThreadArrangement, ElementsPerAccess, 2> {};

}  // namespace transform
}  // namespace tilecheck_detail
