package testcases

// PaddedCopy is the TiledCopy case that both the copy package's host test
// and the CLI's `cute copy check --backend host` test ask real CuTe: 128-bit
// copies from a source of pitch 68 halves (rows not on 16 bytes) to a
// swizzled destination. Stated once, the two ask the same unit and the
// build cache serves the second.
const PaddedCopy = "atom=UniversalCopy<uint128_t> elem=half_t thr=(4,8):(8,1) val=(1,8):(8,1) src=(4,64):(68,1) dst=Sw<3,3,3>o(4,64):(64,1)"
