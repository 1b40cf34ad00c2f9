// Test fixture standing in for a user's CUTLASS checkout: namespace
// `fakecutlass` has CUTLASS's shape (layout::, transform::threadblock::
// RegularTileIterator) and behaves like CUTLASS before PR #3049. The probe,
// pointed at it with --include/--namespace, must tell it apart from the
// `cutlass` (>= v4.5) model and match `cutlass-pre3049`.
#pragma once
#include "tilecheck/renditions.h"

TILECHECK_DEFINE_RENDITION(fakecutlass, kPre3049)
