package cuda

import (
	"fmt"
	"io"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// Headers lists what a translation unit includes for the iterators: the
// project's renditions always (controls and identity copy live there), plus
// a user's headers for --namespace.
var renditionHeader = "tilecheck/renditions.h"

// CutlassHeaders are the CUTLASS headers that declare RegularTileIterator and
// the pitch-linear thread maps, for --include DIR --namespace cutlass.
var CutlassHeaders = []string{
	"cutlass/cutlass.h",
	"cutlass/numeric_types.h",
	"cutlass/matrix_shape.h",
	"cutlass/tensor_ref.h",
	"cutlass/layout/pitch_linear.h",
	"cutlass/layout/matrix.h",
	"cutlass/transform/pitch_linear_thread_map.h",
	"cutlass/transform/threadblock/regular_tile_iterator_pitch_linear.h",
}

// hostPrelude is what a host build of a user's headers includes first.
const hostPrelude = "tilecheck/host_prelude.h"

// elemType is the C++ element type of a configuration in namespace ns.
func elemType(e layout.Elem, ns string) string {
	byName := map[string]string{
		"f64": "double", "f32": "float", "tf32": ns + "::tfloat32_t", "f16": ns + "::half_t", "bf16": ns + "::bfloat16_t",
		"s8": "int8_t", "u8": "uint8_t", "e4m3": ns + "::float_e4m3_t", "e5m2": ns + "::float_e5m2_t",
		"e3m2": ns + "::float_e3m2_t", "e2m3": ns + "::float_e2m3_t",
		"s4": ns + "::int4b_t", "u4": ns + "::uint4b_t", "s2": ns + "::int2b_t", "u2": ns + "::uint2b_t", "b1": ns + "::uint1b_t",
	}
	if t, ok := byName[e.Name]; ok {
		return t
	}
	byBits := map[int]string{1: ns + "::uint1b_t", 2: ns + "::uint2b_t", 4: ns + "::uint4b_t", 6: ns + "::float_e3m2_t",
		8: "uint8_t", 16: ns + "::half_t", 32: "float", 64: "double"}
	return byBits[e.Bits]
}

// iteratorType spells NS::transform::threadblock::RegularTileIterator<...>
// for a configuration, exactly as CUTLASS code would.
func iteratorType(cfg iterator.Config, ns string) string {
	plShape, tm := threadMapType(cfg, ns)
	shape, lay := plShape, ns+"::layout::PitchLinear"
	switch cfg.Layout {
	case layout.RowMajor:
		shape, lay = fmt.Sprintf("%s::MatrixShape<%d, %d>", ns, cfg.Shape[0], cfg.Shape[1]), ns+"::layout::RowMajor"
	case layout.ColumnMajor:
		shape, lay = fmt.Sprintf("%s::MatrixShape<%d, %d>", ns, cfg.Shape[0], cfg.Shape[1]), ns+"::layout::ColumnMajor"
	}
	align := ""
	if cfg.Align != 0 {
		align = fmt.Sprintf(", %d", cfg.Align)
	}
	return fmt.Sprintf("%s::transform::threadblock::RegularTileIterator<%s, %s, %s, %d, %s%s>", ns, shape, elemType(cfg.Elem, ns), lay, cfg.Adv, tm, align)
}

// threadMapType spells the pitch-linear tile shape and the thread map.
func threadMapType(cfg iterator.Config, ns string) (plShape, tm string) {
	ps := cfg.PitchShape()
	plShape = fmt.Sprintf("%s::layout::PitchLinearShape<%d, %d>", ns, ps.C, ps.S)
	switch cfg.Map {
	case iterator.Stripmined:
		tm = fmt.Sprintf("%s::transform::PitchLinearStripminedThreadMap<%s, %d, %d>", ns, plShape, cfg.Threads, cfg.Access)
	default:
		name := map[iterator.MapKind]string{
			iterator.WarpRaked:       "PitchLinearWarpRakedThreadMap",
			iterator.WarpStriped:     "PitchLinearWarpStripedThreadMap",
			iterator.WarpStriped3131: "PitchLinearWarpStripedThreadMap3131",
		}[cfg.Map]
		tm = fmt.Sprintf("%s::transform::%s<%s, %d, %s::layout::PitchLinearShape<%d, %d>, %d>", ns, name, plShape, cfg.Threads, ns, cfg.Warp[0], cfg.Warp[1], cfg.Access)
	}
	return plShape, tm
}

// opCall is the C++ statement for one op on iterator `it`, fragment `f`.
func opCall(op iterator.Op) string { return opCallOn(op, "f") }

// opCallOn is opCall with fragment frag. Every op goes through its
// out-of-line wrapper in probe_harness.h (TC_NOINLINE says why).
func opCallOn(op iterator.Op, frag string) string {
	coord := fmt.Sprintf("typename It::TensorCoord(%d, %d)", op.A, op.B)
	call := func(name string, args ...string) string {
		return "tilecheck_probe::" + name + "(" + strings.Join(append([]string{"it"}, args...), ", ") + ");"
	}
	switch op.Kind {
	case iterator.Load:
		return call("op_load", frag)
	case iterator.Store:
		return call("op_store", frag)
	case iterator.LoadTile:
		return call("op_load_tile", frag, coord)
	case iterator.StoreTile:
		return call("op_store_tile", frag, coord)
	case iterator.LoadPtr:
		return call("op_load_ptr", frag, fmt.Sprintf("typename It::Index(%d)", op.A))
	case iterator.StorePtr:
		return call("op_store_ptr", frag, fmt.Sprintf("typename It::Index(%d)", op.A))
	case iterator.AddTileOffset:
		return call("op_add_tile_offset", coord)
	case iterator.AddPointerOffset:
		return call("op_add_pointer_offset", fmt.Sprintf("typename It::LongIndex(%dLL)", op.A))
	case iterator.Inc:
		return call("op_inc")
	case iterator.Dec:
		return call("op_dec")
	case iterator.ClearMask:
		return call("op_clear_mask")
	case iterator.EnableMask:
		return call("op_enable_mask")
	}
	return "/* unsupported op */"
}

// writeCase emits one case: its Case struct, variant types and programs.
// local is the case's position in its translation unit: the generated text
// does not depend on other units, so the build cache survives preset changes.
func writeCase(w *unitWriter, pc *plannedCase, local int, variants []Variant) {
	cfg := pc.Config
	fmt.Fprintf(w, "\n// case %d: %s\nnamespace tc_case_%d {\nstruct Case {\n", local, cfg, local)
	fmt.Fprintf(w, "  static constexpr int kThreads = %d, kPrograms = %d, kVariants = %d;\n", cfg.Threads, len(pc.Programs), len(variants))
	fmt.Fprintf(w, "  static constexpr long long kN = %d, kOff = %d, kStride = %d;\n", pc.N, pc.Off, cfg.Pitch())
	fmt.Fprintf(w, "  static constexpr int kFragBox = %d, kAccessBytes = %d, kPayloadBytes = %d, kCount = %d;\n", pc.FragBox, pc.AccessBytes, pc.PayloadBytes, pc.Count)
	writeWindows(w, pc)
	fmt.Fprintf(w, "  template <int V> struct Var;\n")
	// op_kind
	fmt.Fprintf(w, "  TC_HD static int op_kind(int p, int o) {\n    switch (p) {\n")
	for p, prog := range pc.Programs {
		fmt.Fprintf(w, "    case %d: switch (o) {", p)
		for i, op := range prog {
			k := opKindCode(cfg, op)
			if k != opKindState {
				fmt.Fprintf(w, " case %d: return %d;", i, k)
			}
		}
		fmt.Fprintf(w, " default: return o < %d ? %d : %d; }\n", len(prog), opKindState, opKindEndOfProg)
	}
	fmt.Fprintf(w, "    }\n    return %d;\n  }\n", opKindEndOfProg)
	// available
	fmt.Fprintf(w, "  TC_HD static constexpr bool available(int v, int p) {\n    return true")
	for v := range variants {
		for p := range pc.Programs {
			if !pc.Avail[v][p] {
				fmt.Fprintf(w, " && !(v == %d && p == %d)", v, p)
			}
		}
	}
	fmt.Fprintf(w, ";\n  }\n")
	// runs(v): variant v runs some program here. A variant that runs none
	// is not instantiated at all (its type may not even exist: a class
	// the user's headers lack), and its It is a placeholder.
	fmt.Fprintf(w, "  TC_HD static constexpr bool runs(int v) {\n    return false")
	for v := range variants {
		if variantRuns(pc, v) {
			fmt.Fprintf(w, " || v == %d", v)
		}
	}
	fmt.Fprintf(w, ";\n  }\n")
	fmt.Fprintf(w, "  TC_HD static constexpr bool round_trip(int p) {\n    return false")
	for p := range pc.Programs {
		if pc.RoundTrip[p] {
			fmt.Fprintf(w, " || p == %d", p)
		}
	}
	fmt.Fprintf(w, ";\n  }\n")
	fmt.Fprintf(w, "  template <class It> TC_HD static typename It::TensorRef ref(unsigned char* p) {\n")
	fmt.Fprintf(w, "    return typename It::TensorRef(reinterpret_cast<typename It::Element*>(p), typename It::Layout(kStride));\n  }\n")
	// run
	fmt.Fprintf(w, "  template <int V, class It> TC_HD TC_NOINLINE static void run(int p, typename It::TensorRef r, int thread, int target, unsigned char* fb) {\n")
	fmt.Fprintf(w, "    %s\n    %s\n    switch (p) {\n", constructorCall(cfg), fragmentDecl(cfg))
	for p, prog := range pc.Programs {
		first := w.line
		fmt.Fprintf(w, "    case %d: // %s\n      if constexpr (available(V, %d)) {\n", p, prog, p)
		for i, op := range prog {
			switch {
			case op.Kind == iterator.Accesses, op.Kind == iterator.AccessesInc:
				fmt.Fprintf(w, "        if (target == %d) { %s return; }\n        %s\n", i, accessPass(cfg, op, "fb"), accessPass(cfg, op, "0"))
			case op.Records():
				fmt.Fprintf(w, "        if (target == %d) { %s return; }\n", i, opCall(op))
				if pass := familyPassThrough(cfg, op); pass != "" {
					fmt.Fprintf(w, "        %s\n", pass)
				}
			default:
				fmt.Fprintf(w, "        %s\n", opCall(op))
			}
		}
		fmt.Fprintf(w, "      }\n      return;\n")
		w.spans = append(w.spans, programSpan{Case: local, Program: p, First: first, Last: w.line - 1})
	}
	fmt.Fprintf(w, "    }\n  }\n};\n")
	for v, vr := range variants {
		it := caseIteratorType(cfg, vr.Namespace)
		if !variantRuns(pc, v) && pc.declare != v {
			it = "void"
		}
		fmt.Fprintf(w, "template <> struct Case::Var<%d> { typedef %s It; };\n", v, it)
	}
	fmt.Fprintf(w, "}  // namespace tc_case_%d\n", local)
}

// variantRuns reports whether variant v runs any program of the case.
func variantRuns(pc *plannedCase, v int) bool {
	for _, ok := range pc.Avail[v] {
		if ok {
			return true
		}
	}
	return false
}

// Generate writes one translation unit for the cases: compiled with g++ it
// runs them on the host, compiled with nvcc (as a .cu file) on the GPU. Its
// records number the cases by their position in cases.
func Generate(w io.Writer, cases []*plannedCase, variants []Variant, headers []string) {
	generateUnit(w, cases, variants, headers)
}

// generateUnit is Generate, returning where each case's programs lie in the
// unit, so that a compiler's diagnostics can name the programs they are in.
func generateUnit(out io.Writer, cases []*plannedCase, variants []Variant, headers []string) []programSpan {
	w := &unitWriter{w: out, line: 1}
	fmt.Fprintf(w, "// Generated by tilecheck (package cuda). Do not edit.\n")
	if len(headers) > 0 {
		// A host build of a user's CUTLASS needs what nvcc declares
		// implicitly (host_prelude.h says what); nvcc builds skip it.
		fmt.Fprintf(w, "#include %q\n", hostPrelude)
	}
	for _, h := range headers {
		fmt.Fprintf(w, "#include %q\n", h)
	}
	fmt.Fprintf(w, "#include %q\n", renditionHeader)
	fmt.Fprintf(w, "#if defined(__CUDACC__)\n#include \"tilecheck/device_driver.cuh\"\n#else\n#include \"tilecheck/host_driver.h\"\n#endif\n")
	fmt.Fprintf(w, "// variants:")
	for v, vr := range variants {
		fmt.Fprintf(w, " %d=%s(%s)", v, vr.Label(), vr.Namespace)
	}
	fmt.Fprintln(w)
	var capacity int64 = 16
	for i, pc := range cases {
		writeCase(w, pc, i, variants)
		capacity += pc.recordCap()
	}
	var calls strings.Builder
	for i := range cases {
		fmt.Fprintf(&calls, "  CASE_RUN(tc_case_%d::Case, %d);\n", i, i)
	}
	fmt.Fprintf(w, `
int main() {
  using namespace tilecheck_probe;
  const unsigned long long cap = %dULL;
#if defined(__CUDACC__)
  print_device();
  Record* drecs = 0;
  Sink* dsink = 0;
  TILECHECK_CUDA(cudaMalloc(&drecs, cap * sizeof(Record)));
  TILECHECK_CUDA(cudaMalloc(&dsink, sizeof(Sink)));
  Sink hs = {drecs, cap, 0};
  TILECHECK_CUDA(cudaMemcpy(dsink, &hs, sizeof(Sink), cudaMemcpyHostToDevice));
#define CASE_RUN(C, K) gpu_case<C>(K, dsink)
%s#undef CASE_RUN
  TILECHECK_CUDA(cudaMemcpy(&hs, dsink, sizeof(Sink), cudaMemcpyDeviceToHost));
  unsigned long long kept = hs.reserved < cap ? hs.reserved : cap;
  Record* recs = static_cast<Record*>(std::malloc(kept * sizeof(Record) + 1));
  TILECHECK_CUDA(cudaMemcpy(recs, drecs, kept * sizeof(Record), cudaMemcpyDeviceToHost));
  print_records(recs, hs.reserved, cap);
#else
  std::vector<Record> recs((size_t)cap);
  Sink sink = {recs.data(), cap, 0};
#define CASE_RUN(C, K) host_case<C>(K, &sink)
%s#undef CASE_RUN
  print_records(recs.data(), sink.reserved, cap);
#endif
  return 0;
}
`, capacity, calls.String(), calls.String())
	return w.spans
}

// writeWindows emits kSparse and, for a sparse host case, its windows as
// start, end pairs of buffer offsets (sparse.go).
func writeWindows(w io.Writer, pc *plannedCase) {
	if pc.Windows == nil {
		fmt.Fprintf(w, "  static constexpr bool kSparse = false;\n")
		return
	}
	fmt.Fprintf(w, "  static constexpr bool kSparse = true;\n  static constexpr int kWindowCount = %d;\n  static constexpr long long kWindows[] = {", len(pc.Windows)/2)
	for i, x := range pc.Windows {
		if i > 0 {
			fmt.Fprint(w, ", ")
		}
		fmt.Fprint(w, x)
	}
	fmt.Fprintf(w, "};\n")
}
