package iterator

import "math"

// MemoryImage is what memory holds after a program ran, as the bytes show
// it: which thread's fragment byte each written byte holds. Every byte
// outside Runs still holds the sentinel it was filled with. A compiled
// source attaches one to every thread's trace of a store round-trip program
// (ThreadTrace.Image, one image shared by the program's threads); a Go model
// makes none, and a property that needs one derives it from the store
// records.
type MemoryImage struct {
	// Size is the buffer's size in bytes from the tensor's base: a byte
	// below 0 or at Size lies outside the allocation. 0: unknown.
	Size int64
	Runs []ByteRun
}

// ByteRun says that Len bytes from Addr hold fragment bytes Index.. of
// Thread.
type ByteRun struct {
	Thread           int
	Index, Addr, Len int64
}

// AccessEvidence says what the bytes a compiled access moved failed to
// show (Record.Evidence, one per access); zero: recovered whole, its
// address exact.
type AccessEvidence uint8

// The ways an access's recovery can fall short.
const (
	EvidenceIncoherent    AccessEvidence = 1 << iota // its bytes do not come from consecutive addresses
	EvidenceUnrecovered                              // no byte of it was found in memory
	EvidenceTouchOverflow                            // a store touched more bytes than the fragment holds
	EvidenceByteCount                                // a store left fewer or more bytes than its width
	EvidenceMissing                                  // no record of it at all
	EvidenceGuardedOff                               // the harness saw its guard off (a load left its slot alone)
)

// EvidenceNotSeen is the evidence that leaves an access with no address
// (Record.Seen): no byte of it was found (a store another access of the
// same store overwrote whole, one guarded off, or one dropped), or its
// guard was seen off. The bytes cannot tell which of these a store that
// left nothing was; whether the companion model explains it is the
// judging layer's to decide (props.NotSeenExplained), so the trace holds
// NoAddress there, never a model's address.
const EvidenceNotSeen = EvidenceUnrecovered | EvidenceGuardedOff

// NoAddress is what Record.Addrs holds for an access with no address: one
// not seen (EvidenceNotSeen) or with no record at all (EvidenceMissing).
const NoAddress int64 = math.MinInt64
