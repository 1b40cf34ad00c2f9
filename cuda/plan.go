package cuda

import (
	"errors"
	"fmt"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
	"github.com/tilecheck/tilecheck/props"
)

// Case is one configuration and the op programs to run on it; gen lists
// them (gen.ProbeCases, gen.FamilyProbeCases).
type Case = gen.ProbeCase

// Limits on what one case may ask of a machine.
const (
	maxBufferBytes = 8 << 20 // one thread's buffer
	maxSlabBytes   = 4 << 30 // all buffers of one GPU launch
	// A host case whose buffer exceeds maxBufferBytes runs sparse (sparse.go):
	// at most maxSparseBytes of address space, maxWindows filled windows.
	maxSparseBytes = 1 << 40
	maxWindows     = 1 << 14
)

// NotInUserNamespace is the skip reason of a configuration whose thread map
// (the PR #3131 warp-striped arrangement) is tilecheck's own rendition, not a
// CUTLASS template: it is not generated for a user's namespace.
const NotInUserNamespace = "thread map warp-striped-3131 is tilecheck's rendition of CUTLASS PR #3131, not a template of your namespace: left out"

// PTXOnly is the skip reason of CUTLASS's PredicatedTileIterator on the
// host: its load and store go through cutlass::arch::global_load and
// global_store, inline PTX assembly that only nvcc builds (g++: "invalid
// 'asm'"). The GPU back end runs it.
const PTXOnly = "PredicatedTileIterator of your namespace loads and stores through inline PTX (cutlass::arch::global_load/global_store): GPU back end only"

// plannedCase is a Case made ready to generate: what each variant's Go model
// predicts, which (variant, program) pairs can run, and the buffer geometry.
type plannedCase struct {
	Index    int
	Config   iterator.Config
	Programs []iterator.Program
	// Avail[v][p] reports whether program p runs on variant v; Why says why not.
	Avail [][]bool
	Why   [][]string
	// RoundTrip[p]: program p is a store round trip (props.StoreRoundTrip):
	// its memory image is captured and P-roundtrip judges it.
	RoundTrip []bool
	// Expected[v][p][t] is the Go model's trace of variant v; Reference[p][t]
	// the reference model's.
	Expected  [][][]iterator.ThreadTrace
	Reference [][]iterator.ThreadTrace
	// Buffer geometry: N bytes per buffer, tensor at Off; fragment box bytes.
	N, Off, FragBox, AccessBytes, Count int64
	// PayloadBytes is what one access must move at least: the packed
	// Array<Element, V> inside the AccessType. CUTLASS's AlignedArray adds
	// only alignment padding, which a copy need not move (g++ copies the
	// 16 payload bytes of an AlignedArray<float, 4, 32>).
	PayloadBytes int64
	AllocBytes   int64
	// Windows: for a sparse host case, the [start, end) byte ranges of the
	// buffer that are mapped and filled (sparse.go); nil for a dense case.
	Windows []int64
	// declare, when >= 0, names a variant whose iterator type is declared
	// even though it runs nothing: attribution's check that the type itself
	// instantiates; -1 otherwise.
	declare int
}

// recordCap is the exact number of records the run can produce, plus the
// round trips' worst case (one run per byte stored).
func (pc *plannedCase) recordCap() int64 {
	var n int64
	t := int64(pc.Config.Threads)
	for v := range pc.Avail {
		for p, prog := range pc.Programs {
			if !pc.Avail[v][p] {
				continue
			}
			for _, op := range prog {
				if op.Records() {
					n += t * pc.Count
				}
			}
			if pc.RoundTrip[p] {
				n += t * pc.AccessBytes * pc.Count
			}
		}
	}
	return n
}

// alignOf is the C++ alignment of an AccessType of a bytes: its power-of-two
// part, at most 16 (cuda/include/tilecheck/core.h pow2_part).
func alignOf(a int64) int64 {
	for _, p := range []int64{16, 8, 4, 2} {
		if a%p == 0 {
			return p
		}
	}
	return 1
}

func roundUp(x, m int64) int64 { return (x + m - 1) / m * m }

// supported reports why a configuration cannot be probed, or "".
func supported(cfg iterator.Config) string {
	switch {
	case !cfg.Class.Info().CxxWrappers && cfg.Layout != layout.PitchLinear:
		return cfg.Class.String() + " through the " + cfg.Layout.String() + " wrapper has no C++ rendition (pitch-linear only)"
	case cfg.Atomic != "":
		return "atomic=" + cfg.Atomic + " has no C++ rendition yet"
	case cfg.Threads > 1024:
		return "more than 1024 threads do not fit one CUDA block"
	}
	return ""
}

// plan traces every variant's Go model on every program and thread, and
// decides what runs. It returns a skip reason for a case that cannot run.
func plan(index int, c Case, variants []Variant, strictAlign bool) (*plannedCase, string) {
	cfg := c.Config
	if why := supported(cfg); why != "" {
		return nil, why
	}
	for _, vr := range variants {
		switch {
		case vr.Rendition():
		case cfg.Map == iterator.WarpStriped3131:
			// The type would not exist in the user's namespace, and one
			// unknown template fails the whole translation unit.
			return nil, NotInUserNamespace
		case cfg.Class.Info().InlinePTX && !strictAlign:
			return nil, PTXOnly
		}
	}
	tm, err := iterator.Validate(cfg)
	if err != nil {
		return nil, err.Error()
	}
	ref, err := iterator.ModelByName("reference")
	if err != nil {
		return nil, err.Error()
	}
	pc := &plannedCase{Index: index, Config: cfg, Programs: c.Programs, declare: -1}
	pc.AccessBytes = int64(iterator.InstanceAccessBytes(cfg))
	pc.Count = tm.Count()
	pc.PayloadBytes = min(pc.AccessBytes, int64(layout.ArrayBytes(layout.Elements(cfg.Access), cfg.Elem.Bits)))
	frag := int64(iterator.FragmentBytes(cfg, tm))
	pc.FragBox = roundUp(max(frag, pc.AccessBytes*pc.Count), 16) + 16
	_, hi := iterator.Allocation(cfg, longestProgram(c.Programs))
	pc.AllocBytes = int64(hi)
	if cfg.Class.Family() {
		familyGeometry(pc, tm)
		pc.PayloadBytes = pc.AccessBytes
	}
	threads := iterator.AllThreads(cfg)

	pc.Reference = make([][]iterator.ThreadTrace, len(c.Programs))
	for p, prog := range c.Programs {
		tr, err := iterator.TraceThreads(ref, cfg, prog, threads)
		if err != nil {
			return nil, fmt.Sprintf("reference model: %v", err)
		}
		pc.Reference[p] = tr
	}
	lo, top := int64(0), pc.AllocBytes
	pc.Avail = make([][]bool, len(variants))
	pc.Why = make([][]string, len(variants))
	pc.Expected = make([][][]iterator.ThreadTrace, len(variants))
	for v, vr := range variants {
		pc.Avail[v] = make([]bool, len(c.Programs))
		pc.Why[v] = make([]string, len(c.Programs))
		pc.Expected[v] = make([][]iterator.ThreadTrace, len(c.Programs))
		m, err := iterator.ModelByName(vr.Model)
		if err != nil {
			return nil, err.Error()
		}
		for p, prog := range c.Programs {
			why := programSupported(cfg, prog)
			var tr []iterator.ThreadTrace
			if why == "" {
				tr, err = iterator.TraceThreads(m, cfg, prog, threads)
				switch {
				case errors.Is(err, iterator.ErrUnavailable):
					why = "unavailable: " + err.Error()
				case err != nil:
					why = "model error: " + err.Error()
				}
			}
			if why == "" {
				why = checkAligned(tr, pc.AccessBytes, strictAlign, &lo, &top)
			}
			pc.Why[v][p], pc.Avail[v][p], pc.Expected[v][p] = why, why == "", tr
		}
	}
	width := top - lo
	margin := roundUp(max(width, 1024), 256)
	pc.Off = roundUp(margin-lo, 256)
	pc.N = roundUp(pc.Off+top+margin, 256)
	if pc.N > maxBufferBytes {
		if strictAlign || pc.N > maxSparseBytes {
			return nil, fmt.Sprintf("buffer of %d bytes exceeds the probe's %d", pc.N, maxBufferBytes)
		}
		pc.N = roundUp(pc.N, pageBytes)
		pc.Windows = sparseWindows(pc)
		if len(pc.Windows)/2 > maxWindows {
			return nil, fmt.Sprintf("buffer of %d bytes exceeds the probe's %d and its accesses span %d pages", pc.N, maxBufferBytes, len(pc.Windows)/2)
		}
	}
	if slab := int64(len(variants)*len(c.Programs)*cfg.Threads) * pc.N; pc.Windows == nil && slab > maxSlabBytes {
		return nil, fmt.Sprintf("GPU slab of %d bytes exceeds %d", slab, int64(maxSlabBytes))
	}
	pc.RoundTrip = make([]bool, len(c.Programs))
	for p, prog := range c.Programs {
		pc.RoundTrip[p] = props.StoreRoundTrip(prog, pc.Reference[p])
	}
	return pc, ""
}

func longestProgram(progs []iterator.Program) iterator.Program {
	var all iterator.Program
	for _, p := range progs {
		all = append(all, p...)
	}
	return all
}

// programSupported rejects ops RegularTileIterator does not have; for the
// family classes the Go model says which ops a class lacks (unavailable).
func programSupported(cfg iterator.Config, prog iterator.Program) string {
	if cfg.Class.Family() {
		if storeBeforeRecord(prog) {
			return "a store before another recorded op would overwrite the bytes that recover its addresses"
		}
		return ""
	}
	for _, op := range prog {
		switch op.Kind {
		case iterator.Accesses, iterator.AccessesInc, iterator.ClearMask, iterator.EnableMask:
			return "op " + op.String() + " is not a RegularTileIterator member"
		}
	}
	return ""
}

// checkAligned widens [lo, top) to cover every access and, when strict (the
// GPU), rejects a program whose model predicts an access the AccessType's
// alignment forbids: a GPU faults on it instead of telling us its address.
// The host build (-O0, x86) moves such values with unaligned loads.
func checkAligned(traces []iterator.ThreadTrace, a int64, strict bool, lo, top *int64) string {
	al := alignOf(a)
	if !strict {
		al = 1
	}
	for _, tr := range traces {
		for _, r := range tr.Records {
			if r.Kind == "accesses" {
				continue // get() only computes the address: nothing is moved
			}
			for i, addr := range r.Addrs {
				if !validAt(r, i) {
					continue // guarded off: no memory is touched
				}
				if addr%al != 0 {
					return fmt.Sprintf("misaligned per model: thread %d op %d address %d is not a multiple of %d (would fault)", tr.Thread, r.Op, addr, al)
				}
				*lo = min(*lo, addr)
				*top = max(*top, addr+a)
			}
		}
	}
	return ""
}
