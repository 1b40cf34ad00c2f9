package iterator

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
