// RegularTileIterator renditions, selected by a Variant tag:
//   kCutlass / kPre3049 : CUTLASS's byte-pointer arithmetic, after
//                         and before PR #3049;
//   kReference          : the documented contract, bit-exact;
//   kLoadDiv            : reference, but load(frag, tile) divides the contiguous
//                         tile term by V (control C-load-div);
//   kPitchPlusOne       : reference, but the strided increment uses L+1
//                         (control C-pitch-plus-one);
//   kIdentity           : a layout-only copy: every access computed from its
//                         coordinate through the TensorRef's layout functor,
//                         with no pointer state (the probe's identity copy).
#pragma once
#include "tilecheck/core.h"
#include "tilecheck/thread_maps.h"

namespace tilecheck_detail {

enum Variant { kReference, kCutlass, kPre3049, kLoadDiv, kPitchPlusOne, kIdentity };

// The access loop every variant shares: access idx = c + s·Ic occupies
// fragment bytes [idx·A, (idx+1)·A), moved as one AccessType.
template <class Element, class ThreadMap, int Alignment>
struct Accesses {
  static constexpr int kB = sizeof_bits<Element>::value;
  static constexpr int kV = ThreadMap::kElementsPerAccess;
  typedef AlignedArray<Element, kV, Alignment> AccessType;
  static constexpr int kIc = ThreadMap::Iterations::kContiguous;
  static constexpr int kIs = ThreadMap::Iterations::kStrided;
  static constexpr int kDc = ThreadMap::Delta::kContiguous;
  static constexpr int kDs = ThreadMap::Delta::kStrided;
  template <class AddrFn>
  TC_HD static void load(void* frag, AddrFn const& addr) {
    AccessType* f = reinterpret_cast<AccessType*>(frag);
    for (int s = 0; s < kIs; ++s)
      for (int c = 0; c < kIc; ++c) f[c + s * kIc] = *reinterpret_cast<AccessType const*>(addr(s, c));
  }
  template <class AddrFn>
  TC_HD static void store(void const* frag, AddrFn const& addr) {
    AccessType const* f = reinterpret_cast<AccessType const*>(frag);
    for (int s = 0; s < kIs; ++s)
      for (int c = 0; c < kIc; ++c) *reinterpret_cast<AccessType*>(addr(s, c)) = f[c + s * kIc];
  }
};

#define TILECHECK_PL_TYPES                                                                        \
  typedef Shape_ Shape;                                                                           \
  typedef Element_ Element;                                                                       \
  typedef ThreadMap_ ThreadMap;                                                                   \
  typedef layout::PitchLinear Layout;                                                             \
  typedef int32_t Index;                                                                          \
  typedef int64_t LongIndex;                                                                      \
  typedef layout::PitchLinearCoord TensorCoord;                                                   \
  typedef tilecheck_detail::TensorRef<Element, Layout> TensorRef;                                 \
  typedef Array<Element, ThreadMap::Iterations::kCount * ThreadMap::kElementsPerAccess> Fragment; \
  typedef Accesses<Element, ThreadMap, Alignment> Acc;                                            \
  static constexpr int kB = sizeof_bits<Element>::value;                                          \
  static constexpr int kAdvanceRank = AdvanceRank;

// ---- CUTLASS's arithmetic ---------------------------------------
template <bool kAfter3049, class Shape_, class Element_, int AdvanceRank, class ThreadMap_, int Alignment>
class CutlassPitchLinear {
 public:
  TILECHECK_PL_TYPES
 private:
  uint8_t* pointer_;
  LongIndex stride_;
  Index inc_strided_;
  Index inc_advance_;

 public:
  TC_HD CutlassPitchLinear(TensorRef ref, int thread_id) {
    TensorCoord o = ThreadMap::initial_offset(thread_id);
    stride_ = ref.stride(0);
    // Multiply before divide, in 64 bits.
    pointer_ = reinterpret_cast<uint8_t*>(ref.data()) + ((LongIndex)o.contiguous() + (LongIndex)o.strided() * stride_) * kB / 8;
    inc_strided_ = narrow_i32(stride_ * kB * Acc::kDs / 8);
    // Rank 1 truncates the row's bytes before multiplying by Ss.
    inc_advance_ = narrow_i32(AdvanceRank == 0 ? (LongIndex)Shape::kContiguous * kB / 8
                                               : (LongIndex)Shape::kStrided * (stride_ * kB / 8));
  }
  TC_HD void load_with_pointer_offset(Fragment& frag, Index pointer_offset) {
    uint8_t* base = pointer_ + narrow_i32((LongIndex)pointer_offset * kB) / 8;
    Index inc = inc_strided_;
    Acc::load(&frag, [&](int s, int c) { return base + s * inc + (long long)(c * Acc::kDc / Acc::kV) * (long long)sizeof(typename Acc::AccessType); });
  }
  TC_HD void store_with_pointer_offset(Fragment const& frag, Index pointer_offset) {
    uint8_t* base = pointer_ + narrow_i32((LongIndex)pointer_offset * kB) / 8;
    Index inc = inc_strided_;
    Acc::store(&frag, [&](int s, int c) { return base + s * inc + (long long)(c * Acc::kDc / Acc::kV) * (long long)sizeof(typename Acc::AccessType); });
  }
  TC_HD void load(Fragment& frag) { load_with_pointer_offset(frag, 0); }
  TC_HD void store(Fragment const& frag) { store_with_pointer_offset(frag, 0); }
  // load(frag, tile): the contiguous term divided by V in every version.
  TC_HD void load(Fragment& frag, TensorCoord const& t) {
    load_with_pointer_offset(frag, narrow_i32((LongIndex)t.contiguous() * Shape::kContiguous / Acc::kV +
                                              (LongIndex)t.strided() * Shape::kStrided * stride_));
  }
  // store(frag, tile): divided by V only after PR #3049 (v4.5.0).
  TC_HD void store(Fragment const& frag, TensorCoord const& t) {
    LongIndex c = kAfter3049 ? (LongIndex)t.contiguous() * Shape::kContiguous / Acc::kV : (LongIndex)t.contiguous() * Shape::kContiguous;
    store_with_pointer_offset(frag, narrow_i32(c + (LongIndex)t.strided() * Shape::kStrided * stride_));
  }
  // Bytes, although documented in elements (CUTLASS issue #3017).
  TC_HD void add_pointer_offset(LongIndex pointer_offset) { pointer_ += pointer_offset; }
  TC_HD void add_tile_offset(TensorCoord const& t) {
    pointer_ += narrow_i32((LongIndex)kB * ((LongIndex)t.contiguous() * Shape::kContiguous + (LongIndex)t.strided() * Shape::kStrided * stride_) / 8);
  }
  TC_HD CutlassPitchLinear& operator++() { pointer_ += inc_advance_; return *this; }
  TC_HD CutlassPitchLinear& operator--() { pointer_ -= inc_advance_; return *this; }
  TC_HD CutlassPitchLinear operator++(int) { CutlassPitchLinear r(*this); ++*this; return r; }
  TC_HD CutlassPitchLinear operator--(int) { CutlassPitchLinear r(*this); --*this; return r; }
};

// ---- the documented contract and two known-bad controls -----------
// The position is the logical element offset of the thread's first element;
// every access is converted to bytes only at the end, from its bit offset.
template <Variant kVariant, class Shape_, class Element_, int AdvanceRank, class ThreadMap_, int Alignment>
class ContractPitchLinear {
 public:
  TILECHECK_PL_TYPES
 private:
  uint8_t* data_;
  LongIndex stride_;
  LongIndex position_;  // elements

  TC_HD uint8_t* address(LongIndex extra, int s, int c) const {
    LongIndex row = kVariant == kPitchPlusOne ? stride_ + 1 : stride_;
    LongIndex element = position_ + extra + (LongIndex)c * Acc::kDc + (LongIndex)s * Acc::kDs * row;
    return data_ + element * kB / 8;
  }
  TC_HD LongIndex tile_elements(TensorCoord const& t, bool divide_contiguous) const {
    LongIndex c = (LongIndex)t.contiguous() * Shape::kContiguous;
    if (divide_contiguous) c /= Acc::kV;
    return c + (LongIndex)t.strided() * Shape::kStrided * stride_;
  }

 public:
  TC_HD ContractPitchLinear(TensorRef ref, int thread_id) {
    TensorCoord o = ThreadMap::initial_offset(thread_id);
    data_ = reinterpret_cast<uint8_t*>(ref.data());
    stride_ = ref.stride(0);
    position_ = (LongIndex)o.contiguous() + (LongIndex)o.strided() * stride_;
  }
  TC_HD void load_with_pointer_offset(Fragment& frag, Index n) {
    Acc::load(&frag, [&](int s, int c) { return address(n, s, c); });
  }
  TC_HD void store_with_pointer_offset(Fragment const& frag, Index n) {
    Acc::store(&frag, [&](int s, int c) { return address(n, s, c); });
  }
  TC_HD void load(Fragment& frag) { load_with_pointer_offset(frag, 0); }
  TC_HD void store(Fragment const& frag) { store_with_pointer_offset(frag, 0); }
  TC_HD void load(Fragment& frag, TensorCoord const& t) {
    LongIndex e = tile_elements(t, kVariant == kLoadDiv);
    Acc::load(&frag, [&](int s, int c) { return address(e, s, c); });
  }
  TC_HD void store(Fragment const& frag, TensorCoord const& t) {
    LongIndex e = tile_elements(t, false);
    Acc::store(&frag, [&](int s, int c) { return address(e, s, c); });
  }
  TC_HD void add_pointer_offset(LongIndex n) { position_ += n; }
  TC_HD void add_tile_offset(TensorCoord const& t) { position_ += tile_elements(t, false); }
  TC_HD LongIndex advance() const { return AdvanceRank == 0 ? (LongIndex)Shape::kContiguous : (LongIndex)Shape::kStrided * stride_; }
  TC_HD ContractPitchLinear& operator++() { position_ += advance(); return *this; }
  TC_HD ContractPitchLinear& operator--() { position_ -= advance(); return *this; }
  TC_HD ContractPitchLinear operator++(int) { ContractPitchLinear r(*this); ++*this; return r; }
  TC_HD ContractPitchLinear operator--(int) { ContractPitchLinear r(*this); --*this; return r; }
};

#undef TILECHECK_PL_TYPES

template <Variant kVariant, class Shape, class Element, int AdvanceRank, class ThreadMap, int Alignment>
struct PitchLinearOf {
  typedef ContractPitchLinear<kVariant, Shape, Element, AdvanceRank, ThreadMap, Alignment> type;
};
template <class Shape, class Element, int AdvanceRank, class ThreadMap, int Alignment>
struct PitchLinearOf<kCutlass, Shape, Element, AdvanceRank, ThreadMap, Alignment> {
  typedef CutlassPitchLinear<true, Shape, Element, AdvanceRank, ThreadMap, Alignment> type;
};
template <class Shape, class Element, int AdvanceRank, class ThreadMap, int Alignment>
struct PitchLinearOf<kPre3049, Shape, Element, AdvanceRank, ThreadMap, Alignment> {
  typedef CutlassPitchLinear<false, Shape, Element, AdvanceRank, ThreadMap, Alignment> type;
};

}  // namespace tilecheck_detail

#include "tilecheck/matrix_wrappers.h"
