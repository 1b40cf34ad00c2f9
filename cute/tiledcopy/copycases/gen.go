// Package copycases draws TiledCopy cases with rapid: every atom, element
// widths down to uint4b_t, thread and value layouts that tile the tile in
// either order, row- and column-major tensors, padded pitches, swizzled
// shared-memory layouts, register fragments, partial tiles predicated by
// copy_if, and pairings CuTe refuses; and declares the coverage floors a
// sample must reach (Targets).
package copycases

import (
	"context"
	"fmt"
	"strings"

	"pgregory.net/rapid"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/tiledcopy"
	"github.com/tilecheck/tilecheck/rapidrun"
)

// maxTile bounds a drawn tile's elements, so that a sweep stays quick.
const maxTile = 4096

// Family groups the atoms by how their threads and values are drawn.
type Family string

const (
	Universal Family = "UniversalCopy"
	CpAsync   Family = "SM80_CP_ASYNC"
	LDSMN     Family = "LDSM_N"
	LDSMT     Family = "LDSM_T"
	STSM      Family = "STSM_N"
)

// FamilyOf names atom a's family.
func FamilyOf(a tiledcopy.Atom) Family {
	s := string(a)
	switch {
	case strings.HasPrefix(s, "UniversalCopy"):
		return Universal
	case strings.HasPrefix(s, "SM80_CP_ASYNC"):
		return CpAsync
	case strings.HasSuffix(s, "LDSM_N"):
		return LDSMN
	case strings.HasSuffix(s, "LDSM_T"):
		return LDSMT
	}
	return STSM
}

// atomBits is a one-thread atom's vector width; matrices an ldmatrix's or
// stmatrix's count.
var (
	atomBits = map[tiledcopy.Atom]int64{
		"UniversalCopy<uint8_t>": 8, "UniversalCopy<uint16_t>": 16, "UniversalCopy<uint32_t>": 32,
		"UniversalCopy<uint64_t>": 64, "UniversalCopy<uint128_t>": 128,
		"SM80_CP_ASYNC_CACHEALWAYS<uint32_t>": 32, "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>": 64,
		"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>": 128,
	}
	matrices = map[tiledcopy.Atom]int64{
		"SM75_U32x1_LDSM_N": 1, "SM75_U32x2_LDSM_N": 2, "SM75_U32x4_LDSM_N": 4,
		"SM75_U16x2_LDSM_T": 1, "SM75_U16x4_LDSM_T": 2, "SM75_U16x8_LDSM_T": 4,
		"SM90_U32x4_STSM_N": 4,
	}
)

func elem(name string) tiledcopy.Element {
	e, err := tiledcopy.ParseElement(name)
	if err != nil {
		panic(err)
	}
	return e
}

func layout(format string, args ...any) cute.Layout {
	l, err := cute.ParseLayout(fmt.Sprintf(format, args...))
	if err != nil {
		panic(err)
	}
	return l
}

// Gen draws a case: an atom first, then what its family takes.
func Gen() *rapid.Generator[tiledcopy.Case] {
	return rapid.Custom(func(t *rapid.T) tiledcopy.Case {
		a := rapid.SampledFrom(tiledcopy.Atoms()).Draw(t, "atom")
		switch FamilyOf(a) {
		case Universal, CpAsync:
			return oneThread(t, a)
		case LDSMT:
			return transposed(t, a)
		}
		return matrix(t, a)
	})
}

// Draw draws n cases deterministically from seed.
func Draw(seed int64, n int) []tiledcopy.Case {
	cs, _ := DrawContext(context.Background(), seed, n)
	return cs
}

// DrawContext is Draw, stopping with ctx's error between parts of 256.
func DrawContext(ctx context.Context, seed int64, n int) ([]tiledcopy.Case, error) {
	g := Gen()
	out := make([]tiledcopy.Case, 0, n)
	for from := 0; from < n; from += 256 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out = append(out, rapidrun.ExamplesFrom(g, seed, from, min(256, n-from))...)
	}
	return out, nil
}

// swizzle draws a CUTLASS-style swizzle keeping vectors of 2^k elements
// whole (M >= k): Sw<3,3,3> and Sw<2,4,3> for 128-bit rows of half_t. It
// swizzles only a power-of-two layout (pow2Layout), as kernels do and as
// CuTe requires ("Requires pow2 shape*stride", and its composition's
// divisibility checks on the other layouts: compiled CuTe refused every
// drawn swizzle of a padded or odd-sized tile); nil for any other.
func swizzle(t *rapid.T, k int, l cute.Layout) *cute.Swizzle {
	b := rapid.IntRange(1, 3).Draw(t, "swizzle B")
	sw := cute.Swizzle{B: b, M: k + rapid.IntRange(0, 1).Draw(t, "swizzle M"), S: 3}
	if !pow2Layout(l) {
		return nil
	}
	return &sw
}

// pow2Layout says whether every mode of l, flattened, spans a power of two
// (shape·stride is 0 or 2^k), the condition of CuTe's to_mixed_bits.
func pow2Layout(l cute.Layout) bool {
	shapes, strides := l.Shape.Flatten(), l.Stride.Flatten()
	for i := range shapes {
		if p := shapes[i].Val * strides[i].Val; p != 0 && (p < 0 || p&(p-1) != 0) {
			return false
		}
	}
	return true
}

func log2(v int64) int {
	k := 0
	for int64(1)<<k < v {
		k++
	}
	return k
}
