// The access iterators of the rest of the family, pitch-linear:
// RegularTileAccessIterator and PredicatedTileAccessIterator, each as CUTLASS
// computes it (kCutlass, kPre3049: identical for these classes) and as the
// documented contract says (every other variant; kPitchPlusOne steps a
// thread's rows with pitch L+1, control C-pitch-plus-one). Written from
// tilecheck's SPEC.md only. Addresses are byte pointers into the tensor;
// get() returns the access's address, valid() its guard.
#pragma once
#include "tilecheck/core.h"
#include "tilecheck/thread_maps.h"

namespace tilecheck_detail {

#define TILECHECK_FAMILY_TYPES                                  \
  typedef Shape_ Shape;                                         \
  typedef Element_ Element;                                     \
  typedef ThreadMap_ ThreadMap;                                 \
  typedef layout::PitchLinear Layout;                           \
  typedef int32_t Index;                                        \
  typedef int64_t LongIndex;                                    \
  typedef layout::PitchLinearCoord TensorCoord;                 \
  typedef tilecheck_detail::TensorRef<Element, Layout> TensorRef; \
  typedef Element* Pointer;                                     \
  static constexpr int kB = sizeof_bits<Element>::value;        \
  static constexpr int kV = ThreadMap::kElementsPerAccess;      \
  static constexpr int kIc = ThreadMap::Iterations::kContiguous; \
  static constexpr int kIs = ThreadMap::Iterations::kStrided;   \
  static constexpr int kDc = ThreadMap::Delta::kContiguous;     \
  static constexpr int kDs = ThreadMap::Delta::kStrided;        \
  static constexpr int kAdvanceRank = AdvanceRank;

// ---- RegularTileAccessIterator<PitchLinear> ---------------------------------
// CUTLASS: Element* arithmetic (sizeof, 1 byte for packed sub-byte types),
// the pitch held in access units (L/V, truncating), an int32 byte offset.
template <class Shape_, class Element_, int AdvanceRank, class ThreadMap_>
class CutlassRegularAccess {
 public:
  TILECHECK_FAMILY_TYPES
  typedef Array<Element, kV> AccessType;
  static constexpr long long kA = AccessType::kBytes;

 private:
  uint8_t* base_;  // (c0 + s0·L)·sizeof(Element)
  Index stride_;   // L / V
  Index byte_offset_;
  int index_;

 public:
  TC_HD CutlassRegularAccess(TensorRef ref, int thread_id) : byte_offset_(0), index_(0) {
    TensorCoord o = ThreadMap::initial_offset(thread_id);
    stride_ = narrow_i32(ref.stride(0) / kV);
    base_ = reinterpret_cast<uint8_t*>(ref.data()) +
            ((LongIndex)o.contiguous() + (LongIndex)o.strided() * ref.stride(0)) * (LongIndex)sizeof(Element);
  }
  TC_HD void set_iteration_index(int index) { index_ = index; }
  TC_HD AccessType* get() const {
    int ic = index_ % kIc, is = index_ / kIc;
    Index access_offset = narrow_i32((LongIndex)is * kDs * stride_ + (LongIndex)ic * kDc / kV);
    return reinterpret_cast<AccessType*>(base_ + (LongIndex)access_offset * kA + byte_offset_);
  }
  TC_HD void add_pointer_offset(LongIndex n) {
    byte_offset_ = narrow_i32((LongIndex)byte_offset_ + n * (LongIndex)sizeof(Element));
  }
  TC_HD void add_tile_offset(TensorCoord const& t) {
    add_pointer_offset(narrow_i32((LongIndex)t.contiguous() * Shape::kContiguous +
                                  (LongIndex)t.strided() * Shape::kStrided * stride_ * kV));
  }
  // Steps the access index, wrapping at the end of the tile; never moves.
  TC_HD CutlassRegularAccess& operator++() {
    index_ = (index_ + 1) % (kIc * kIs);
    return *this;
  }
};

// The contract: the tile origin and pointer offsets are logical positions
// (elements, bits); an access's address is its bit offset / 8.
template <bool kPitchPlusOne, class Shape_, class Element_, int AdvanceRank, class ThreadMap_>
class ContractRegularAccess {
 public:
  TILECHECK_FAMILY_TYPES
  typedef Array<Element, kV> AccessType;

 private:
  uint8_t* data_;
  LongIndex stride_, origin_c_, origin_s_, ptr_bits_;
  int thread_, index_;

 public:
  TC_HD ContractRegularAccess(TensorRef ref, int thread_id)
      : data_(reinterpret_cast<uint8_t*>(ref.data())), stride_(ref.stride(0)), origin_c_(0), origin_s_(0), ptr_bits_(0),
        thread_(thread_id), index_(0) {}
  TC_HD void set_iteration_index(int index) { index_ = index; }
  TC_HD AccessType* get() const {
    TensorCoord o = ThreadMap::initial_offset(thread_);
    int ic = index_ % kIc, is = index_ / kIc;
    LongIndex row = kPitchPlusOne ? stride_ + 1 : stride_;
    LongIndex pos = (origin_c_ + o.contiguous()) + (origin_s_ + o.strided()) * stride_;
    LongIndex bits = pos * kB + ((LongIndex)ic * kDc + (LongIndex)is * kDs * row) * kB + ptr_bits_;
    return reinterpret_cast<AccessType*>(data_ + bits / 8);
  }
  TC_HD void add_pointer_offset(LongIndex n) { ptr_bits_ += n * kB; }
  TC_HD void add_tile_offset(TensorCoord const& t) {
    origin_c_ += (LongIndex)t.contiguous() * Shape::kContiguous;
    origin_s_ += (LongIndex)t.strided() * Shape::kStrided;
  }
  TC_HD ContractRegularAccess& operator++() {
    index_ = (index_ + 1) % (kIc * kIs);
    return *this;
  }
};

// ---- PredicatedTileAccessIterator<PitchLinear> ------------------------------
// What both renditions share: the residue, the guards of a thread
// at offset (oc, os) against an extent, and the access loop's counters.
template <class Shape, class ThreadMap, int AdvanceRank, int kAccessElems>
struct PredicatedCommon {
  static constexpr int kIc = ThreadMap::Iterations::kContiguous;
  static constexpr int kIs = ThreadMap::Iterations::kStrided;
  static constexpr int kAPV = ThreadMap::kElementsPerAccess / kAccessElems;
  static constexpr int kCount = kIc * kIs * kAPV;
  // Residue along the advance rank: (extent − tb) mod tile, or a whole tile.
  TC_HD static void residue(int64_t ec, int64_t es, int64_t tbc, int64_t tbs, int64_t* off_c, int64_t* off_s,
                            int64_t* rc, int64_t* rs) {
    if (AdvanceRank == 1) {
      int64_t r = (es - tbs) % Shape::kStrided;
      if (r == 0) r = Shape::kStrided;
      *off_c = 0, *off_s = r, *rc = ec, *rs = (tbs + r < es ? tbs + r : es);
    } else {
      int64_t r = (ec - tbc) % Shape::kContiguous;
      if (r == 0) r = Shape::kContiguous;
      *off_c = r, *off_s = 0, *rc = (tbc + r < ec ? tbc + r : ec), *rs = es;
    }
  }
  // Guard of access (s, c, v): the vector's first element inside the extent,
  // both dimensions (residue), or only the one not advanced along (steady).
  TC_HD static void guards(bool* preds, int64_t oc, int64_t os, int64_t ec, int64_t es, bool steady) {
    for (int s = 0; s < kIs; ++s)
      for (int c = 0; c < kIc; ++c)
        for (int v = 0; v < kAPV; ++v) {
          int64_t xc = oc + (int64_t)c * ThreadMap::Delta::kContiguous + (int64_t)v * kAccessElems;
          int64_t xs = os + (int64_t)s * ThreadMap::Delta::kStrided;
          bool ok = !steady ? (xs < es && xc < ec) : (AdvanceRank == 0 ? xs < es : xc < ec);
          preds[v + kAPV * (c + s * kIc)] = ok;
        }
  }
};

template <class Layout>
struct PredicatedParams {
  int64_t stride_;
  TC_HD PredicatedParams() : stride_(0) {}
  TC_HD PredicatedParams(Layout const& layout) : stride_(layout.stride(0)) {}
};

#define TILECHECK_PREDICATED_STATE                                                         \
 public:                                                                                   \
  typedef PredicatedParams<Layout> Params;                                                 \
  static constexpr int kAccessElems = AccessType::kElements;                               \
  typedef PredicatedCommon<Shape, ThreadMap, AdvanceRank, kAccessElems> Common;            \
  static constexpr int kAccessesPerVector = Common::kAPV;                                  \
  static constexpr long long kAsz = Array<Element, kAccessElems>::kBytes;                  \
                                                                                           \
 private:                                                                                  \
  int64_t L_, ext_c_, ext_s_, res_c_, res_s_, oc_, os_;                                    \
  bool residue_;                                                                           \
  bool preds_[Common::kCount];                                                             \
  int iv_, ic_, is_;                                                                       \
                                                                                           \
 public:                                                                                   \
  TC_HD void set_iteration_index(int idx) {                                                \
    iv_ = idx % Common::kAPV;                                                              \
    ic_ = (idx / Common::kAPV) % kIc;                                                      \
    is_ = (idx / Common::kAPV) / kIc;                                                      \
  }                                                                                        \
  TC_HD bool valid() const { return preds_[iv_ + Common::kAPV * (ic_ + is_ * kIc)]; }      \
  TC_HD void clear_mask(bool enable = true) {                                              \
    for (int i = 0; i < Common::kCount; ++i) preds_[i] = enable ? false : preds_[i];       \
  }                                                                                        \
  TC_HD void enable_mask() {                                                               \
    for (int i = 0; i < Common::kCount; ++i) preds_[i] = true;                             \
  }

// CUTLASS: a byte pointer moved by int64 increments; predicates against the
// residue extent, then once (first add_tile_offset) against the full extent
// in the non-advance dimension. The steady-state cross term is unscaled
// (#3487) and the rank-0 strided cross term has no L.
template <class Shape_, class Element_, int AdvanceRank, class ThreadMap_, class AccessType_>
class CutlassPredicatedAccess {
 public:
  TILECHECK_FAMILY_TYPES
  typedef AccessType_ AccessType;

  TILECHECK_PREDICATED_STATE
 private:
  uint8_t* p_;
  int64_t inc_s_, inc_a_, inc_n_;

 public:
  TC_HD CutlassPredicatedAccess(Params const& params, Pointer pointer, TensorCoord extent, int thread_id,
                                TensorCoord const& tb)
      : L_(params.stride_), ext_c_(extent.contiguous()), ext_s_(extent.strided()), residue_(true), iv_(0), ic_(0), is_(0) {
    int64_t rc, rs;
    Common::residue(ext_c_, ext_s_, tb.contiguous(), tb.strided(), &res_c_, &res_s_, &rc, &rs);
    TensorCoord init = ThreadMap::initial_offset(thread_id);
    oc_ = (int64_t)tb.contiguous() + init.contiguous();
    os_ = (int64_t)tb.strided() + init.strided();
    Common::guards(preds_, oc_, os_, rc, rs, false);
    p_ = reinterpret_cast<uint8_t*>(pointer);
    add_pointer_offset(oc_ + os_ * L_);
    int64_t row_bits = L_ * kB;
    inc_s_ = row_bits * kDs / 8;
    inc_a_ = AdvanceRank == 1 ? (int64_t)Shape::kStrided * row_bits / 8 : (int64_t)Shape::kContiguous * kB / 8;
    inc_n_ = inc_a_ - (int64_t)(kIs - 1) * kDs * row_bits / 8;
  }
  TC_HD AccessType* get() const {
    return reinterpret_cast<AccessType*>(p_ + (int64_t)ic_ * ((int64_t)kDc * kB) / 8 + (int64_t)iv_ * kAsz);
  }
  // The address of the current access in a load/store made with a pointer
  // offset of n elements: load_with_byte_offset(i32(n·B)/8).
  TC_HD uint8_t* pass_address(LongIndex n) const {
    return reinterpret_cast<uint8_t*>(get()) + narrow_i32(n * kB) / 8;
  }
  TC_HD CutlassPredicatedAccess& operator++() {
    if (++iv_ < Common::kAPV) return *this;
    iv_ = 0;
    if (++ic_ < kIc) return *this;
    ic_ = 0;
    if (++is_ < kIs) {
      p_ += inc_s_;
      return *this;
    }
    is_ = 0;
    p_ += inc_n_ - inc_a_;
    return *this;
  }
  TC_HD void add_pointer_offset(LongIndex n) { p_ += (int64_t)kB * n / 8; }
  TC_HD void add_tile_offset(TensorCoord const& t) {
    if (residue_) {
      oc_ += res_c_, os_ += res_s_;
      Common::guards(preds_, oc_, os_, ext_c_, ext_s_, true);
      add_pointer_offset(res_c_ + res_s_ * L_);
      if (AdvanceRank == 1) {
        p_ += inc_a_ * (int64_t)(t.strided() - 1);
        p_ += narrow_i32((int64_t)Shape::kContiguous * t.contiguous() * kB) / 8;
      } else {
        p_ += inc_a_ * (int64_t)(t.contiguous() - 1);
        p_ += narrow_i32((int64_t)Shape::kStrided * t.strided() * kB) / 8;
      }
      residue_ = false;
      return;
    }
    if (AdvanceRank == 1) {
      p_ += inc_a_ * (int64_t)t.strided();
      p_ += narrow_i32((int64_t)Shape::kContiguous * t.contiguous());
    } else {
      p_ += inc_a_ * (int64_t)t.contiguous();
      p_ += narrow_i32((int64_t)Shape::kStrided * t.strided());
    }
  }
};

// The contract: a logical element position moved by whole tiles (the first
// tile offset along the advance rank consuming the residue), pointer offsets
// in elements, addresses as bit offsets / 8. Guards as CUTLASS computes them,
// and recomputed whenever a tile offset moves across the non-advance rank.
template <bool kPitchPlusOne, class Shape_, class Element_, int AdvanceRank, class ThreadMap_, class AccessType_>
class ContractPredicatedAccess {
 public:
  TILECHECK_FAMILY_TYPES
  typedef AccessType_ AccessType;

  TILECHECK_PREDICATED_STATE
 private:
  uint8_t* data_;
  int64_t ptr_bits_, rows_;

 public:
  TC_HD ContractPredicatedAccess(Params const& params, Pointer pointer, TensorCoord extent, int thread_id,
                                 TensorCoord const& tb)
      : L_(params.stride_), ext_c_(extent.contiguous()), ext_s_(extent.strided()), residue_(true), iv_(0), ic_(0), is_(0),
        data_(reinterpret_cast<uint8_t*>(pointer)), ptr_bits_(0), rows_(0) {
    int64_t rc, rs;
    Common::residue(ext_c_, ext_s_, tb.contiguous(), tb.strided(), &res_c_, &res_s_, &rc, &rs);
    TensorCoord init = ThreadMap::initial_offset(thread_id);
    oc_ = (int64_t)tb.contiguous() + init.contiguous();
    os_ = (int64_t)tb.strided() + init.strided();
    Common::guards(preds_, oc_, os_, rc, rs, false);
  }
  TC_HD uint8_t* pass_address(LongIndex n) const {
    int64_t row = kPitchPlusOne ? L_ + 1 : L_;
    int64_t within_c = (int64_t)ic_ * kDc + (int64_t)iv_ * kAccessElems;
    int64_t bits = (oc_ + os_ * L_) * kB + (within_c + rows_ * kDs * row) * kB + ptr_bits_ + n * kB;
    return data_ + bits / 8;
  }
  TC_HD AccessType* get() const { return reinterpret_cast<AccessType*>(pass_address(0)); }
  TC_HD ContractPredicatedAccess& operator++() {
    if (++iv_ < Common::kAPV) return *this;
    iv_ = 0;
    if (++ic_ < kIc) return *this;
    ic_ = 0;
    if (++is_ < kIs) {
      ++rows_;
      return *this;
    }
    is_ = 0;
    rows_ -= kIs - 1;
    return *this;
  }
  TC_HD void add_pointer_offset(LongIndex n) { ptr_bits_ += n * kB; }
  TC_HD void add_tile_offset(TensorCoord const& t) {
    int64_t mc = (int64_t)t.contiguous() * Shape::kContiguous, ms = (int64_t)t.strided() * Shape::kStrided;
    bool first = residue_;
    if (first) {
      if (AdvanceRank == 1) ms = res_s_ + (int64_t)(t.strided() - 1) * Shape::kStrided;
      else mc = res_c_ + (int64_t)(t.contiguous() - 1) * Shape::kContiguous;
    }
    oc_ += mc, os_ += ms;
    residue_ = false;
    bool cross = AdvanceRank == 1 ? t.contiguous() != 0 : t.strided() != 0;
    if (first || cross) Common::guards(preds_, oc_, os_, ext_c_, ext_s_, true);
  }
};

#undef TILECHECK_PREDICATED_STATE
#undef TILECHECK_FAMILY_TYPES

}  // namespace tilecheck_detail
