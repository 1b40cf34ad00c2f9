// Test fixture: deliberately broken RegularTileIterators with CUTLASS's
// template signature, one namespace per control's defect. Each is the
// documented contract with exactly one bug, written independently
// of the Go controls: the compiled sweep must catch each with the property
// the Go sweep catches the matching control with. Only the pitch-linear
// iterator is broken; the RowMajor/ColumnMajor wrappers are the project's
// reference rendition.
#pragma once
#include "tilecheck/renditions.h"

namespace broken_detail {
using namespace ::tilecheck_detail;

enum Defect { kLoadDiv = 1, kBothDiv, kPtrBytes, kPtrInverted, kDeltaNoDiv, kRankSwap, kPitchPlusOne, kTruncFirst, kInt32 };

// The position is kept in bits relative to the tile origin; every access is
// converted to bytes at the end with C++ truncating division.
template <int D, class Shape_, class Element_, int AdvanceRank, class ThreadMap_, int Alignment>
class BrokenPitchLinear {
 public:
  typedef Shape_ Shape;
  typedef Element_ Element;
  typedef ThreadMap_ ThreadMap;
  typedef layout::PitchLinear Layout;
  typedef int32_t Index;
  typedef int64_t LongIndex;
  typedef layout::PitchLinearCoord TensorCoord;
  typedef tilecheck_detail::TensorRef<Element, Layout> TensorRef;
  typedef Array<Element, ThreadMap::Iterations::kCount * ThreadMap::kElementsPerAccess> Fragment;
  typedef Accesses<Element, ThreadMap, Alignment> Acc;
  static constexpr int kB = sizeof_bits<Element>::value;
  static constexpr int kAdvanceRank = AdvanceRank;

 private:
  uint8_t* data_;
  LongIndex stride_;
  LongIndex bits_;  // the tile origin, in bits from ref.data()
  LongIndex c0_, s0_;

  // kInt32: a byte quantity held in int32 (wrapping); the sub-byte rest stays.
  static TC_HD LongIndex narrow(LongIndex bits) {
    if (D != kInt32) return bits;
    LongIndex whole = bits / 8, rest = bits % 8;
    return (LongIndex)(int32_t)(uint32_t)(uint64_t)whole * 8 + rest;
  }
  TC_HD uint8_t* address(LongIndex origin, int s, int c) const {
    LongIndex pitch = D == kPitchPlusOne ? stride_ + 1 : stride_;
    LongIndex dc = D == kDeltaNoDiv ? (LongIndex)Acc::kDc * Acc::kV : (LongIndex)Acc::kDc;
    LongIndex row = narrow((s0_ * stride_ + (LongIndex)s * Acc::kDs * pitch) * kB);
    LongIndex bits = origin + row + (c0_ + c * dc) * kB;
    return data_ + bits / 8;
  }
  TC_HD LongIndex tile_bits(TensorCoord const& t, bool divide) const {
    LongIndex c = (LongIndex)t.contiguous() * Shape::kContiguous;
    if (divide) c /= Acc::kV;
    return (c + (LongIndex)t.strided() * Shape::kStrided * stride_) * kB;
  }
  TC_HD LongIndex pointer_bits(LongIndex n, bool add) const {
    if (D == kPtrBytes && add) return n * 8;
    if (D == kPtrInverted) return n * 8 / kB * 8;
    return n * kB;
  }
  TC_HD LongIndex advance_bits() const {
    int rank = D == kRankSwap ? 1 - AdvanceRank : AdvanceRank;
    if (rank == 0) return narrow((LongIndex)Shape::kContiguous * kB);
    LongIndex row = stride_ * kB;
    if (D == kTruncFirst) row = row / 8 * 8;
    return narrow((LongIndex)Shape::kStrided * row);
  }

 public:
  TC_HD BrokenPitchLinear(TensorRef ref, int thread_id) {
    TensorCoord o = ThreadMap::initial_offset(thread_id);
    data_ = reinterpret_cast<uint8_t*>(ref.data());
    stride_ = ref.stride(0);
    bits_ = 0;
    c0_ = o.contiguous();
    s0_ = o.strided();
  }
  TC_HD void load_with_pointer_offset(Fragment& frag, Index n) {
    LongIndex at = bits_ + pointer_bits(n, false);
    Acc::load(&frag, [&](int s, int c) { return address(at, s, c); });
  }
  TC_HD void store_with_pointer_offset(Fragment const& frag, Index n) {
    LongIndex at = bits_ + pointer_bits(n, false);
    Acc::store(&frag, [&](int s, int c) { return address(at, s, c); });
  }
  TC_HD void load(Fragment& frag) { load_with_pointer_offset(frag, 0); }
  TC_HD void store(Fragment const& frag) { store_with_pointer_offset(frag, 0); }
  TC_HD void load(Fragment& frag, TensorCoord const& t) {
    LongIndex at = bits_ + tile_bits(t, D == kLoadDiv || D == kBothDiv);
    Acc::load(&frag, [&](int s, int c) { return address(at, s, c); });
  }
  TC_HD void store(Fragment const& frag, TensorCoord const& t) {
    LongIndex at = bits_ + tile_bits(t, D == kBothDiv);
    Acc::store(&frag, [&](int s, int c) { return address(at, s, c); });
  }
  TC_HD void add_pointer_offset(LongIndex n) { bits_ += pointer_bits(n, true); }
  TC_HD void add_tile_offset(TensorCoord const& t) { bits_ += tile_bits(t, false); }
  TC_HD BrokenPitchLinear& operator++() { bits_ += advance_bits(); return *this; }
  TC_HD BrokenPitchLinear& operator--() { bits_ -= advance_bits(); return *this; }
  TC_HD BrokenPitchLinear operator++(int) { BrokenPitchLinear r(*this); ++*this; return r; }
  TC_HD BrokenPitchLinear operator--(int) { BrokenPitchLinear r(*this); --*this; return r; }
};

template <int D, class Shape, class Element, class Layout, int AdvanceRank, class ThreadMap, int Alignment>
struct BrokenOf {
  typedef typename RenditionOf<kReference, Shape, Element, Layout, AdvanceRank, ThreadMap, Alignment>::type type;
};
template <int D, class Shape, class Element, int AdvanceRank, class ThreadMap, int Alignment>
struct BrokenOf<D, Shape, Element, layout::PitchLinear, AdvanceRank, ThreadMap, Alignment> {
  typedef BrokenPitchLinear<D, Shape, Element, AdvanceRank, ThreadMap, Alignment> type;
};

}  // namespace broken_detail

// Everything but RegularTileIterator comes from a reference namespace.
TILECHECK_DEFINE_RENDITION(broken_base, kReference)

#define BROKEN_NAMESPACE(NS, D)                                                                                   \
  namespace NS {                                                                                                  \
  using namespace ::broken_base;                                                                                  \
  namespace transform {                                                                                           \
  using namespace ::broken_base::transform;                                                                       \
  namespace threadblock {                                                                                         \
  template <class Shape, class Element, class Layout, int AdvanceRank, class ThreadMap,                           \
            int Alignment = ::tilecheck_detail::sizeof_bits<Element>::value * ThreadMap::kElementsPerAccess / 8> \
  using RegularTileIterator = typename ::broken_detail::BrokenOf<::broken_detail::D, Shape, Element, Layout,     \
                                                                 AdvanceRank, ThreadMap, Alignment>::type;       \
  }                                                                                                               \
  }                                                                                                               \
  }

BROKEN_NAMESPACE(broken_load_div, kLoadDiv)
BROKEN_NAMESPACE(broken_both_div, kBothDiv)
BROKEN_NAMESPACE(broken_ptr_bytes, kPtrBytes)
BROKEN_NAMESPACE(broken_ptr_inverted, kPtrInverted)
BROKEN_NAMESPACE(broken_delta_nodiv, kDeltaNoDiv)
BROKEN_NAMESPACE(broken_rank_swap, kRankSwap)
BROKEN_NAMESPACE(broken_pitch_plus_one, kPitchPlusOne)
BROKEN_NAMESPACE(broken_trunc_first, kTruncFirst)
BROKEN_NAMESPACE(broken_int32, kInt32)
