package tiledcopy

import (
	"fmt"
	"sort"

	"github.com/tilecheck/tilecheck/cute"
)

// Traits are an atom's Copy_Traits as CUTLASS v4.7.0 defines them: the
// instruction's threads (ThrID) and its (thread, value) -> bit layouts.
type Traits struct {
	ThrID                           cute.Layout
	SrcLayout, DstLayout, RefLayout BitLayout
}

// atomDef is one atom: CuTe's traits, the instruction's semantics, and
// the element widths CuTe accepts for it beyond the traits' own
// divisibility.
type atomDef struct {
	traits Traits
	instr  Instruction
	// regBits is the instruction's register type width on each side
	// (uint128_t for LDSM's source row, uint32_t for its registers);
	// copy_unpack recasts a thread's values to it.
	srcReg, dstReg Bits
	// maxElem is the widest element the instruction moves whole.
	maxElem Bits
}

func bits(s string) BitLayout {
	l, err := cute.ParseLayout(s)
	if err != nil {
		panic(err)
	}
	return BitLayout{l.WithStatic(true)}
}

func thr(n int64) cute.Layout { return cute.Layout{Shape: cute.SInt(n), Stride: cute.SInt(1)} }

// one-thread atoms: ThrID _1, Src = Dst = Ref = (_1,_N):(_0,_1).
func oneThread(n Bits, maxElem Bits) atomDef {
	l := bits(fmt.Sprintf("(_1,_%d):(_0,_1)", n))
	return atomDef{traits: Traits{ThrID: thr(1), SrcLayout: l, DstLayout: l, RefLayout: l},
		instr: vectorMove(n), srcReg: n, dstReg: n, maxElem: maxElem}
}

// The LDSM traits, copy_traits_sm75.hpp.
var (
	ldsmU32x1Src = bits("((_8,_4),_128):((_128,_0),_1)")
	ldsmU32x2Src = bits("((_16,_2),_128):((_128,_0),_1)")
	ldsmU32x4Src = bits("(_32,_128):(_128,_1)")
	ldsmU32x1Dst = bits("(_32,_32):(_32,_1)")
	ldsmU32x2Dst = bits("(_32,(_32,_2)):(_32,(_1,_1024))")
	ldsmU32x4Dst = bits("(_32,(_32,_4)):(_32,(_1,_1024))")
	ldsmU16x2Dst = bits("((_4,_8),(_16,_2)):((_256,_16),(_1,_128))")
	ldsmU16x4Dst = bits("((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))")
	ldsmU16x8Dst = bits("((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))")
)

func ldsm(src, dst BitLayout, matrices int, trans bool) atomDef {
	return atomDef{traits: Traits{ThrID: thr(32), SrcLayout: src, DstLayout: dst, RefLayout: dst},
		instr: ldmatrix(matrices, trans), srcReg: 128, dstReg: 32, maxElem: 32}
}

var atoms = map[Atom]atomDef{
	"UniversalCopy<uint8_t>":               oneThread(8, 8),
	"UniversalCopy<uint16_t>":              oneThread(16, 16),
	"UniversalCopy<uint32_t>":              oneThread(32, 32),
	"UniversalCopy<uint64_t>":              oneThread(64, 64),
	"UniversalCopy<uint128_t>":             oneThread(128, 128),
	"SM80_CP_ASYNC_CACHEALWAYS<uint32_t>":  oneThread(32, 32),
	"SM80_CP_ASYNC_CACHEALWAYS<uint64_t>":  oneThread(64, 64),
	"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>": oneThread(128, 128),
	"SM75_U32x1_LDSM_N":                    ldsm(ldsmU32x1Src, ldsmU32x1Dst, 1, false),
	"SM75_U32x2_LDSM_N":                    ldsm(ldsmU32x2Src, ldsmU32x2Dst, 2, false),
	"SM75_U32x4_LDSM_N":                    ldsm(ldsmU32x4Src, ldsmU32x4Dst, 4, false),
	"SM75_U16x2_LDSM_T":                    ldsm(ldsmU32x1Src, ldsmU16x2Dst, 1, true),
	"SM75_U16x4_LDSM_T":                    ldsm(ldsmU32x2Src, ldsmU16x4Dst, 2, true),
	"SM75_U16x8_LDSM_T":                    ldsm(ldsmU32x4Src, ldsmU16x8Dst, 4, true),
	// copy_traits_sm90.hpp: STSM's source is LDSM x4's destination and
	// its destination LDSM x4's source; Ref = Src.
	"SM90_U32x4_STSM_N": {traits: Traits{ThrID: thr(32), SrcLayout: ldsmU32x4Dst, DstLayout: ldsmU32x4Src, RefLayout: ldsmU32x4Dst},
		instr: stmatrix(4), srcReg: 32, dstReg: 128, maxElem: 32},
}

// Atoms lists the atoms the model knows, sorted.
func Atoms() []Atom {
	out := make([]Atom, 0, len(atoms))
	for a := range atoms {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// TraitsOf is atom a's Copy_Traits.
func TraitsOf(a Atom) (Traits, bool) {
	d, ok := atoms[a]
	return d.traits, ok
}

// InstructionOf is atom a's instruction semantics.
func InstructionOf(a Atom) (Instruction, bool) {
	d, ok := atoms[a]
	return d.instr, ok
}

// Elements the model knows, by CuTe's name.
var elements = map[string]Bits{
	"uint4b_t": 4, "uint8_t": 8, "int8_t": 8, "half_t": 16, "bfloat16_t": 16, "uint16_t": 16,
	"float": 32, "uint32_t": 32, "tfloat32_t": 32, "double": 64, "uint64_t": 64,
}

// ParseElement reads an element type's CuTe name.
func ParseElement(name string) (Element, error) {
	b, ok := elements[name]
	if !ok {
		return Element{}, fmt.Errorf("unknown element type %q (want one of uint4b_t, uint8_t, int8_t, half_t, bfloat16_t, uint16_t, float, uint32_t, tfloat32_t, double, uint64_t)", name)
	}
	return Element{Name: name, Bits: b}, nil
}

// Allows says whether CuTe accepts element e for atom a: the traits'
// layouts recast to e, the register types hold whole elements, and the
// instruction's element width bound (cp.async and UniversalCopy copy one
// element of at most the vector's width; ldmatrix moves b16 pieces, of
// which a 32-bit element is two whole ones).
func Allows(a Atom, e Element) error {
	d, ok := atoms[a]
	if !ok {
		return fmt.Errorf("unknown atom %q", a)
	}
	if e.Bits > d.maxElem {
		return fmt.Errorf("%s: %d-bit %s is wider than the instruction's %d-bit value", a, e.Bits, e.Name, d.maxElem)
	}
	if d.srcReg%e.Bits != 0 || d.dstReg%e.Bits != 0 {
		return fmt.Errorf("%s: its %d- and %d-bit registers do not hold whole %s", a, d.srcReg, d.dstReg, e.Name)
	}
	return nil
}
