package iterator

import (
	"fmt"

	"github.com/tilecheck/tilecheck/layout"
)

// This file holds what the RegularTileIterator models share: the per-trace
// constants of an instantiation, the thread check and record construction.
// regular_cutlass.go models the CUTLASS code (SPEC §3), reference.go the
// documented contract (SPEC §4) and, through Defect, the controls (SPEC §6).

// regularModel is a model whose trace can reuse a thread map already
// validated, so that TraceThreads validates a configuration once per call
// rather than once per thread.
type regularModel interface {
	Model
	// threadMap validates cfg as this model instantiates it.
	threadMap(cfg Config) (ThreadMap, error)
	// traceMap traces one thread with the map threadMap returned.
	traceMap(cfg Config, tm ThreadMap, prog Program, thread int) (ThreadTrace, error)
}

// traceRegular is Model.Trace for every regular model: validate, check the
// thread, trace.
func traceRegular(m regularModel, cfg Config, prog Program, thread int) (ThreadTrace, error) {
	tm, err := m.threadMap(cfg)
	if err != nil {
		return ThreadTrace{Thread: thread}, err
	}
	if err := checkThread(cfg, thread); err != nil {
		return ThreadTrace{Thread: thread}, err
	}
	return m.traceMap(cfg, tm, prog, thread)
}

func checkThread(cfg Config, thread int) error {
	if thread < 0 || thread >= cfg.Threads {
		return fmt.Errorf("thread %d out of range: the thread map has threads 0..%d", thread, cfg.Threads-1)
	}
	return nil
}

// instance holds the constants of one instantiation that every access uses,
// in pitch-linear terms: B bits, V elements per access, A bytes per access,
// L pitch, (Sc, Ss) tile shape, rank the pitch-linear advance rank.
type instance struct {
	B, V, A, L int64
	Shape      layout.Coord
	Rank       int
}

func newInstance(cfg Config) instance {
	return instance{
		B:     int64(cfg.Elem.Bits),
		V:     int64(cfg.Access),
		A:     int64(InstanceAccessBytes(cfg)),
		L:     cfg.Pitch(),
		Shape: cfg.PitchShape(),
		Rank:  cfg.PitchAdv(),
	}
}

// traceBuffers holds one trace's records and, in one backing array, all
// their addresses: two allocations per thread trace, whatever the program.
type traceBuffers struct {
	records []Record
	addrs   []int64
}

func newTraceBuffers(prog Program, tm ThreadMap) traceBuffers {
	n := 0
	for _, op := range prog {
		if op.Records() {
			n++
		}
	}
	return traceBuffers{records: make([]Record, 0, n), addrs: make([]int64, 0, int64(n)*tm.Count())}
}

// newRecord starts the record of op number index, with room for one address
// per access of the fragment, carved from the trace's address array.
func (tb *traceBuffers) newRecord(thread, index int, op Op, in instance, tm ThreadMap) Record {
	n, count := len(tb.addrs), int(tm.Count())
	if cap(tb.addrs)-n < count {
		tb.addrs = make([]int64, 0, count)
		n = 0
	}
	tb.addrs = tb.addrs[:n+count]
	return Record{
		Thread:      thread,
		Op:          index,
		Kind:        op.RecordKind(),
		AccessBytes: in.A,
		Addrs:       tb.addrs[n : n : n+count],
	}
}

// notRegular is the error for an op RegularTileIterator does not have.
func notRegular(op Op) error {
	return &UnavailableError{Path: op.String(), Reason: "RegularTileIterator has no such member"}
}

// wrapperTileUnavailable is the error the cutlass models give for
// load(frag, tile)/store(frag, tile) on the RowMajor and ColumnMajor wrappers.
func wrapperTileUnavailable(cfg Config, op Op) error {
	return &UnavailableError{
		Path: fmt.Sprintf("%s on the %s wrapper", op, cfg.Layout),
		Reason: fmt.Sprintf("CUTLASS's %s %s(frag, tile_offset) overload does not compile: "+
			"cannot convert brace-enclosed initializer list to Index", wrapperName[cfg.Layout], op.RecordKind()),
	}
}

// wrapperName is the C++ layout tag of each wrapper.
var wrapperName = map[layout.Kind]string{layout.RowMajor: "RowMajor", layout.ColumnMajor: "ColumnMajor", layout.PitchLinear: "PitchLinear"}

// appendAtomicWords appends, for one access of v elements of b bits starting
// at byte addr, the start of every aligned 4-byte word holding a byte of an
// element: a 16-bit atomic done by CAS on its enclosing 32-bit word touches
// that whole word. With tailEnd > 0, an element whose last word would cross
// tailEnd is stored plainly instead (no word listed): the reference's
// resolution of the CAS tail (SPEC §5).
func appendAtomicWords(words []int64, addr, v, b, tailEnd int64) []int64 {
	for e := int64(0); e < v; e++ {
		first := addr + e*b/8
		last := addr + (e*b+b-1)/8
		lo, hi := floorWord(first), floorWord(last)
		if tailEnd > 0 && hi+4 > tailEnd {
			continue
		}
		for w := lo; w <= hi; w += 4 {
			if n := len(words); n > 0 && words[n-1] == w {
				continue
			}
			words = append(words, w)
		}
	}
	return words
}

// floorWord rounds a byte address down to its aligned 4-byte word, toward
// minus infinity so that negative addresses get their enclosing word too.
func floorWord(addr int64) int64 {
	w := addr / 4 * 4
	if w > addr {
		w -= 4
	}
	return w
}
