package cute

import (
	"fmt"
	"strconv"
	"strings"
)

// Op names one operation of the layout algebra, as CuTe spells it.
type Op string

// The operations. The by-tiler forms take a tuple of layouts, one per mode
// of A (CuTe's Tiler); the others take one layout B.
const (
	OpCoalesce          Op = "coalesce"             // coalesce(A)
	OpCoalesceProfile   Op = "coalesce_profile"     // coalesce(A, Profile): by mode
	OpFilter            Op = "filter"               // filter(A)
	OpComposition       Op = "composition"          // composition(A, B)
	OpCompositionTiler  Op = "composition_tiler"    // composition(A, Tiler)
	OpComplement        Op = "complement"           // complement(A, Cotarget)
	OpLogicalDivide     Op = "logical_divide"       // logical_divide(A, B)
	OpLogicalDivideTile Op = "logical_divide_tiler" // logical_divide(A, Tiler)
	OpZippedDivide      Op = "zipped_divide"        // zipped_divide(A, Tiler)
	OpTiledDivide       Op = "tiled_divide"         // tiled_divide(A, Tiler)
	OpLogicalProduct    Op = "logical_product"      // logical_product(A, B)
	OpBlockedProduct    Op = "blocked_product"      // blocked_product(A, B)
	OpRakedProduct      Op = "raked_product"        // raked_product(A, B)
	OpRightInverse      Op = "right_inverse"        // right_inverse(A)
	OpLeftInverse       Op = "left_inverse"         // left_inverse(A)
	OpMaxCommonVector   Op = "max_common_vector"    // max_common_vector(A, B)
	OpSwizzle           Op = "swizzle"              // composition(Sw, A): i -> Sw(A(i))
)

// Ops lists every operation in a fixed order.
var Ops = []Op{
	OpCoalesce, OpCoalesceProfile, OpFilter, OpComposition, OpCompositionTiler,
	OpComplement, OpLogicalDivide, OpLogicalDivideTile, OpZippedDivide, OpTiledDivide,
	OpLogicalProduct, OpBlockedProduct, OpRakedProduct, OpRightInverse, OpLeftInverse,
	OpMaxCommonVector, OpSwizzle,
}

// Operands says which operands op reads besides A.
func (op Op) Operands() (b, tiler, profile, cotarget, sw bool) {
	switch op {
	case OpComposition, OpLogicalDivide, OpLogicalProduct, OpBlockedProduct, OpRakedProduct, OpMaxCommonVector:
		b = true
	case OpCompositionTiler, OpLogicalDivideTile, OpZippedDivide, OpTiledDivide:
		tiler = true
	case OpCoalesceProfile:
		profile = true
	case OpComplement:
		cotarget = true
	case OpSwizzle:
		sw = true
	}
	return
}

// ParseOp reads an operation's name.
func ParseOp(s string) (Op, error) {
	for _, op := range Ops {
		if string(op) == s {
			return op, nil
		}
	}
	names := make([]string, len(Ops))
	for i, op := range Ops {
		names[i] = string(op)
	}
	return "", fmt.Errorf("unknown operation %q (want one of %s)", s, strings.Join(names, ", "))
}

// Case is one operation and its operands: the unit a source answers and a
// property judges.
type Case struct {
	Op       Op
	A        Layout
	B        Layout   // the second layout, where Op takes one
	Tiler    []Layout // the tiler's modes, where Op takes a tiler
	Profile  IntTuple // coalesce's target profile
	Cotarget int64    // complement's bound on the codomain
	Sw       Swizzle  // the swizzle composed with A
}

// String writes c in the form ParseCase reads: "op=composition
// A=(4,6,8):(2,3,5) B=6:3". It is how a case is named in reports and
// replayed on the command line.
func (c Case) String() string {
	b := make([]byte, 0, 96)
	b = append(append(append(b, "op="...), c.Op...), " A="...)
	b = c.A.appendTo(b)
	hasB, tiler, profile, cotarget, sw := c.Op.Operands()
	switch {
	case hasB:
		b = c.B.appendTo(append(b, " B="...))
	case tiler:
		b = append(b, " T=["...)
		for i, l := range c.Tiler {
			if i > 0 {
				b = append(b, ';')
			}
			b = l.appendTo(b)
		}
		b = append(b, ']')
	case profile:
		b = c.Profile.appendTo(append(b, " P="...))
	case cotarget:
		b = strconv.AppendInt(append(b, " M="...), c.Cotarget, 10)
	case sw:
		b = c.Sw.appendTo(append(b, " S="...))
	}
	return string(b)
}

// ParseCase reads what Case.String writes. Each operand the operation needs
// must be given, and no other.
func ParseCase(s string) (Case, error) {
	fields := map[string]string{}
	for _, f := range strings.Fields(s) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return Case{}, fmt.Errorf("case %q: %q is not key=value", s, f)
		}
		if _, dup := fields[k]; dup {
			return Case{}, fmt.Errorf("case %q: %s given twice", s, k)
		}
		fields[k] = v
	}
	var c Case
	var err error
	if c.Op, err = ParseOp(fields["op"]); err != nil {
		return Case{}, fmt.Errorf("case %q: %w", s, err)
	}
	want := map[string]bool{"op": true, "A": true}
	hasB, tiler, profile, cotarget, sw := c.Op.Operands()
	want["B"], want["T"], want["P"], want["M"], want["S"] = hasB, tiler, profile, cotarget, sw
	for k := range fields {
		if !want[k] {
			return Case{}, fmt.Errorf("case %q: %s does not take %s", s, c.Op, k)
		}
	}
	for k, need := range want {
		if _, ok := fields[k]; need && !ok {
			return Case{}, fmt.Errorf("case %q: %s needs %s", s, c.Op, k)
		}
	}
	if c.A, err = ParseLayout(fields["A"]); err != nil {
		return Case{}, fmt.Errorf("case %q: A: %w", s, err)
	}
	switch {
	case hasB:
		c.B, err = ParseLayout(fields["B"])
	case tiler:
		c.Tiler, err = parseTiler(fields["T"])
	case profile:
		c.Profile, err = ParseIntTuple(fields["P"])
	case cotarget:
		c.Cotarget, err = strconv.ParseInt(fields["M"], 10, 64)
		if err != nil {
			// strconv's own words ("invalid syntax") do not say what M is.
			err = fmt.Errorf("cotarget M=%s: want a decimal integer, as in M=24", fields["M"])
		} else if c.Cotarget <= 0 || !fits(c.Cotarget) {
			err = fmt.Errorf("cotarget %d: want 1..%d", c.Cotarget, MaxInt)
		}
	case sw:
		c.Sw, err = ParseSwizzle(fields["S"])
	}
	if err != nil {
		return Case{}, fmt.Errorf("case %q: %w", s, err)
	}
	return c, nil
}

func parseTiler(s string) ([]Layout, error) {
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") || len(s) < 3 {
		return nil, fmt.Errorf("tiler %q: want [L0;L1;...]", s)
	}
	var out []Layout
	for _, p := range strings.Split(s[1:len(s)-1], ";") {
		l, err := ParseLayout(p)
		if err != nil {
			return nil, fmt.Errorf("tiler: %w", err)
		}
		out = append(out, l)
	}
	return out, nil
}

// Answer is what a source gave for a case: the trace a property judges.
type Answer struct {
	// Rejected, when not empty, says the source refused the case: the
	// model's precondition, or C++'s static_assert or failed build.
	Rejected string
	Layout   Layout   // the result, for every op but max_common_vector and swizzle
	Swizzled Swizzled // the result of OpSwizzle
	Vector   int64    // the result of OpMaxCommonVector
	// Values are the result's offsets at indices 0, 1, ..., as the source
	// itself computed them (CuTe's operator() in C++), up to a cap on the
	// domain's size; Truncated says the cap cut them short.
	Values    []int64
	Truncated bool
}

// WithStatic is c with every integer of its layouts, tiler and profile
// static (s true) or dynamic: the same case, spelled for CuTe's
// compile-time or run-time path.
func (c Case) WithStatic(s bool) Case {
	out := c
	out.A = c.A.WithStatic(s)
	out.B = c.B.WithStatic(s)
	if len(c.Tiler) > 0 {
		out.Tiler = make([]Layout, len(c.Tiler))
		for i, t := range c.Tiler {
			out.Tiler[i] = t.WithStatic(s)
		}
	}
	out.Profile = c.Profile.WithStatic(s)
	return out
}

// IsStatic says whether every integer of c's operands is static: the case
// takes CuTe's compile-time path.
func (c Case) IsStatic() bool {
	if !c.A.IsStatic() {
		return false
	}
	hasB, tiler, _, _, _ := c.Op.Operands()
	if hasB && !c.B.IsStatic() {
		return false
	}
	if tiler {
		for _, t := range c.Tiler {
			if !t.IsStatic() {
				return false
			}
		}
	}
	return true
}
