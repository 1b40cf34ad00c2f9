package iterator

import (
	"fmt"

	"github.com/tilecheck/tilecheck/layout"
)

// This file holds what the RegularTileIterator models share: the per-trace
// constants of an instantiation, the thread check and record construction.
// regular_cutlass.go models the CUTLASS code, reference.go the
// documented contract and, through Defect, the controls.

// regularModel is a model whose trace can reuse a thread map already
// validated, so that TraceThreads validates a configuration once per call
// rather than once per thread.
type regularModel interface {
	Model
	// threadMap validates cfg as this model instantiates it.
	threadMap(cfg Config) (ThreadMap, error)
	// traceMap traces one thread with the map threadMap returned, carving
	// its records and addresses from bufs.
	traceMap(cfg Config, tm ThreadMap, prog Program, thread int, bufs *traceBuffers) (ThreadTrace, error)
	// traceThreads traces threads in order, appending to out, as calls of
	// checkThread and traceMap would; the first error ends it. It lets a
	// model work out what its threads share once, outside the loop.
	traceThreads(cfg *Config, tm *ThreadMap, prog Program, threads []int, bufs *traceBuffers, out []ThreadTrace) ([]ThreadTrace, error)
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
	bufs := newTraceBuffers(prog, tm, 1, nil)
	bufs.cm = &configMemo{}
	return m.traceMap(cfg, tm, prog, thread, &bufs)
}

func checkThread(cfg Config, thread int) error {
	if thread < 0 || thread >= cfg.Threads {
		return fmt.Errorf("thread %d out of range: the thread map has threads 0..%d", thread, cfg.Threads-1)
	}
	return nil
}

// instance holds the constants of one instantiation that every access uses,
// in pitch-linear terms, each in its unit: B bits per element, V elements per
// access, A bytes per access, L the pitch, (Sc, Ss) the tile shape (Ss in
// rows), Rank the pitch-linear advance rank.
type instance struct {
	B    int64 // bits per element: the width every element↔bit conversion names
	V    layout.Elements
	A    layout.Bytes
	L    layout.Elements
	Sc   layout.Elements
	Ss   int64 // rows
	Rank int
}

func newInstance(cfg Config) instance {
	shape := cfg.PitchShape()
	return instance{
		B:    int64(cfg.Elem.Bits),
		V:    layout.Elements(cfg.Access),
		A:    InstanceAccessBytes(cfg),
		L:    layout.Elements(cfg.Pitch()),
		Sc:   layout.Elements(shape.C),
		Ss:   shape.S,
		Rank: cfg.PitchAdv(),
	}
}

// contigTiles is tc whole tiles along the contiguous dimension: tc·Sc elements.
func (in instance) contigTiles(a *arith, tc layout.Tiles) layout.Elements {
	return times(a, int64(tc), in.Sc)
}

// stridedTiles is ts whole tiles along the strided dimension: ts·Ss rows of
// pitch L.
func (in instance) stridedTiles(a *arith, ts layout.Tiles) layout.Elements {
	return times(a, a.mul(int64(ts), in.Ss), in.L)
}

// tileArg is a tile-offset op's coordinate, given in the layout's own order,
// as pitch-linear whole tiles.
func tileArg(cfg Config, op Op) (tc, ts layout.Tiles) {
	t := cfg.Layout.ToPitch(op.A, op.B)
	return layout.Tiles(t.C), layout.Tiles(t.S)
}

// pointerArg is a pointer-offset op's argument in its documented unit.
func pointerArg(op Op) layout.Elements { return layout.Elements(op.A) }

// traceBuffers holds the records of one or more thread traces and, in one
// backing array, all their addresses: TraceThreads sizes them for every
// thread it traces, so that a request costs two allocations whatever its
// threads and program.
type traceBuffers struct {
	records []Record
	addrs   []int64
	valid   []bool      // the predicated classes' guards, one per address
	fam     *famScratch // the family iterators, reused thread after thread
	// cm holds what the request's configuration alone determines; an
	// arena keeps it from one request to the next of the same
	// configuration.
	cm *configMemo
	// ref is the request's program under the reference model, worked
	// out by the first trace (reference_fast.go); arena, where set, lends
	// its memory.
	ref    refProgram
	hasRef bool
	cut    cutProgram // the same for the cutlass models (regular_cutlass_fast.go)
	hasCut bool
	arena  *Arena
	// recorded is the request's prog.Recorded(), counted once per
	// request for the buffers and the program's origins.
	recorded int
}

// configMemo is what one model's traces of one configuration share, whatever
// the op program and thread: the validated thread map, the instance, and the
// reference model's access offsets. A sweep asks for many programs of each
// configuration in a row, so a worker's arena keeps the last one.
type configMemo struct {
	model regularModel
	cfg   Config
	// at is the address a request gave cfg at while its arena is steady
	// (nil: none since).
	at  *Config
	tm  ThreadMap
	err error // the configuration's validation error
	// in is built by the first trace (a configuration Validate rejects
	// has none).
	in     instance
	hasIn  bool
	acc    refAccesses
	hasAcc bool
	cut    cutAccesses
	hasCut bool
	// initPos is ThreadMap.Init of every thread (nil until asked for):
	// its divisions cost more than the rest of a fast trace.
	initPos  []layout.Coord
	hasInits bool
	// spread is the last thread list's summary (ShiftTrace.ofReference).
	spread threadSpread
}

// inits returns tm.Init(t) for every thread t < threads, computed once per
// configuration; nil where the request asks for few of many threads.
func (cm *configMemo) inits(tm *ThreadMap, threads, requested int) []layout.Coord {
	if !cm.hasInits && threads > 4*requested+64 {
		return nil
	}
	if !cm.hasInits {
		for t := range threads {
			cm.initPos = append(cm.initPos, tm.Init(t))
		}
		cm.hasInits = true
	}
	return cm.initPos
}

// initOf is thread t's initial offset, from inits where it has them.
func initOf(inits []layout.Coord, tm *ThreadMap, t int) layout.Coord {
	if inits != nil {
		return inits[t]
	}
	return tm.Init(t)
}

// memoFor returns the scratch's memo of (m, cfg), validating cfg where it is
// not the memo's configuration.
func (sc *requestScratch) memoFor(m regularModel, cfg *Config) *configMemo {
	cm := &sc.memo
	if cm.model == m && cm.cfg == *cfg {
		return cm
	}
	// Reused: no trace refers to them.
	off, cut, inits, spread := cm.acc.off[:0], cm.cut.off[:0], cm.initPos[:0], cm.spread.threads[:0]
	*cm = configMemo{model: m, cfg: *cfg}
	cm.acc.off, cm.cut.off, cm.initPos, cm.spread.threads = off, cut, inits, spread
	cm.tm, cm.err = m.threadMap(*cfg)
	return cm
}

// instance returns newInstance(cfg), computed once per configuration.
func (tb *traceBuffers) instance(cfg Config) instance { return *tb.instanceOf(cfg) }

// instanceOf is instance as the memo's own copy, which the caller must not
// change: a pointer to a local copy would move it to the heap, request
// after request.
func (tb *traceBuffers) instanceOf(cfg Config) *instance {
	if !tb.cm.hasIn {
		tb.cm.in, tb.cm.hasIn = newInstance(cfg), true
	}
	return &tb.cm.in
}

func newTraceBuffers(prog Program, tm ThreadMap, threads int, arena *Arena) traceBuffers {
	var tb traceBuffers
	tb.reset(prog, &tm, threads, arena)
	return tb
}

// reset makes tb the empty buffers of a request of prog for threads
// threads, in place: traceBuffers holds both models' per-request programs,
// and building it as a value and copying it into the scratch's, request
// after request, cost more than clearing it where it is.
func (tb *traceBuffers) reset(prog Program, tm *ThreadMap, threads int, arena *Arena) {
	rec := prog.Recorded()
	n := rec * threads
	*tb = traceBuffers{recorded: rec}
	if arena != nil {
		tb.records, tb.addrs, tb.arena = arena.records.take(n), arena.addrs.take(n*int(tm.Count())), arena
		return
	}
	tb.records, tb.addrs = make([]Record, 0, n), make([]int64, 0, int64(n)*tm.Count())
}

// take returns the records appended since start, capped so that appending
// to one trace's records never overwrites the next trace's.
func (tb *traceBuffers) take(start int) []Record {
	return tb.records[start:len(tb.records):len(tb.records)]
}

// addRecord appends the record of op number index to the trace's records,
// with room for one address per access of the fragment carved from the
// trace's address array, and returns it to be filled in place: building a
// Record (136 bytes, most of them pointers) and copying it in costs more than
// computing its addresses.
func (tb *traceBuffers) addRecord(thread, index int, op Op, accessBytes layout.Bytes, count int) *Record {
	n := len(tb.addrs)
	if cap(tb.addrs)-n < count {
		tb.addrs = make([]int64, 0, count)
		n = 0
	}
	tb.addrs = tb.addrs[:n+count]
	tb.records = append(tb.records, Record{})
	rec := &tb.records[len(tb.records)-1]
	rec.Thread, rec.Op, rec.Kind, rec.AccessBytes = thread, index, op.RecordKind(), int64(accessBytes)
	rec.Addrs = tb.addrs[n : n : n+count]
	return rec
}

// takeValid carves room for count guards, as addRecord carves addresses.
func (tb *traceBuffers) takeValid(count int) []bool {
	n := len(tb.valid)
	if cap(tb.valid)-n < count {
		tb.valid = make([]bool, 0, count)
		n = 0
	}
	tb.valid = tb.valid[:n+count]
	return tb.valid[n : n : n+count]
}

// takeInexact returns n cleared flags for a record's Inexact, carved from
// the arena where the buffers have one, so that a record of a sub-byte
// element costs no allocation of its own on a sweep's hot path.
func (tb *traceBuffers) takeInexact(n int) []bool {
	if tb.arena == nil {
		return make([]bool, n)
	}
	s := tb.arena.valid.take(n)[:n]
	clear(s)
	return s
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
// resolution of the CAS tail.
func appendAtomicWords(words []int64, addr layout.Bytes, v layout.Elements, b int64, tailEnd layout.Bytes) []int64 {
	for e := int64(0); e < int64(v); e++ {
		// Element e spans bits [e·b, e·b + b) of the access.
		first := addr + layout.Bytes(e*b/8)
		last := addr + layout.Bytes((e*b+b-1)/8)
		lo, hi := floorWord(first), floorWord(last)
		if tailEnd > 0 && hi+4 > tailEnd {
			continue
		}
		for w := lo; w <= hi; w += 4 {
			if n := len(words); n > 0 && words[n-1] == int64(w) {
				continue
			}
			words = append(words, int64(w))
		}
	}
	return words
}

// floorWord rounds a byte address down to its aligned 4-byte word, toward
// minus infinity so that negative addresses get their enclosing word too.
func floorWord(addr layout.Bytes) layout.Bytes {
	w := addr / 4 * 4
	if w > addr {
		w -= 4
	}
	return w
}
