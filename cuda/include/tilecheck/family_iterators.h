// PredicatedTileIterator<PitchLinear> over the access iterators of
// family_access_iterators.h, and the selection of each class's rendition by
// Variant tag: kCutlass and kPre3049 get CUTLASS's arithmetic (the pre-#3049
// difference is RegularTileIterator's only), kPitchPlusOne the contract with
// rows stepped by L+1, every other variant the contract. Written from
// tilecheck's SPEC.md only.
#pragma once
#include "tilecheck/family_access_iterators.h"

namespace tilecheck_detail {

// load()/store() run the access loop on a fragment of kAsz-byte slots, slot
// idx = v + kAPV·(c + s·Ic): a guarded-off load leaves its slot unchanged, a
// guarded-off store writes nothing.
template <class AccessIterator, int AdvanceRank>
class PredicatedTile {
 public:
  typedef typename AccessIterator::Shape Shape;
  typedef typename AccessIterator::Element Element;
  typedef typename AccessIterator::ThreadMap ThreadMap;
  typedef typename AccessIterator::Layout Layout;
  typedef typename AccessIterator::Index Index;
  typedef typename AccessIterator::LongIndex LongIndex;
  typedef typename AccessIterator::TensorCoord TensorCoord;
  typedef typename AccessIterator::TensorRef TensorRef;
  typedef typename AccessIterator::Pointer Pointer;
  typedef typename AccessIterator::Params Params;
  typedef typename AccessIterator::AccessType AccessType;
  static constexpr int kAdvanceRank = AdvanceRank;
  static constexpr int kCount = AccessIterator::Common::kCount;
  static constexpr long long kAsz = AccessIterator::kAsz;
  typedef Array<Element, ThreadMap::Iterations::kCount * ThreadMap::kElementsPerAccess> Fragment;

 private:
  struct alignas(pow2_part(kAsz)) Slot {
    unsigned char bytes[kAsz];
  };
  AccessIterator address_iterator_;

  template <bool kStore>
  TC_HD void pass(unsigned char* frag, LongIndex n) {
    Slot* slots = reinterpret_cast<Slot*>(frag);
    for (int idx = 0; idx < kCount; ++idx) {
      address_iterator_.set_iteration_index(idx);
      Slot* at = reinterpret_cast<Slot*>(address_iterator_.pass_address(n));
      if (address_iterator_.valid()) {
        if (kStore) *at = slots[idx];
        else slots[idx] = *at;
      }
      ++address_iterator_;
    }
  }

 public:
  TC_HD PredicatedTile(Params const& params, Pointer pointer, TensorCoord extent, int thread_id, TensorCoord const& tb)
      : address_iterator_(params, pointer, extent, thread_id, tb) {}
  TC_HD void load_with_pointer_offset(Fragment& f, Index n) { pass<false>(reinterpret_cast<unsigned char*>(&f), n); }
  TC_HD void store_with_pointer_offset(Fragment const& f, Index n) {
    pass<true>(const_cast<unsigned char*>(reinterpret_cast<unsigned char const*>(&f)), n);
  }
  TC_HD void load(Fragment& f) { load_with_pointer_offset(f, 0); }
  TC_HD void store(Fragment const& f) { store_with_pointer_offset(f, 0); }
  TC_HD void add_pointer_offset(LongIndex n) { address_iterator_.add_pointer_offset(n); }
  TC_HD void add_tile_offset(TensorCoord const& t) { address_iterator_.add_tile_offset(t); }
  // One tile along the advance rank: the first one consumes the residue.
  TC_HD PredicatedTile& operator++() {
    address_iterator_.add_tile_offset(AdvanceRank == 1 ? TensorCoord(0, 1) : TensorCoord(1, 0));
    return *this;
  }
  TC_HD void clear_mask(bool enable = true) { address_iterator_.clear_mask(enable); }
  TC_HD void enable_mask() { address_iterator_.enable_mask(); }
};

template <Variant kVariant, class Shape, class Element, int AdvanceRank, class ThreadMap>
struct RegularAccessOf {
  typedef ContractRegularAccess<kVariant == kPitchPlusOne, Shape, Element, AdvanceRank, ThreadMap> type;
};
template <Variant kVariant, class Shape, class Element, int AdvanceRank, class ThreadMap, class AccessType>
struct PredicatedAccessOf {
  typedef ContractPredicatedAccess<kVariant == kPitchPlusOne, Shape, Element, AdvanceRank, ThreadMap, AccessType> type;
};
#define TILECHECK_CUTLASS_FAMILY(V)                                                                         \
  template <class Shape, class Element, int AdvanceRank, class ThreadMap>                                   \
  struct RegularAccessOf<V, Shape, Element, AdvanceRank, ThreadMap> {                                       \
    typedef CutlassRegularAccess<Shape, Element, AdvanceRank, ThreadMap> type;                              \
  };                                                                                                        \
  template <class Shape, class Element, int AdvanceRank, class ThreadMap, class AccessType>                 \
  struct PredicatedAccessOf<V, Shape, Element, AdvanceRank, ThreadMap, AccessType> {                        \
    typedef CutlassPredicatedAccess<Shape, Element, AdvanceRank, ThreadMap, AccessType> type;               \
  };
TILECHECK_CUTLASS_FAMILY(kCutlass)
TILECHECK_CUTLASS_FAMILY(kPre3049)
#undef TILECHECK_CUTLASS_FAMILY

// The class templates take CUTLASS's signatures; only PitchLinear has a
// rendition (the matrix wrappers are not rendered for the family).
template <Variant kVariant, class Shape, class Element, class Layout, int AdvanceRank, class ThreadMap, int Alignment>
struct RegularTileAccessOf;
template <Variant kVariant, class Shape, class Element, int AdvanceRank, class ThreadMap, int Alignment>
struct RegularTileAccessOf<kVariant, Shape, Element, layout::PitchLinear, AdvanceRank, ThreadMap, Alignment> {
  typedef typename RegularAccessOf<kVariant, Shape, Element, AdvanceRank, ThreadMap>::type type;
};
template <Variant kVariant, class Shape, class Element, class Layout, int AdvanceRank, class ThreadMap, class AccessType>
struct PredicatedTileAccessOf;
template <Variant kVariant, class Shape, class Element, int AdvanceRank, class ThreadMap, class AccessType>
struct PredicatedTileAccessOf<kVariant, Shape, Element, layout::PitchLinear, AdvanceRank, ThreadMap, AccessType> {
  typedef typename PredicatedAccessOf<kVariant, Shape, Element, AdvanceRank, ThreadMap, AccessType>::type type;
};
template <Variant kVariant, class Shape, class Element, class Layout, int AdvanceRank, class ThreadMap, int AccessSize>
struct PredicatedTileOf {
  typedef Array<Element, AccessSize> AccessType;
  typedef PredicatedTile<typename PredicatedTileAccessOf<kVariant, Shape, Element, Layout, AdvanceRank, ThreadMap, AccessType>::type,
                         AdvanceRank>
      type;
};

}  // namespace tilecheck_detail
