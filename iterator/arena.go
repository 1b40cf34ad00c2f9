package iterator

import (
	"sync"
	"unsafe"

	"github.com/tilecheck/tilecheck/layout"
)

// Arena lends the memory of thread traces (records, addresses, the trace
// values themselves) from blocks it keeps, so that a sweep judging the same
// batch on one control after another reuses one set of blocks instead of
// allocating, and collecting, a fresh set for every control. Reset makes
// every block reusable: every trace carved from the arena before is then
// invalid. An Arena is used by one goroutine at a time; a nil *Arena
// allocates as usual.
type Arena struct {
	records slab[Record]
	addrs   slab[int64]
	traces  slab[ThreadTrace]
	bits    slab[layout.Bits]  // the reference model's per-request programs
	bytes   slab[layout.Bytes] // the cutlass models'
	valid   slab[bool]         // the predicated classes' guards
	shifts  slab[ShiftTrace]   // compact forms (shift.go)
	scratch requestScratch     // the request being traced
	steady  bool               // see Steady
}

// Steady(true) is the caller's word that, until Steady(false), no
// configuration it passes by address (ShiftIn, TraceShiftIn) changes: a
// request at the address of the last is of the same configuration, and
// finds its memo without comparing the two (a 200-byte comparison a
// request, on the hot path of every sweep). Each call
// forgets the last address, whose memory may since have been reused.
func (a *Arena) Steady(on bool) {
	a.steady = on
	a.scratch.memo.at = nil
}

// requestScratch is what tracing a request needs only while it runs: the
// memo of the last configuration traced (kept from one request to the next
// of the same model and configuration), the header of the request's
// buffers, and the family iterators (family_driver.go). An arena holds one;
// requests without an arena take one from scratchPool.
type requestScratch struct {
	memo configMemo
	bufs traceBuffers
	fam  famScratch
}

var scratchPool = sync.Pool{New: func() any { return new(requestScratch) }}

// Reset makes the arena's memory reusable. The caller must hold no trace
// carved from it.
func (a *Arena) Reset() {
	if a == nil {
		return
	}
	a.records.reset()
	a.addrs.reset()
	a.traces.reset()
	a.bits.reset()
	a.bytes.reset()
	a.valid.reset()
	a.shifts.reset()
}

// slabBytes is the size of the smallest block a slab allocates.
const slabBytes = 64 << 10

// blockLen is how many elements of T a smallest block holds.
func blockLen[T any]() int {
	var zero T
	return max(slabBytes/int(unsafe.Sizeof(zero)), 64)
}

// slab hands out slices of n elements from a list of blocks.
type slab[T any] struct {
	blocks [][]T
	cur    int // block being carved
	used   int // elements of blocks[cur] handed out
}

// take returns an empty slice with capacity n, capped so that appending
// beyond n never runs into the next slice handed out.
func (s *slab[T]) take(n int) []T {
	for {
		if s.cur == len(s.blocks) {
			s.blocks = append(s.blocks, make([]T, max(n, blockLen[T]())))
		}
		b := s.blocks[s.cur]
		if len(b)-s.used >= n {
			out := b[s.used : s.used : s.used+n]
			s.used += n
			return out
		}
		if s.used == 0 {
			// An empty block too small for n: replace it with one that fits.
			s.blocks[s.cur] = make([]T, max(n, blockLen[T]()))
			continue
		}
		s.cur, s.used = s.cur+1, 0
	}
}

func (s *slab[T]) reset() { s.cur, s.used = 0, 0 }
