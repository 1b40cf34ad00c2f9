// Test fixture: namespace `missingreset` is tilecheck's rendition of current
// CUTLASS except that RegularTileAccessIterator's operator++ keeps
// CUTLASS's two counters and forgets to reset the contiguous one at the end
// of a row. Code that sets the iteration index before every access never
// sees it; a pass walked by ++ alone (accesses_inc()) does.
#pragma once
#include "tilecheck/renditions.h"

TILECHECK_DEFINE_RENDITION(missingreset_base, kCutlass)

namespace missingreset_detail {
template <class Base>
class MissingReset : public Base {
  int contiguous_ = 0, strided_ = 0;

 public:
  using Base::Base;
  TC_HD void set_iteration_index(int index) {
    contiguous_ = index % Base::kIc;
    strided_ = index / Base::kIc;
    Base::set_iteration_index(index);
  }
  TC_HD MissingReset& operator++() {
    ++contiguous_;
    if (contiguous_ >= Base::kIc) {
      ++strided_;  // the defect: contiguous_ = 0 is missing
    }
    if (strided_ >= Base::kIs) strided_ = 0;
    Base::set_iteration_index(strided_ * Base::kIc + contiguous_);
    return *this;
  }
};
}  // namespace missingreset_detail

namespace missingreset {
using namespace missingreset_base;
namespace transform {
using namespace missingreset_base::transform;
namespace threadblock {
using namespace missingreset_base::transform::threadblock;
template <class Shape, class Element, class Layout, int AdvanceRank, class ThreadMap,
          int Alignment = ::tilecheck_detail::sizeof_bits<Element>::value * ThreadMap::kElementsPerAccess / 8>
using RegularTileAccessIterator = missingreset_detail::MissingReset<
    missingreset_base::transform::threadblock::RegularTileAccessIterator<Shape, Element, Layout, AdvanceRank, ThreadMap, Alignment>>;
}  // namespace threadblock
}  // namespace transform
}  // namespace missingreset
