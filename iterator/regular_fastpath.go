package iterator

import "github.com/tilecheck/tilecheck/layout"

// fastRegular is a RegularTileIterator model (reference and its controls,
// cutlass and cutlass-pre3049) with two ways to trace a thread: a fast path
// that evaluates a request's program, worked out once (P), as shifts of the
// thread's base, where that is provably exact; and the checked op-by-op
// path it falls back to and is tested against.
type fastRegular[P any] interface {
	// requestProgram works prog out for the request; ok is false where
	// the fast path cannot be proved exact for it.
	//
	// cfg, in and tm are pointers to the request's memo (read, never
	// written): the program is worked out once per request, and copying the
	// three structs into every call cost more than using them.
	requestProgram(bufs *traceBuffers, cfg *Config, in *instance, tm *ThreadMap, prog Program) (p P, ok bool)
	// traceFast traces one thread from its initial offset into *tr, which
	// must be the zero ThreadTrace; ok is false, *tr untouched, where this
	// thread needs the checked path. It fills the caller's slot, field by
	// field, instead of returning the trace: copying an 88-byte result out
	// of the call and again into the list cost as much as the addresses of
	// a small fragment, and so did assigning the whole struct (a typed copy
	// with the collector's barrier over every pointer in it).
	traceFast(p P, bufs *traceBuffers, cfg *Config, in *instance, init layout.Coord, prog Program, thread int, tr *ThreadTrace) bool
	traceChecked(cfg Config, in instance, tm ThreadMap, prog Program, thread int, bufs *traceBuffers) (ThreadTrace, error)
}

// traceMapFast is regularModel.traceMap for a fastRegular model.
func traceMapFast[P any, M fastRegular[P]](m M, cfg Config, tm ThreadMap, prog Program, thread int, bufs *traceBuffers) (ThreadTrace, error) {
	in := bufs.instanceOf(cfg)
	if p, ok := m.requestProgram(bufs, &cfg, in, &tm, prog); ok {
		var tr ThreadTrace
		if m.traceFast(p, bufs, &cfg, in, tm.Init(thread), prog, thread, &tr) {
			return tr, nil
		}
	}
	return m.traceChecked(cfg, *in, tm, prog, thread, bufs)
}

// traceThreadsFast is regularModel.traceThreads for a fastRegular model:
// the request's program is worked out once, before the loop.
func traceThreadsFast[P any, M fastRegular[P]](m M, cfg *Config, tm *ThreadMap, prog Program, threads []int, bufs *traceBuffers, out []ThreadTrace) ([]ThreadTrace, error) {
	in := bufs.instanceOf(*cfg)
	p, ok := m.requestProgram(bufs, cfg, in, tm, prog)
	inits := bufs.cm.inits(tm, cfg.Threads, len(threads))
	for _, t := range threads {
		if t < 0 || t >= cfg.Threads {
			return out, checkThread(*cfg, t)
		}
		if ok {
			out = append(out, ThreadTrace{})
			if m.traceFast(p, bufs, cfg, in, initOf(inits, tm, t), prog, t, &out[len(out)-1]) {
				continue
			}
			out = out[:len(out)-1]
		}
		tr, err := m.traceChecked(*cfg, *in, *tm, prog, t, bufs)
		if err != nil {
			return out, err
		}
		out = append(out, tr)
	}
	return out, nil
}
