package copycxx

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/cxx"
	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// path is how the device round trip moves data (include/tilecheck_copy_gpu.h):
// the TiledCopy's source and destination memory.
type path int

const (
	globalToShared   path = iota // UniversalCopy and cp.async: global -> shared
	sharedToRegister             // ldmatrix: shared -> registers
	registerToShared             // stmatrix: registers -> shared
)

// An entry is one C++ struct describing a case to the harness; its body is
// its identity. Cases that differ only in their tensors' dynamic integers
// and extent render to the same body and share one compiled entry, called
// with their own integers.
type entry struct {
	body string
}

// rendered is a case as an entry and its dynamic integers, in v's order:
// the source layout's, the destination layout's, then the extent's two.
type rendered struct {
	entry entry
	vals  []int64
}

var (
	atomSyntax = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(<[A-Za-z0-9_, :]*>)?$`)
	typeSyntax = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// hostRuns says whether the atom executes on the host: the universal
// copies do; the rest are inline PTX, valid on the device alone.
func hostRuns(a tiledcopy.Atom) bool {
	for _, p := range []string{"UniversalCopy", "DefaultCopy", "AutoVectorizingCopy"} {
		if strings.HasPrefix(string(a), p) {
			return true
		}
	}
	return false
}

// pathOf is the device round trip's route for the atom.
func pathOf(a tiledcopy.Atom) path {
	switch s := string(a); {
	case strings.Contains(s, "_LDSM_"):
		return sharedToRegister
	case strings.Contains(s, "_STSM_"):
		return registerToShared
	default:
		return globalToShared
	}
}

type renderer struct {
	mode cxx.IntMode
	vals []int64
}

// leaf spells one integer: static as cute::Int<N>{}, else read from v.
// static forces it static; else the mode decides, AsMarked by its flag.
func (r *renderer) leaf(t cute.IntTuple, static bool) string {
	switch {
	case static || r.mode == cxx.AllStatic:
		static = true
	case r.mode == cxx.AllDynamic:
		static = false
	default:
		static = t.Static
	}
	if static {
		return fmt.Sprintf("cute::Int<%d>{}", t.Val)
	}
	r.vals = append(r.vals, t.Val)
	return fmt.Sprintf("v[%d]", len(r.vals)-1)
}

func (r *renderer) tuple(t cute.IntTuple, maker string, static bool) string {
	if !t.IsTuple() {
		return r.leaf(t, static)
	}
	parts := make([]string, len(t.Elems))
	for i, e := range t.Elems {
		parts[i] = r.tuple(e, maker, static)
	}
	return "cute::" + maker + "(" + strings.Join(parts, ", ") + ")"
}

// layout spells l; static forces every integer static (make_tiled_copy
// needs static thread and value layouts).
func (r *renderer) layout(l cute.Layout, static bool) string {
	return "cute::make_layout(" + r.tuple(l.Shape, "make_shape", static) + ", " + r.tuple(l.Stride, "make_stride", static) + ")"
}

func (r *renderer) tensor(t tiledcopy.Tensor) (string, error) {
	l := r.layout(t.Layout, false)
	if t.Swizzle == nil {
		return l, nil
	}
	if err := t.Swizzle.Check(); err != nil {
		return "", err
	}
	return fmt.Sprintf("cute::composition(cute::Swizzle<%d,%d,%d>{}, %s)", t.Swizzle.B, t.Swizzle.M, t.Swizzle.S, l), nil
}

// render spells c as an entry. The thread and value layouts are always
// static; the tensors' integers as mode says (AsMarked: static where
// marked, else read at run time); the extent is always read at run time.
// The element's width is checked against CuTe's (a static_assert naming
// it).
func render(c tiledcopy.Case, mode cxx.IntMode) (rendered, error) {
	if !atomSyntax.MatchString(string(c.Atom)) {
		return rendered{}, fmt.Errorf("atom %q is not a C++ type name", c.Atom)
	}
	if !typeSyntax.MatchString(c.Element.Name) {
		return rendered{}, fmt.Errorf("element %q is not a C++ type name", c.Element.Name)
	}
	if c.Extent != nil && len(c.Extent) != 2 {
		return rendered{}, fmt.Errorf("extent %v: want two integers (m, n)", c.Extent)
	}
	r := &renderer{mode: mode}
	thr, val := r.layout(c.Thr, true), r.layout(c.Val, true)
	src, err := r.tensor(c.Src)
	if err != nil {
		return rendered{}, fmt.Errorf("source swizzle: %w", err)
	}
	dst, err := r.tensor(c.Dst)
	if err != nil {
		return rendered{}, fmt.Errorf("destination swizzle: %w", err)
	}
	r.vals = append(r.vals, c.Extent...)
	for _, v := range r.vals {
		if v < cute.MinInt || v > cute.MaxInt {
			return rendered{}, fmt.Errorf("%d: %w", v, cute.ErrOverflow)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  using Value = %s;\n", elementType(c.Element.Name))
	fmt.Fprintf(&b, "  static_assert(cute::sizeof_bits_v<Value> == %d, \"element width: %s is not %d bits\");\n", c.Element.Bits, c.Element.Name, c.Element.Bits)
	fmt.Fprintf(&b, "  static constexpr bool extent = %t;\n", c.Extent != nil)
	fmt.Fprintf(&b, "  static constexpr bool run = %t;\n", hostRuns(c.Atom))
	fmt.Fprintf(&b, "  static constexpr int path = %d;\n", pathOf(c.Atom))
	fmt.Fprintf(&b, "  CUTE_HOST_DEVICE static auto tiled() { return cute::make_tiled_copy(cute::Copy_Atom<%s, Value>{}, %s, %s); }\n", c.Atom, thr, val)
	fmt.Fprintf(&b, "  CUTE_HOST_DEVICE static auto src([[maybe_unused]] int const* v) { return %s; }\n", src)
	fmt.Fprintf(&b, "  CUTE_HOST_DEVICE static auto dst([[maybe_unused]] int const* v) { return %s; }\n", dst)
	return rendered{entry: entry{body: b.String()}, vals: r.vals}, nil
}

// elementType is CuTe's spelling of an element: float and double as they
// are, the rest (half_t, bfloat16_t, uint8_t, uint4b_t, ...) in cute::.
func elementType(name string) string {
	if name == "float" || name == "double" {
		return name
	}
	return "cute::" + name
}

//go:embed include/tilecheck_copy.h
var hostHarness string

//go:embed include/tilecheck_copy_gpu.h
var gpuHarness string

// source is the translation unit of entries: the harness (the GPU one,
// which includes the host one's code, where gpu is set), then per entry k,
// after the directive naming it "tc_entry_<k>" for the compiler's
// diagnostics, its struct in a namespace that sees cute's names (so an
// atom reads as CuTe spells it: "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"),
// then the table of their runners and main.
func source(entries []entry, gpu bool) []byte {
	var b strings.Builder
	b.WriteString("#line 1 \"tilecheck_copy.h\"\n")
	b.WriteString(hostHarness)
	report := "report"
	if gpu {
		b.WriteString("#line 1 \"tilecheck_copy_gpu.h\"\n")
		b.WriteString(strings.Replace(gpuHarness, "#include \"tilecheck_copy.h\"\n", "", 1))
		report = "gpu_report"
	}
	for k, e := range entries {
		fmt.Fprintf(&b, "#line 1 \"tc_entry_%d\"\nnamespace tc_ns_%d {\nusing namespace cute;\nstruct C {\n%s};\n}  // namespace tc_ns_%d\n", k, k, e.body, k)
		fmt.Fprintf(&b, "void tc_run_%d(int const* v, int n) { tilecheck_copy::%s<tc_ns_%d::C>(v, n); }\n", k, report, k)
	}
	b.WriteString("#line 1 \"tc_main\"\nstatic tilecheck_copy::run_fn const tc_table[] = {\n")
	for k := range entries {
		fmt.Fprintf(&b, "  tc_run_%d,\n", k)
	}
	if len(entries) == 0 {
		b.WriteString("  nullptr,\n")
	}
	fmt.Fprintf(&b, "};\nint main() { return tilecheck_copy::serve(tc_table, %d); }\n", len(entries))
	return []byte(b.String())
}
