// Package tiledcopy models CuTe's TiledCopy exactly to the integer: copy
// atoms and their thread-value layouts, make_tiled_copy, each thread's
// partition_S and partition_D of a tile, retile, the vector width copy
// issues and copy_if's predication. A Case names one TiledCopy over one
// tile; a Trace is what a source (the Go model, or compiled CuTe) answers
// for it, per thread and value, and what properties judge.
//
// Two descriptions of each atom are kept apart: CuTe's Copy_Traits
// (ThrID, SrcLayout, DstLayout, RefLayout, in bits, as CUTLASS v4.7.0
// defines them) and the instruction's own semantics (which source bit
// lands in which destination thread and register bit, from PTX's
// definition of the instruction). The partitions come from the first;
// Landed, the copy executed on tagged data, from the second, so that a
// property comparing them checks CuTe's layouts against the instruction.
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
	Bits Bits
}

// Tensor is one side of the copy: a layout over the tile's shape (M,N)
// giving offsets in elements, optionally composed with a swizzle (offset
// -> Sw(offset), CuTe's ComposedLayout<Swizzle, 0, Layout>).
type Tensor struct {
	Layout  cute.Layout
	Swizzle *cute.Swizzle
}

// Case is one TiledCopy over one tile: make_tiled_copy(Copy_Atom<Atom,
// Element>, Thr, Val) partitioning Src and Dst, each of the tile's shape
// (M,N), the shape of Src's layout. Extent, when not nil, is copy_if's
// predicate: an element at coordinate (m, n) is inside it when m <
// Extent[0] and n < Extent[1] (the identity-tensor idiom,
// elem_less(coord, extent)).
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
// of the tile it names (its coordinate (m, n)'s colexicographic index in
// the tile's shape, m + M*n: what partitioning the tile's compact layout
// gives) and the tensor's offset for it, in elements, the swizzle
// applied.
type Slot struct {
	Coord  int64
	Offset int64
}

// Thread is what one thread's partitions give, in CuTe's flattened order of
// partition_S(tensor) and partition_D(tensor): colexicographic over
// ((atom values, rest values), CPY_M, CPY_N), so one atom call's values
// are consecutive: call k holds Src[k*SrcAtomVals : (k+1)*SrcAtomVals] and
// Dst[k*DstAtomVals : (k+1)*DstAtomVals], and call k of Src is call k of
// Dst.
type Thread struct {
	Src, Dst []Slot
	// Pred and DstPred, where the case has an extent (nil otherwise),
	// say per Src and per Dst slot whether copy_if copies it. CuTe's copy_if gates a whole atom
	// call on the predicate of the call's first value (prd(_0{})), so the
	// slots of one call agree.
	Pred, DstPred []bool
}

// Trace is a source's answer for a case.
type Trace struct {
	// Rejected, when not empty, says the source refused the case (CuTe's
	// static_assert, named as CuTe words it, or C++'s failed build). A
	// refusal of the model's own, of a case CuTe accepts but the model
	// does not cover, begins with OutsideModel.
	Rejected string
	// Threads holds every thread of the TiledCopy, by thread index
	// (get_slice(t) is Threads[t]).
	Threads []Thread
	// AtomThreads is the atom's thread count (size<0> of its reference
	// layout): threads t and u take part in one instruction when
	// t/AtomThreads == u/AtomThreads.
	AtomThreads int
	// SrcAtomVals and DstAtomVals are the values one thread gives and
	// takes per atom call (the atom's NumValSrc and NumValDst, in
	// elements).
	SrcAtomVals, DstAtomVals Elements
	// VectorBits and DstVectorBits are the widths, in bits, the
	// instruction reads and writes for one atom call on one thread
	// (SrcAtomVals and DstAtomVals times the element's width).
	VectorBits, DstVectorBits Bits
	// Landed, where the source ran the copy on tagged data, is the
	// destination's memory afterwards, indexed by element offset: the
	// Coord of the source element whose data landed at each offset, -1
	// where nothing was written, Torn (-2) where an element's bits came
	// from more than one source element or from the wrong bit positions.
	// Before the copy, source memory at offset o holds the Coord of the
	// tile element the source tensor places at o (-1 where none), and
	// destination memory -1. The copy runs as the instruction does: per
	// atom call k of each instruction (threads t with one t/AtomThreads),
	// every lane whose address the instruction reads (ldmatrix x1: lanes
	// 0..7) reads its vector as the VectorBits/Element.Bits consecutive
	// elements from its Src[k*SrcAtomVals].Offset, the instruction moves
	// the bits lane to lane, and every lane writes its vector as
	// consecutive elements from its Dst[k*DstAtomVals].Offset; a lane
	// whose call copy_if turns off reads or writes nothing. Landed's
	// length is 1 + the largest destination offset of the tile, or more
	// where the copy wrote past it. nil when the source did not run the
	// copy.
	Landed []int64
}
