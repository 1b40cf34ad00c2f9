package cuda

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
)

// CutlassFamilyHeaders are the CUTLASS headers that declare the rest of the
// family, for --include DIR --namespace cutlass with family
// classes; CutlassHeaders stays what RegularTileIterator needs.
var CutlassFamilyHeaders = append(append([]string{}, CutlassHeaders...),
	"cutlass/transform/threadblock/regular_tile_access_iterator_pitch_linear.h",
	"cutlass/transform/threadblock/predicated_tile_access_iterator.h",
	"cutlass/transform/threadblock/predicated_tile_iterator.h",
)

// DefaultCutlassHeaders are the CUTLASS headers a run includes when the user
// names none. A host build leaves out predicated_tile_iterator.h: its
// PredicatedTileIterator is GPU-only there (PTXOnly), and the inline PTX of
// cutlass/arch/memory.h, which it includes, does not even parse under clang
// ("invalid output constraint '=h'").
func DefaultCutlassHeaders(backend string) []string {
	if backend == "gpu" {
		return CutlassFamilyHeaders
	}
	var out []string
	for _, h := range CutlassFamilyHeaders {
		if h != "cutlass/transform/threadblock/predicated_tile_iterator.h" {
			out = append(out, h)
		}
	}
	return out
}

// Op kinds as the harness reads them (probe_harness.h op_kind; wire_test.go
// holds the two to the same numbers).
const (
	opKindState     = 0 // moves the iterator, records nothing
	opKindLoad      = 1
	opKindStore     = 2
	opKindAccesses  = 3 // an accesses() pass recorded from get() and valid()
	opKindPredLoad  = 4 // a predicated load: the slots it left unchanged are guarded off
	opKindEndOfProg = -1
)

// opKindCode is op's kind code in the generated op_kind table.
func opKindCode(cfg iterator.Config, op iterator.Op) int {
	switch {
	case !op.Records():
		return opKindState
	case op.Kind == iterator.Accesses, op.Kind == iterator.AccessesInc:
		return opKindAccesses
	case op.RecordKind() == "store":
		return opKindStore
	case cfg.Class.Predicated():
		return opKindPredLoad
	}
	return opKindLoad
}

// constructorCall builds the iterator of thread `thread` on TensorRef r:
// (ref, thread) for the tile-shaped classes; the predicated classes take
// Params, the pointer, the tensor extent and the threadblock offset, as
// CUTLASS's constructors do.
func constructorCall(cfg iterator.Config) string {
	if !cfg.Class.Predicated() {
		return "It it(r, thread);"
	}
	ext := cfg.PitchExtent()
	return fmt.Sprintf("It it(typename It::Params(r.layout()), r.data(), typename It::TensorCoord(%d, %d), thread, typename It::TensorCoord(%d, %d));",
		ext.C, ext.S, cfg.TB[0], cfg.TB[1])
}

// familyPassThrough is what a load that is not the recorded op does in a
// class whose load walks the iterator (ClassInfo.LoadWalks,
// PredicatedTileIterator): its pass still moves the iterator (the ++ of
// each access, whose truncations need not cancel over a tile), so it runs, into
// a scratch fragment that leaves the recorded op's fragment bytes alone. A
// store is never passed through: plan refuses programs with a store before
// another recorded op (it would overwrite the bytes that recover it).
func familyPassThrough(cfg iterator.Config, op iterator.Op) string {
	if !cfg.Class.Info().LoadWalks || op.RecordKind() != "load" {
		return ""
	}
	return "{ alignas(16) typename It::Fragment scratch; " + opCallOn(op, "scratch") + " }"
}

// storeBeforeRecord reports a family program with a store followed by
// another recorded op, which the probe cannot run (see familyPassThrough).
func storeBeforeRecord(prog iterator.Program) bool {
	stored := false
	for _, op := range prog {
		if stored && op.Records() {
			return true
		}
		stored = stored || op.RecordKind() == "store"
	}
	return false
}

// fragmentDecl names the fragment bytes fb as the iterator's Fragment; the
// access iterators have none (their accesses() pass writes records to fb).
func fragmentDecl(cfg iterator.Config) string {
	if !cfg.Class.Info().Fragments {
		return "(void)fb; (void)target;"
	}
	return "typename It::Fragment& f = *reinterpret_cast<typename It::Fragment*>(fb);\n    (void)f; (void)target;"
}

// accessPass is one accesses() pass written to out (a long long pair per
// access: address from ref.data(), valid) or, with out "0", only made: the
// loop of the family classes, set_iteration_index and get() (and valid() and ++ for
// the predicated classes).
func accessPass(cfg iterator.Config, op iterator.Op, out string) string {
	pred := "false"
	if cfg.Class.Predicated() {
		pred = "true"
	}
	indexed := "true"
	if op.Kind == iterator.AccessesInc {
		indexed = "false"
	}
	return fmt.Sprintf("tilecheck_probe::access_pass<%s, %s>(it, r.data(), %s, kCount);", pred, indexed, out)
}

// caseIteratorType is the iterator a case instantiates in namespace ns.
func caseIteratorType(cfg iterator.Config, ns string) string {
	if cfg.Class.Info().AccessArg == iterator.AlignmentArg {
		return iteratorType(cfg, ns)
	}
	return familyIteratorType(cfg, ns)
}

// familyIteratorType spells the family class with CUTLASS's template
// signature (pitch-linear only):
// RegularTileAccessIterator<Shape, Element, Layout, AdvanceRank, ThreadMap>,
// PredicatedTileAccessIterator<..., ThreadMap, AccessType> with AccessType
// AlignedArray<Element, access_elems, access_elems·B/8>, and
// PredicatedTileIterator<..., ThreadMap, AccessSize = access_elems>.
func familyIteratorType(cfg iterator.Config, ns string) string {
	shape, tm := threadMapType(cfg, ns)
	el := elemType(cfg.Elem, ns)
	head := fmt.Sprintf("%s::transform::threadblock::%s<%s, %s, %s::layout::PitchLinear, %d, %s", ns, cfg.Class, shape, el, ns, cfg.PitchAdv(), tm)
	ae := cfg.ElemsPerAccessType()
	switch cfg.Class.Info().AccessArg {
	case iterator.AccessTypeArg:
		// The alignment a CUTLASS user would write: the access's bytes, or
		// their power-of-two part (alignas needs a power of two; a 6-bit
		// vector of 4 is 3 bytes).
		return fmt.Sprintf("%s, %s::AlignedArray<%s, %d, %d>>", head, ns, el, ae, alignOf(max(int64(ae*cfg.Elem.Bits/8), 1)))
	case iterator.AccessSizeArg:
		return fmt.Sprintf("%s, %d>", head, ae)
	}
	return head + ">"
}
