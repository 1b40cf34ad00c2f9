// RowMajor / ColumnMajor wrappers and the layout-only
// identity copy. Included by regular_tile_iterator.h.
#pragma once
#include "tilecheck/regular_tile_iterator.h"

namespace tilecheck_detail {

// How a layout's own coordinates map to pitch-linear ones.
template <class Layout, class Shape> struct LayoutTraits;
template <class Shape> struct LayoutTraits<layout::PitchLinear, Shape> {
  typedef layout::PitchLinearShape<Shape::kContiguous, Shape::kStrided> PitchShape;
  TC_HD static constexpr int pitch_rank(int r) { return r; }
  static constexpr bool kForwardsAlignment = true;
  TC_HD static layout::PitchLinearCoord to_pitch(layout::PitchLinearCoord t) { return t; }
  TC_HD static layout::PitchLinearCoord from_pitch(long long c, long long s) { return layout::PitchLinearCoord((int32_t)c, (int32_t)s); }
};
// RowMajor (row, col) is pitch-linear (col, row); rank 1−r; forwards Alignment.
template <class Shape> struct LayoutTraits<layout::RowMajor, Shape> {
  typedef layout::PitchLinearShape<Shape::kColumn, Shape::kRow> PitchShape;
  TC_HD static constexpr int pitch_rank(int r) { return r == 0 ? 1 : 0; }
  static constexpr bool kForwardsAlignment = true;
  TC_HD static layout::PitchLinearCoord to_pitch(MatrixCoord t) { return layout::PitchLinearCoord(t.column(), t.row()); }
  TC_HD static MatrixCoord from_pitch(long long c, long long s) { return MatrixCoord((int32_t)s, (int32_t)c); }
};
// ColumnMajor (row, col) is pitch-linear (row, col); rank unchanged; does not
// forward Alignment (the pitch-linear iterator gets its default).
template <class Shape> struct LayoutTraits<layout::ColumnMajor, Shape> {
  typedef layout::PitchLinearShape<Shape::kRow, Shape::kColumn> PitchShape;
  TC_HD static constexpr int pitch_rank(int r) { return r; }
  static constexpr bool kForwardsAlignment = false;
  TC_HD static layout::PitchLinearCoord to_pitch(MatrixCoord t) { return layout::PitchLinearCoord(t.row(), t.column()); }
  TC_HD static MatrixCoord from_pitch(long long c, long long s) { return MatrixCoord((int32_t)c, (int32_t)s); }
};

template <class Element, class ThreadMap>
struct DefaultAlignment { static constexpr int value = sizeof_bits<Element>::value * ThreadMap::kElementsPerAccess / 8; };

template <Variant kVariant, class Layout_, class Shape_, class Element_, int AdvanceRank, class ThreadMap_, int Alignment>
class MatrixWrapper {
  typedef LayoutTraits<Layout_, Shape_> LT;
  typedef typename PitchLinearOf<kVariant, typename LT::PitchShape, Element_, LT::pitch_rank(AdvanceRank), ThreadMap_,
                                 LT::kForwardsAlignment ? Alignment : DefaultAlignment<Element_, ThreadMap_>::value>::type Underlying;
  Underlying iterator_;

 public:
  typedef Shape_ Shape;
  typedef Element_ Element;
  typedef ThreadMap_ ThreadMap;
  typedef Layout_ Layout;
  typedef int32_t Index;
  typedef int64_t LongIndex;
  typedef MatrixCoord TensorCoord;
  typedef tilecheck_detail::TensorRef<Element, Layout> TensorRef;
  typedef typename Underlying::Fragment Fragment;

  TC_HD MatrixWrapper(TensorRef ref, int thread_id)
      : iterator_(typename Underlying::TensorRef(ref.data(), layout::PitchLinear(ref.stride(0))), thread_id) {}
  TC_HD void load(Fragment& f) { iterator_.load(f); }
  TC_HD void store(Fragment const& f) { iterator_.store(f); }
  TC_HD void load_with_pointer_offset(Fragment& f, Index n) { iterator_.load_with_pointer_offset(f, n); }
  TC_HD void store_with_pointer_offset(Fragment const& f, Index n) { iterator_.store_with_pointer_offset(f, n); }
  // CUTLASS's wrappers pass a two-value braced list to an Index parameter
  // here, so these do not compile once instantiated; the CUTLASS
  // renditions reproduce that, the contract renditions forward the tile.
  TC_HD void load(Fragment& f, TensorCoord const& t) {
    if constexpr (kVariant == kCutlass || kVariant == kPre3049) {
      iterator_.load_with_pointer_offset(f, {t.row(), t.column()});
    } else {
      iterator_.load(f, LT::to_pitch(t));
    }
  }
  TC_HD void store(Fragment const& f, TensorCoord const& t) {
    if constexpr (kVariant == kCutlass || kVariant == kPre3049) {
      iterator_.store_with_pointer_offset(f, {t.row(), t.column()});
    } else {
      iterator_.store(f, LT::to_pitch(t));
    }
  }
  TC_HD void add_pointer_offset(LongIndex n) { iterator_.add_pointer_offset(n); }
  TC_HD void add_tile_offset(TensorCoord const& t) { iterator_.add_tile_offset(LT::to_pitch(t)); }
  TC_HD MatrixWrapper& operator++() { ++iterator_; return *this; }
  TC_HD MatrixWrapper& operator--() { --iterator_; return *this; }
  TC_HD MatrixWrapper operator++(int) { MatrixWrapper r(*this); ++iterator_; return r; }
  TC_HD MatrixWrapper operator--(int) { MatrixWrapper r(*this); --iterator_; return r; }
};

// Identity copy: no pointer state; each access's address comes from its
// coordinate through the layout functor of the TensorRef (a control of the probe).
template <class Layout_, class Shape_, class Element_, int AdvanceRank, class ThreadMap_, int Alignment>
class IdentityCopy {
  typedef LayoutTraits<Layout_, Shape_> LT;
  typedef typename LT::PitchShape PS;

 public:
  typedef Shape_ Shape;
  typedef Element_ Element;
  typedef ThreadMap_ ThreadMap;
  typedef Layout_ Layout;
  typedef int32_t Index;
  typedef int64_t LongIndex;
  typedef typename Layout::TensorCoord TensorCoord;
  typedef tilecheck_detail::TensorRef<Element, Layout> TensorRef;
  typedef Array<Element, ThreadMap::Iterations::kCount * ThreadMap::kElementsPerAccess> Fragment;
  typedef Accesses<Element, ThreadMap, LT::kForwardsAlignment ? Alignment : DefaultAlignment<Element, ThreadMap>::value> Acc;
  static constexpr int kB = sizeof_bits<Element>::value;

 private:
  TensorRef ref_;
  long long c_, s_, linear_;  // pitch-linear origin (elements, rows) and pointer offset (elements)

  TC_HD uint8_t* address(long long tc, long long ts, long long n, int s, int c) const {
    long long pc = c_ + tc * PS::kContiguous + (long long)c * Acc::kDc;
    long long ps = s_ + ts * PS::kStrided + (long long)s * Acc::kDs;
    long long element = ref_.layout()(LT::from_pitch(pc, ps)) + linear_ + n;
    return reinterpret_cast<uint8_t*>(ref_.data()) + element * kB / 8;
  }

 public:
  TC_HD IdentityCopy(TensorRef ref, int thread_id) : ref_(ref), linear_(0) {
    layout::PitchLinearCoord o = ThreadMap::initial_offset(thread_id);
    c_ = o.contiguous();
    s_ = o.strided();
  }
  TC_HD void load(Fragment& f) { load_with_pointer_offset(f, 0); }
  TC_HD void store(Fragment const& f) { store_with_pointer_offset(f, 0); }
  TC_HD void load_with_pointer_offset(Fragment& f, Index n) { Acc::load(&f, [&](int s, int c) { return address(0, 0, n, s, c); }); }
  TC_HD void store_with_pointer_offset(Fragment const& f, Index n) { Acc::store(&f, [&](int s, int c) { return address(0, 0, n, s, c); }); }
  TC_HD void load(Fragment& f, TensorCoord const& t) {
    layout::PitchLinearCoord p = LT::to_pitch(t);
    Acc::load(&f, [&](int s, int c) { return address(p.contiguous(), p.strided(), 0, s, c); });
  }
  TC_HD void store(Fragment const& f, TensorCoord const& t) {
    layout::PitchLinearCoord p = LT::to_pitch(t);
    Acc::store(&f, [&](int s, int c) { return address(p.contiguous(), p.strided(), 0, s, c); });
  }
  TC_HD void add_pointer_offset(LongIndex n) { linear_ += n; }
  TC_HD void add_tile_offset(TensorCoord const& t) {
    layout::PitchLinearCoord p = LT::to_pitch(t);
    c_ += (long long)p.contiguous() * PS::kContiguous;
    s_ += (long long)p.strided() * PS::kStrided;
  }
  TC_HD void step(int sign) {
    if (LT::pitch_rank(AdvanceRank) == 0) c_ += sign * PS::kContiguous; else s_ += sign * PS::kStrided;
  }
  TC_HD IdentityCopy& operator++() { step(1); return *this; }
  TC_HD IdentityCopy& operator--() { step(-1); return *this; }
};

// RenditionOf: the class a namespace's RegularTileIterator names.
template <Variant kVariant, class Shape, class Element, class Layout, int AdvanceRank, class ThreadMap, int Alignment>
struct RenditionOf {
  typedef MatrixWrapper<kVariant, Layout, Shape, Element, AdvanceRank, ThreadMap, Alignment> type;
};
template <Variant kVariant, class Shape, class Element, int AdvanceRank, class ThreadMap, int Alignment>
struct RenditionOf<kVariant, Shape, Element, layout::PitchLinear, AdvanceRank, ThreadMap, Alignment> {
  typedef typename PitchLinearOf<kVariant, Shape, Element, AdvanceRank, ThreadMap, Alignment>::type type;
};
template <class Shape, class Element, class Layout, int AdvanceRank, class ThreadMap, int Alignment>
struct RenditionOf<kIdentity, Shape, Element, Layout, AdvanceRank, ThreadMap, Alignment> {
  typedef IdentityCopy<Layout, Shape, Element, AdvanceRank, ThreadMap, Alignment> type;
};
template <class Shape, class Element, int AdvanceRank, class ThreadMap, int Alignment>
struct RenditionOf<kIdentity, Shape, Element, layout::PitchLinear, AdvanceRank, ThreadMap, Alignment> {
  typedef IdentityCopy<layout::PitchLinear, Shape, Element, AdvanceRank, ThreadMap, Alignment> type;
};

}  // namespace tilecheck_detail
