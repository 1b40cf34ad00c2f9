// Test fixture: namespace `tcwrapped` behaves like CUTLASS >= v4.5, whose
// RowMajor/ColumnMajor wrappers' load/store(frag, tile) do not compile once
// instantiated. Compared with the `reference` model, which has
// those paths, the probe must report them as uncompilable and run the rest.
#pragma once
#include "tilecheck/renditions.h"

TILECHECK_DEFINE_RENDITION(tcwrapped, kCutlass)
