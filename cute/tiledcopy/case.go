// Package tiledcopy models CuTe's TiledCopy exactly to the integer: copy
// atoms and their thread-value layouts, make_tiled_copy, each thread's
// partition_S and partition_D of a tile, retile, the vector width copy
// chooses and copy_if's predication. A Case names one TiledCopy over one
// tile; a Trace is what a source (the Go model, or compiled CuTe) answers
// for it, per thread and value, and what properties judge.
package tiledcopy

import "github.com/tilecheck/tilecheck/cute"

// Atom names a copy atom as CuTe spells it: "UniversalCopy<uint32_t>",
// "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "SM75_U32x4_LDSM_N",
// "SM75_U16x8_LDSM_T", "SM90_U32x4_STSM_N".
type Atom string

// Element names the copied value type as CuTe spells it ("half_t",
// "uint8_t", "uint4b_t", "float", "double"); Bits is its width.
type Element struct {
	Name string
	Bits int
}

// Tensor is one side of the copy: a layout over the tile's shape, in
// elements, optionally composed with a swizzle (offset -> Sw(offset)).
type Tensor struct {
	Layout  cute.Layout
	Swizzle *cute.Swizzle
}

// Case is one TiledCopy over one tile: make_tiled_copy(Copy_Atom<Atom,
// Element>, Thr, Val) partitioning Src and Dst, each of the tile's shape.
// Extent, when not nil, is copy_if's predicate: an element at coordinate
// (m, n) is copied only if m < Extent[0] and n < Extent[1].
type Case struct {
	Atom    Atom
	Element Element
	Thr     cute.Layout // (thread m, thread n) -> thread index
	Val     cute.Layout // (value m, value n) -> value index
	Src     Tensor
	Dst     Tensor
	Extent  []int64
}

// Slot is one value one thread holds in a partition: the logical element
// of the tile it names (its coordinate's colexicographic index in the
// tile's shape) and the tensor's offset for it, in elements, the swizzle
// applied.
type Slot struct {
	Coord  int64
	Offset int64
}

// Thread is what one thread's partitions give, in CuTe's flattened order of
// partition_S(tensor) and partition_D(tensor) (colexicographic over
// ((atom values, rest), CPY_M, CPY_N)).
type Thread struct {
	Src, Dst []Slot
	// Pred, where the case has an extent, says per Src slot whether
	// copy_if copies it.
	Pred []bool
}

// Trace is a source's answer for a case.
type Trace struct {
	// Rejected, when not empty, says the source refused the case (the
	// model's precondition, or C++'s static_assert or failed build).
	Rejected string
	Threads  []Thread
	// VectorBits is the width, in bits, of the instructions copy issues
	// for one atom call on one thread.
	VectorBits int
	// Landed, where the source ran the copy on tagged data, is the
	// destination's memory afterwards over its cosize: the Coord of the
	// source element whose data landed at each offset, or -1 where
	// nothing was written.
	Landed []int64
}
