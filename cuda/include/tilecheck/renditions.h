// The namespaces generated code instantiates: each has CUTLASS's shape
// (NS::layout::..., NS::transform::..., NS::transform::threadblock::
// RegularTileIterator), so a generator that writes NS:: can target a real
// CUTLASS checkout by naming its include directory and `cutlass`.
#pragma once
#include "tilecheck/regular_tile_iterator.h"
#include "tilecheck/family_iterators.h"

namespace tilecheck_detail {
typedef storage16<0> half_t;
typedef storage16<1> bfloat16_t;
typedef storage32<0> tfloat32_t;
typedef opaque_number<8, 0> float_e4m3_t;
typedef opaque_number<8, 1> float_e5m2_t;
typedef opaque_number<6, 0> float_e3m2_t;
typedef opaque_number<6, 1> float_e2m3_t;
typedef opaque_number<4, 0> int4b_t;
typedef opaque_number<4, 1> uint4b_t;
typedef opaque_number<2, 0> int2b_t;
typedef opaque_number<2, 1> uint2b_t;
typedef opaque_number<1, 0> uint1b_t;
}  // namespace tilecheck_detail

#define TILECHECK_DEFINE_RENDITION(NS, VARIANT)                                                                   \
  namespace NS {                                                                                                  \
  using ::tilecheck_detail::Array;                                                                                \
  using ::tilecheck_detail::AlignedArray;                                                                         \
  using ::tilecheck_detail::MatrixCoord;                                                                          \
  using ::tilecheck_detail::MatrixShape;                                                                          \
  using ::tilecheck_detail::sizeof_bits;                                                                          \
  using ::tilecheck_detail::TensorRef;                                                                            \
  using ::tilecheck_detail::half_t;                                                                               \
  using ::tilecheck_detail::bfloat16_t;                                                                           \
  using ::tilecheck_detail::tfloat32_t;                                                                           \
  using ::tilecheck_detail::float_e4m3_t;                                                                         \
  using ::tilecheck_detail::float_e5m2_t;                                                                         \
  using ::tilecheck_detail::float_e3m2_t;                                                                         \
  using ::tilecheck_detail::float_e2m3_t;                                                                         \
  using ::tilecheck_detail::int4b_t;                                                                              \
  using ::tilecheck_detail::uint4b_t;                                                                             \
  using ::tilecheck_detail::int2b_t;                                                                              \
  using ::tilecheck_detail::uint2b_t;                                                                             \
  using ::tilecheck_detail::uint1b_t;                                                                             \
  namespace layout {                                                                                              \
  using ::tilecheck_detail::layout::PitchLinear;                                                                  \
  using ::tilecheck_detail::layout::PitchLinearCoord;                                                             \
  using ::tilecheck_detail::layout::PitchLinearShape;                                                             \
  using ::tilecheck_detail::layout::RowMajor;                                                                     \
  using ::tilecheck_detail::layout::ColumnMajor;                                                                  \
  }                                                                                                               \
  namespace transform {                                                                                           \
  using ::tilecheck_detail::transform::PitchLinearStripminedThreadMap;                                            \
  using ::tilecheck_detail::transform::PitchLinearWarpRakedThreadMap;                                             \
  using ::tilecheck_detail::transform::PitchLinearWarpStripedThreadMap;                                           \
  using ::tilecheck_detail::transform::PitchLinearWarpStripedThreadMap3131;                                       \
  namespace threadblock {                                                                                         \
  template <class Shape, class Element, class Layout, int AdvanceRank, class ThreadMap,                           \
            int Alignment = ::tilecheck_detail::sizeof_bits<Element>::value * ThreadMap::kElementsPerAccess / 8> \
  using RegularTileIterator = typename ::tilecheck_detail::RenditionOf<::tilecheck_detail::VARIANT, Shape, Element, \
                                                                       Layout, AdvanceRank, ThreadMap, Alignment>::type; \
  template <class Shape, class Element, class Layout, int AdvanceRank, class ThreadMap,                           \
            int Alignment = ::tilecheck_detail::sizeof_bits<Element>::value * ThreadMap::kElementsPerAccess / 8> \
  using RegularTileAccessIterator = typename ::tilecheck_detail::RegularTileAccessOf<::tilecheck_detail::VARIANT,  \
      Shape, Element, Layout, AdvanceRank, ThreadMap, Alignment>::type;                                           \
  template <class Shape, class Element, class Layout, int AdvanceRank, class ThreadMap, class AccessType>          \
  using PredicatedTileAccessIterator = typename ::tilecheck_detail::PredicatedTileAccessOf<                       \
      ::tilecheck_detail::VARIANT, Shape, Element, Layout, AdvanceRank, ThreadMap, AccessType>::type;             \
  template <class Shape, class Element, class Layout, int AdvanceRank, class ThreadMap,                           \
            int AccessSize = ThreadMap::kElementsPerAccess>                                                       \
  using PredicatedTileIterator = typename ::tilecheck_detail::PredicatedTileOf<::tilecheck_detail::VARIANT,       \
      Shape, Element, Layout, AdvanceRank, ThreadMap, AccessSize>::type;                                          \
  }                                                                                                               \
  }                                                                                                               \
  }

TILECHECK_DEFINE_RENDITION(tilecheck_ref, kReference)
TILECHECK_DEFINE_RENDITION(tilecheck_cutlass, kCutlass)
TILECHECK_DEFINE_RENDITION(tilecheck_pre3049, kPre3049)
TILECHECK_DEFINE_RENDITION(tilecheck_c_load_div, kLoadDiv)
TILECHECK_DEFINE_RENDITION(tilecheck_c_pitch_plus_one, kPitchPlusOne)
TILECHECK_DEFINE_RENDITION(tilecheck_identity, kIdentity)
