package iterator

import (
	"fmt"

	"github.com/tilecheck/tilecheck/layout"
)

// This file drives the family classes (RegularTileAccessIterator and
// the predicated iterators) through an op program. A request's threads share
// one geometry, worked out once, and one iterator of each kind, reset thread
// after thread (so a thread costs no allocation for its state or guards);
// their records, addresses and guards are carved from the request's buffers
// (an arena's, where the caller lends one). Each thread still runs its own
// program with the checked arithmetic, narrowings and truncations of the
// per-thread path: only where memory comes from differs.

// famScratch is one of each family iterator, with their arithmetic and
// geometry, reused thread after thread.
type famScratch struct {
	g   famGeom
	a   arith
	ref refPredicated
	cut cutlassPredicated
	rra refRegularAccess
	cra cutlassRegularAccess
}

// traceFamily traces one thread of a family class (Model.Trace).
// Every built-in model and every control calls it when cfg.Class is a
// family class (ClassInfo.Family):
//
//   - model is "reference" (the documented contract), "cutlass" (the
//     CUTLASS code as compiled; cutlass-pre3049 is the same for these classes)
//     or "cutlass-pre3.1" (before v3.1: the residue step unscaled);
//   - defect is "" for the plain model, or the control injected into the
//     reference model;
//   - cfg has already passed Validate; thread is in [0, cfg.Threads).
func traceFamily(model string, defect Defect, cfg Config, prog Program, thread int) (ThreadTrace, error) {
	kind := cfg.Map
	if defect == CStripedHead && kind == WarpStriped3131 {
		kind = WarpStriped
	}
	m, err := validateWithMap(cfg, kind)
	if err != nil {
		return ThreadTrace{Thread: thread}, err
	}
	bufs := newFamilyBuffers(prog, &cfg, &m, 1, nil)
	bufs.cm = &configMemo{}
	s := &famScratch{g: newFamGeom(cfg, m, thread)}
	return traceFamilyWith(s, model, defect, prog, thread, m.Init(thread), &bufs)
}

// traceFamilyThreads is traceThreads for the family classes: tm is the map
// the model's threadMap validated (the one traceFamily validates), bufs the
// request's buffers, sized by newFamilyBuffers.
func traceFamilyThreads(model string, defect Defect, cfg *Config, tm *ThreadMap, prog Program, threads []int, bufs *traceBuffers, out []ThreadTrace) ([]ThreadTrace, error) {
	s := bufs.fam
	if s == nil {
		s = new(famScratch)
	}
	s.g = newFamGeom(*cfg, *tm, 0)
	inits := bufs.cm.inits(tm, cfg.Threads, len(threads))
	for _, t := range threads {
		if err := checkThread(*cfg, t); err != nil {
			return out, err
		}
		tr, err := traceFamilyWith(s, model, defect, prog, t, initOf(inits, tm, t), bufs)
		if err != nil {
			return out, err
		}
		out = append(out, tr)
	}
	return out, nil
}

// newFamilyBuffers sizes a request's buffers for threads threads of prog:
// a pass of the predicated classes makes kAPV accesses per vector, and has
// a guard per access.
func newFamilyBuffers(prog Program, cfg *Config, tm *ThreadMap, threads int, arena *Arena) traceBuffers {
	rec := prog.Recorded()
	n := rec * threads
	count := int(tm.Count())
	if cfg.Class.Predicated() {
		count *= cfg.Access / cfg.ElemsPerAccessType()
	}
	if arena != nil {
		tb := traceBuffers{records: arena.records.take(n), addrs: arena.addrs.take(n * count), arena: arena, recorded: rec}
		if cfg.Class.Predicated() {
			tb.valid = arena.valid.take(n * count)
		}
		return tb
	}
	tb := traceBuffers{records: make([]Record, 0, n), addrs: make([]int64, 0, n*count), recorded: rec}
	if cfg.Class.Predicated() {
		tb.valid = make([]bool, 0, n*count)
	}
	return tb
}

// traceFamilyWith traces thread (initial offset init) with s's iterators,
// s.g holding the request's geometry.
func traceFamilyWith(s *famScratch, model string, defect Defect, prog Program, thread int, init layout.Coord, bufs *traceBuffers) (ThreadTrace, error) {
	s.g.thread = thread
	s.a = arith{}
	g, a := &s.g, &s.a
	var it famIter
	switch model {
	case "reference":
		if !g.cfg.Class.Predicated() {
			s.rra.reset(g, defect, a, init)
			it = &s.rra
		} else {
			s.ref.reset(g, defect, a, init)
			it = &s.ref
		}
	case "cutlass", "cutlass-pre3049", "cutlass-pre3.1":
		if defect != "" {
			return ThreadTrace{Thread: thread}, fmt.Errorf("defect %s is injected into the reference model only", defect)
		}
		if !g.cfg.Class.Predicated() {
			s.cra.reset(g, a, init)
			it = &s.cra
		} else {
			s.cut.reset(g, a, init)
			s.cut.pre31 = model == "cutlass-pre3.1"
			it = &s.cut
		}
	default:
		return ThreadTrace{Thread: thread}, fmt.Errorf("unknown family model %q", model)
	}
	if a.err != nil { // the configuration's own positions, before any op
		return ThreadTrace{Thread: thread}, a.err
	}
	start := len(bufs.records)
	err := runFamily(g, prog, a, it, defect, bufs)
	if err == nil {
		err = a.err
	}
	if err != nil {
		return ThreadTrace{Thread: thread}, err
	}
	var recs []Record
	if len(bufs.records) > start {
		recs = bufs.take(start)
	}
	return ThreadTrace{Thread: thread, Records: recs, Overflows: a.overflows, Inexact: a.inexact}, nil
}

// runFamily runs an op program on a family iterator, appending the records
// of its passes to bufs. Ops a class does not have are *UnavailableError: the
// access iterators have no load or store, and no class of the family has
// operator-- or load/store(frag, tile).
func runFamily(g *famGeom, prog Program, a *arith, it famIter, d Defect, bufs *traceBuffers) error {
	cls := g.cfg.Class.info() // Validate passed: a registered class
	for i, op := range prog {
		switch op.Kind {
		case Accesses, AccessesInc:
			famPass(g, it, i, op, 0, bufs)
		case Load, Store:
			if !cls.Fragments {
				return unavailable(g.cfg, op, "an access iterator has no load or store; use accesses()")
			}
			famPass(g, it, i, op, 0, bufs)
		case LoadPtr, StorePtr:
			if !cls.Fragments {
				return unavailable(g.cfg, op, "an access iterator has no load or store; use accesses()")
			}
			famPass(g, it, i, op, op.A, bufs)
		case LoadTile, StoreTile:
			return unavailable(g.cfg, op, "CUTLASS's class has no load/store(frag, tile_offset) overload")
		case AddPointerOffset:
			it.addPointerOffset(op.A)
		case AddTileOffset:
			it.addTileOffset(g.tileArg(op))
		case Inc:
			if !cls.IncMovesTile {
				it.step() // the access iterator's ++: the next access
				break
			}
			// PredicatedTileIterator::operator++ is add_tile_offset of one
			// tile along the advance rank (C-rank-swap: the other rank).
			rank := g.rank
			if d == CRankSwap {
				rank = 1 - rank
			}
			if rank == 1 {
				it.addTileOffset(layout.Coord{S: 1})
			} else {
				it.addTileOffset(layout.Coord{C: 1})
			}
		case Dec:
			return unavailable(g.cfg, op, "CUTLASS's class has no operator--")
		case ClearMask, EnableMask:
			if !cls.Predicated {
				return unavailable(g.cfg, op, "only the predicated classes have masks")
			}
			it.setMask(op.Kind == EnableMask)
		default:
			return unavailable(g.cfg, op, "unknown op")
		}
		if a.err != nil {
			return opError(i, op, a.err)
		}
	}
	return nil
}

// famPass is one pass over the tile's accesses with a pointer offset of n
// elements: the loop of PredicatedTileIterator::load_with_byte_offset (and of
// accesses()): set_iteration_index(idx), get(), valid(), ++. For the
// non-predicated access iterator the loop is set_iteration_index(i), get().
// accesses_inc() is the loop of a mainloop: set_iteration_index(0) once,
// then get(), valid() and ++ for every access, in every class.
// Guarded-off accesses keep their computed address with valid false.
func famPass(g *famGeom, it famIter, index int, op Op, n int64, bufs *traceBuffers) {
	count := it.count()
	rec := bufs.addRecord(g.thread, index, op, layout.Bytes(it.accessBytes()), int(count))
	pred := g.cfg.Class.Predicated()
	if pred {
		rec.Valid = bufs.takeValid(int(count))
	}
	it.beginPass(n)
	indexed := op.Kind != AccessesInc
	for idx := int64(0); idx < count; idx++ {
		if indexed || idx == 0 {
			it.setIndex(idx)
		}
		addr, exact := it.addr()
		rec.Addrs = append(rec.Addrs, addr)
		if pred {
			rec.Valid = append(rec.Valid, it.valid())
		}
		if !exact {
			if rec.Inexact == nil {
				rec.Inexact = make([]bool, count)
			}
			rec.Inexact[idx] = true
		}
		if pred || !indexed {
			it.step()
		}
	}
}
