package layout

import (
	"fmt"
	"sort"
	"strings"
)

// Elem is a tensor element type: its configuration name and its width in bits
// (CUTLASS's sizeof_bits<Element>).
type Elem struct {
	Name string
	Bits int
}

// elems lists every element name of the configuration grammar with its width.
var elems = map[string]int{
	"f64": 64, "f32": 32, "tf32": 32, "f16": 16, "bf16": 16,
	"s8": 8, "u8": 8, "e4m3": 8, "e5m2": 8,
	"e3m2": 6, "e2m3": 6,
	"s4": 4, "u4": 4, "s2": 2, "u2": 2, "b1": 1,
}

// ValidBits are the element widths tilecheck models.
var ValidBits = []int{1, 2, 4, 6, 8, 16, 32, 64}

// ElemByName returns the element type of a configuration name.
func ElemByName(name string) (Elem, error) {
	b, ok := elems[name]
	if !ok {
		return Elem{}, fmt.Errorf("unknown element type %q (want one of %s, or bits=N)", name, strings.Join(ElemNames(), " "))
	}
	return Elem{Name: name, Bits: b}, nil
}

// ElemOfBits returns an anonymous element of the given width, as `bits=N` names it.
func ElemOfBits(b int) (Elem, error) {
	for _, v := range ValidBits {
		if v == b {
			return Elem{Name: fmt.Sprintf("bits%d", b), Bits: b}, nil
		}
	}
	return Elem{}, fmt.Errorf("unsupported element width bits=%d (want one of 1 2 4 6 8 16 32 64)", b)
}

// ElemNames lists the element names in a stable order (widest first).
func ElemNames() []string {
	names := make([]string, 0, len(elems))
	for n := range elems {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if elems[names[i]] != elems[names[j]] {
			return elems[names[i]] > elems[names[j]]
		}
		return names[i] < names[j]
	})
	return names
}

// ArrayBytes is sizeof(Array<Element, n>) for a packed CUTLASS array of
// n elements of width b bits (size(N, B)). Sub-32-bit types are
// stored in words of 4, 2 or 1 bytes, each holding floor(8·S/B) elements, so
// 6-bit types take more than n·b/8 bytes.
func ArrayBytes(n Elements, b int) Bytes {
	nb := int64(n) * int64(b)
	if b >= 32 {
		return Bytes(nb / 8)
	}
	s := int64(1)
	switch {
	case nb%32 == 0:
		s = 4
	case nb%16 == 0:
		s = 2
	}
	per := 8 * s / int64(b)
	words := (int64(n) + per - 1) / per
	return Bytes(words * s)
}
