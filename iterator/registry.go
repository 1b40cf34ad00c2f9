package iterator

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// modelEntry is one model's registration: the model, its place in its
// list (the documented order: the reference, then CUTLASS's releases
// newest first; where two models match a tree equally, diff and the
// probe name the earlier) and whether it is an older release's model
// (Older) rather than a built-in (Builtins).
type modelEntry struct {
	model Model
	order int
	older bool
}

// modelEntries holds every registered model; each model's file registers
// it from init (registerModel).
var modelEntries []modelEntry

// registerModel adds m to Builtins (older false) or Older at place order.
// It panics on a name taken or a place taken in the same list, so a
// mistake fails every test.
func registerModel(m Model, order int, older bool) {
	for _, e := range modelEntries {
		if e.model.Name() == m.Name() || (e.older == older && e.order == order) {
			panic(fmt.Sprintf("model %s: name or place %d taken by %s", m.Name(), order, e.model.Name()))
		}
	}
	modelEntries = append(modelEntries, modelEntry{model: m, order: order, older: older})
}

// unregisterModel removes the model named name, for a test that
// registered a model of its own.
func unregisterModel(name string) {
	modelEntries = slices.DeleteFunc(modelEntries, func(e modelEntry) bool { return e.model.Name() == name })
}

// registeredModels lists the built-ins (older false) or the older
// releases' models in their order.
func registeredModels(older bool) []Model {
	var es []modelEntry
	for _, e := range modelEntries {
		if e.older == older {
			es = append(es, e)
		}
	}
	slices.SortFunc(es, func(a, b modelEntry) int { return cmp.Compare(a.order, b.order) })
	out := make([]Model, len(es))
	for i, e := range es {
		out[i] = e.model
	}
	return out
}

// Builtins lists the built-in models in their documented order.
func Builtins() []Model { return registeredModels(false) }

// Older lists the models of older CUTLASS releases that a user can name
// (--iterator) to compare a tree of that age with, beside Builtins, which
// the all-models matrix and the probe's renditions hold to.
func Older() []Model { return registeredModels(true) }

// ModelByName resolves a built-in model name, an older release's model or a
// control id (C-load-div…).
func ModelByName(name string) (Model, error) {
	named := append(Builtins(), Older()...)
	for _, m := range named {
		if m.Name() == name {
			return m, nil
		}
	}
	if KnownDefect(Defect(name)) {
		return Control(Defect(name)), nil
	}
	names := []string{}
	for _, m := range named {
		names = append(names, m.Name())
	}
	for _, d := range Defects() {
		names = append(names, string(d))
	}
	return nil, fmt.Errorf("unknown iterator model %q (want one of %s)", name, strings.Join(names, ", "))
}

// TraceThreads traces the given threads, in the order given. It validates
// the configuration once; the first error (an invalid configuration, a
// thread out of range, an unavailable path) ends it.
func TraceThreads(m Model, cfg Config, prog Program, threads []int) ([]ThreadTrace, error) {
	return TraceThreadsIn(nil, m, cfg, prog, threads)
}

// TraceThreadsIn is TraceThreads with the traces' memory carved from arena
// (nil: allocated): they are valid until the arena's next Reset.
func TraceThreadsIn(arena *Arena, m Model, cfg Config, prog Program, threads []int) ([]ThreadTrace, error) {
	var out []ThreadTrace
	if arena != nil {
		out = arena.traces.take(len(threads))
	} else {
		out = make([]ThreadTrace, 0, len(threads))
	}
	if rm, ok := m.(regularModel); ok {
		// The memo, the buffers' header (which escapes: traceMap is an
		// interface method) and the family iterators are large and live
		// only while the request is traced: an arena lends its own,
		// request after request; without one they come from a pool.
		var sc *requestScratch
		if arena != nil {
			sc = &arena.scratch
		} else {
			sc = scratchPool.Get().(*requestScratch)
			defer func() {
				sc.bufs = traceBuffers{} // the traces keep what it carved
				scratchPool.Put(sc)
			}()
		}
		cm := sc.memoFor(rm, &cfg)
		if cm.err != nil {
			return nil, cm.err
		}
		bufs := &sc.bufs
		if cfg.Class.Family() {
			*bufs = newFamilyBuffers(prog, &cm.cfg, &cm.tm, len(threads), arena)
		} else {
			bufs.reset(prog, &cm.tm, len(threads), arena)
		}
		bufs.cm, bufs.fam = cm, &sc.fam
		// The memo's copies of the configuration and map, not this
		// call's: a pointer to a local would move it to the heap.
		return rm.traceThreads(&cm.cfg, &cm.tm, prog, threads, bufs, out)
	}
	for _, t := range threads {
		tr, err := m.Trace(cfg, prog, t)
		if err != nil {
			return out, err
		}
		out = append(out, tr)
	}
	return out, nil
}

// AllThreads is 0..cfg.Threads−1.
func AllThreads(cfg Config) []int {
	ts := make([]int, max(cfg.Threads, 0))
	for i := range ts {
		ts[i] = i
	}
	return ts
}

// ThreadMapOf is the thread map model m instantiates for cfg: Validate(cfg),
// except for controls that swap the map (C-striped-head), which the
// thread-map audit (P-cover) must judge by the map they really use.
func ThreadMapOf(m Model, cfg Config) (ThreadMap, error) {
	if rm, ok := m.(regularModel); ok {
		return rm.threadMap(cfg)
	}
	return Validate(cfg)
}
