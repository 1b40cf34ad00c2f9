package cxx

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/cute"
)

// IntMode says how a case's integers become C++.
type IntMode int

const (
	// AsMarked renders each integer as its Static flag says: cute::Int<N>
	// for a static one, a value read at run time for a dynamic one.
	AsMarked IntMode = iota
	// AllStatic renders every shape, stride, tiler and cotarget integer as
	// cute::Int<N>.
	AllStatic
	// AllDynamic renders every shape, stride, tiler and cotarget integer as
	// a run-time int.
	AllDynamic
)

// An entry is one C++ function: the case's operation on its operands, with
// each static integer spelled in the source and each dynamic one read from
// v[k]. The body is the entry's identity: cases of one structural profile
// (op, nesting, which integers are static and the static ones' values)
// render to the same body and share one compiled function, called with
// their own dynamic values.
type entry struct {
	body   string // the C++ expression computing the result from v
	vector bool   // the result is an integer (max_common_vector)
}

// rendered is a case as an entry and its dynamic values, in v's order.
type rendered struct {
	entry entry
	vals  []int64
}

type renderer struct {
	mode IntMode
	vals []int64
}

// leaf spells one integer: static as cute::Int<N>{}, dynamic as v[k].
func (r *renderer) leaf(t cute.IntTuple) string {
	static := t.Static
	switch r.mode {
	case AllStatic:
		static = true
	case AllDynamic:
		static = false
	}
	if static {
		return fmt.Sprintf("cute::Int<%d>{}", t.Val)
	}
	r.vals = append(r.vals, t.Val)
	return fmt.Sprintf("v[%d]", len(r.vals)-1)
}

// tuple spells an IntTuple with maker (make_shape, make_stride,
// make_tuple) at every level, leaves through leaf.
func (r *renderer) tuple(t cute.IntTuple, maker string, leaf func(cute.IntTuple) string) string {
	if !t.IsTuple() {
		return leaf(t)
	}
	parts := make([]string, len(t.Elems))
	for i, e := range t.Elems {
		parts[i] = r.tuple(e, maker, leaf)
	}
	return "cute::" + maker + "(" + strings.Join(parts, ", ") + ")"
}

func (r *renderer) layout(l cute.Layout) string {
	return "cute::make_layout(" + r.tuple(l.Shape, "make_shape", r.leaf) + ", " + r.tuple(l.Stride, "make_stride", r.leaf) + ")"
}

func (r *renderer) tile(ls []cute.Layout) string {
	parts := make([]string, len(ls))
	for i, l := range ls {
		parts[i] = r.layout(l)
	}
	return "cute::make_tile(" + strings.Join(parts, ", ") + ")"
}

// render spells c as an entry. Choices the Case leaves open:
//   - coalesce's target profile is spelled with cute::Int<1>{} at its
//     leaves: CuTe reads only its tree structure (coalesce applies
//     transform_layout at the profile's terminals), never its values;
//   - complement's cotarget, which has no Static flag, is static where
//     A is entirely static (AsMarked) or under AllStatic;
//   - the swizzle is always static, Swizzle<B,M,S> being a type.
func render(c cute.Case, mode IntMode) (rendered, error) {
	r := &renderer{mode: mode}
	a := r.layout(c.A)
	var expr string
	vector := false
	switch c.Op {
	case cute.OpCoalesce, cute.OpFilter, cute.OpRightInverse, cute.OpLeftInverse:
		expr = fmt.Sprintf("cute::%s(%s)", c.Op, a)
	case cute.OpCoalesceProfile:
		p := r.tuple(c.Profile, "make_tuple", func(cute.IntTuple) string { return "cute::Int<1>{}" })
		expr = fmt.Sprintf("cute::coalesce(%s, %s)", a, p)
	case cute.OpComposition, cute.OpLogicalDivide, cute.OpLogicalProduct, cute.OpBlockedProduct, cute.OpRakedProduct:
		expr = fmt.Sprintf("cute::%s(%s, %s)", c.Op, a, r.layout(c.B))
	case cute.OpMaxCommonVector:
		expr = fmt.Sprintf("cute::max_common_vector(%s, %s)", a, r.layout(c.B))
		vector = true
	case cute.OpCompositionTiler:
		expr = fmt.Sprintf("cute::composition(%s, %s)", a, r.tile(c.Tiler))
	case cute.OpLogicalDivideTile:
		expr = fmt.Sprintf("cute::logical_divide(%s, %s)", a, r.tile(c.Tiler))
	case cute.OpZippedDivide, cute.OpTiledDivide:
		expr = fmt.Sprintf("cute::%s(%s, %s)", c.Op, a, r.tile(c.Tiler))
	case cute.OpComplement:
		static := mode == AllStatic || (mode == AsMarked && c.A.IsStatic())
		expr = fmt.Sprintf("cute::complement(%s, %s)", a, r.leaf(cute.IntTuple{Val: c.Cotarget, Static: static}))
	case cute.OpSwizzle:
		if err := c.Sw.Check(); err != nil {
			return rendered{}, err
		}
		expr = fmt.Sprintf("cute::composition(cute::Swizzle<%d,%d,%d>{}, %s)", c.Sw.B, c.Sw.M, c.Sw.S, a)
	default:
		return rendered{}, fmt.Errorf("operation %q has no C++ rendering", c.Op)
	}
	for _, v := range r.vals {
		if v < cute.MinInt || v > cute.MaxInt {
			return rendered{}, fmt.Errorf("%d: %w", v, cute.ErrOverflow)
		}
	}
	return rendered{entry: entry{body: expr, vector: vector}, vals: r.vals}, nil
}

// writeEntry writes entry i's function, after the #line directive that
// names it in the compiler's diagnostics; the host and GPU units share it.
func writeEntry(b *strings.Builder, i int, e entry) {
	fmt.Fprintf(b, "#line 1 \"tc_entry_%d\"\n", i)
	fmt.Fprintf(b, "CUTE_HOST_DEVICE auto tc_build_%d([[maybe_unused]] int const* v) {\n  return %s;\n}\n", i, e.body)
}

//go:embed include/tilecheck_cute.h
var harness string

// source is a translation unit defining one function per entry, each
// after a #line directive naming it "tc_entry_<i>", so that the compiler's
// diagnostics (the "required from here" of an instantiation) name the entry
// they belong to; then a table of them and main.
func source(entries []entry) []byte {
	var b strings.Builder
	b.WriteString("#line 1 \"tilecheck_cute.h\"\n")
	b.WriteString(harness)
	for i, e := range entries {
		writeEntry(&b, i, e)
		if e.vector {
			fmt.Fprintf(&b, "void tc_run_%d(int const* v, long long) { tilecheck_cute::report_vector(tc_build_%d(v)); }\n", i, i)
		} else {
			fmt.Fprintf(&b, "void tc_run_%d(int const* v, long long cap) { tilecheck_cute::report(tc_build_%d(v), cap); }\n", i, i)
		}
	}
	b.WriteString("#line 1 \"tc_main\"\nstatic tilecheck_cute::run_fn const tc_table[] = {\n")
	for i := range entries {
		fmt.Fprintf(&b, "  tc_run_%d,\n", i)
	}
	if len(entries) == 0 {
		b.WriteString("  nullptr,\n")
	}
	fmt.Fprintf(&b, "};\nint main(int argc, char** argv) { return tilecheck_cute::serve(tc_table, %d, argc, argv); }\n", len(entries))
	return []byte(b.String())
}

//go:embed include/tilecheck_cute_gpu.h
var gpuHarness string

// gpuSource is the translation unit of the GPU mode: the same entry
// functions as source's, each run on the device by tc_dev and shown on the
// host by tc_show (include/tilecheck_cute_gpu.h says how).
func gpuSource(entries []entry) []byte {
	var b strings.Builder
	b.WriteString("#line 1 \"tilecheck_cute_gpu.h\"\n")
	b.WriteString(gpuHarness)
	for i, e := range entries {
		writeEntry(&b, i, e)
		fmt.Fprintf(&b, "using tc_result_%d = decltype(tc_build_%d(static_cast<int const*>(nullptr)));\n", i, i)
	}
	b.WriteString("#line 1 \"tc_main\"\n")
	b.WriteString("__device__ void tc_dev(int f, int const* v, unsigned char* slot, long long obj, long long cap) {\n  switch (f) {\n")
	for i, e := range entries {
		if e.vector {
			fmt.Fprintf(&b, "  case %d: tilecheck_cute::dev_report_vector(tc_build_%d(v), slot); break;\n", i, i)
		} else {
			fmt.Fprintf(&b, "  case %d: tilecheck_cute::dev_report(tc_build_%d(v), slot, obj, cap); break;\n", i, i)
		}
	}
	b.WriteString("  default: break;\n  }\n}\n")
	b.WriteString("void tc_show(int f, unsigned char const* slot, long long obj, long long cap) {\n  switch (f) {\n")
	for i, e := range entries {
		if e.vector {
			fmt.Fprintf(&b, "  case %d: tilecheck_cute::show_vector(slot); break;\n", i)
		} else {
			fmt.Fprintf(&b, "  case %d: tilecheck_cute::show<tc_result_%d>(slot, obj, cap); break;\n", i, i)
		}
	}
	b.WriteString("  default: break;\n  }\n}\n")
	b.WriteString("unsigned long long tc_obj_bytes() {\n  unsigned long long m = 8;\n")
	for i := range entries {
		fmt.Fprintf(&b, "  if (sizeof(tc_result_%d) > m) m = sizeof(tc_result_%d);\n", i, i)
	}
	fmt.Fprintf(&b, "  return m;\n}\nint main(int argc, char** argv) { return tilecheck_cute::serve(%d, argc, argv); }\n", len(entries))
	return []byte(b.String())
}
