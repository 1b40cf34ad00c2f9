package cuda

import (
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
)

// Sparse host cases. CUTLASS's int32 overflows (P-index) show only at row
// pitches near 2^31 bytes, whose tensors no probe can allocate. On the host
// such a case reserves its whole buffer as address space with no access
// (PROT_NONE, MAP_NORESERVE) and maps only windows: the pages holding the
// bytes some model predicts an access to, and the page of ref.data(). The
// digit fills, zeroing and store scans run over the windows alone.
//
// Nothing about the code under test is trusted more than in a dense case:
// an access outside the windows faults, the host driver abandons that run
// (host_driver.h), and the op's slots it did not complete are recovered as
// no address (a load: index outside every window; a store: missing bytes),
// so the record is flagged and mismatches the model. A wrong address inside
// a window is recovered exactly, as in a dense buffer.

// pageBytes is the mapping granularity the windows are aligned to; the host
// driver refuses to run a sparse case on a machine with another page size.
const pageBytes = 4096

// sparseWindows lists the merged, page-aligned [start, end) buffer ranges
// covering every access any variant's model or the reference predicts for
// the case (guarded-off ones too: a wrong guard then reads real digits),
// plus the page of the tensor's base.
func sparseWindows(pc *plannedCase) []int64 {
	var pages []int64
	add := func(addr, n int64) {
		lo := max(pc.Off+addr, 0) / pageBytes
		hi := min(pc.Off+addr+n+pageBytes-1, pc.N) / pageBytes
		for p := lo; p < hi; p++ {
			pages = append(pages, p)
		}
	}
	addTraces := func(traces []iterator.ThreadTrace) {
		for _, tr := range traces {
			for _, r := range tr.Records {
				if r.Kind == "accesses" {
					continue // get() moves nothing
				}
				for _, a := range r.Addrs {
					add(a, pc.AccessBytes)
				}
			}
		}
	}
	add(0, 1)
	for _, traces := range pc.Reference {
		addTraces(traces)
	}
	for v := range pc.Expected {
		for p, traces := range pc.Expected[v] {
			if pc.Avail[v][p] {
				addTraces(traces)
			}
		}
	}
	slices.Sort(pages)
	pages = slices.Compact(pages)
	var windows []int64
	for _, p := range pages {
		if n := len(windows); n > 0 && windows[n-1] == p*pageBytes {
			windows[n-1] += pageBytes
			continue
		}
		windows = append(windows, p*pageBytes, (p+1)*pageBytes)
	}
	return windows
}
