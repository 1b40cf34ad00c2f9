// Package layout holds the vocabulary every model shares: element types and
// their widths, the unit types tilecheck converts between, and the
// pitch-linear, row-major and column-major coordinate systems.
//
// The unit types exist so that tilecheck itself cannot make the bug it hunts:
// a byte count cannot be added to an element count without a conversion that
// names the element width.
package layout

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
)

// Bits counts bits. Element positions scaled by an element width are Bits.
type Bits int64

// Bytes counts bytes. Addresses (offsets from the tensor's data pointer) are Bytes.
type Bytes int64

// Elements counts elements of the tensor's element type.
type Elements int64

// Tiles counts whole tiles along one dimension.
type Tiles int64

// ErrOverflow reports that tilecheck's own int64 arithmetic would overflow.
// Models never wrap silently: they return this error instead.
var ErrOverflow = errors.New("int64 overflow in tilecheck arithmetic")

// Mul returns a*b or ErrOverflow.
func Mul(a, b int64) (int64, error) {
	if a == 0 || b == 0 {
		return 0, nil
	}
	neg := (a < 0) != (b < 0)
	ua, ub := abs64(a), abs64(b)
	hi, lo := bits.Mul64(ua, ub)
	if hi != 0 || (!neg && lo > math.MaxInt64) || (neg && lo > 1<<63) {
		return 0, fmt.Errorf("%w: %d * %d", ErrOverflow, a, b)
	}
	if neg {
		return -int64(lo), nil
	}
	return int64(lo), nil
}

// Add returns a+b or ErrOverflow.
func Add(a, b int64) (int64, error) {
	s := a + b
	if (a > 0 && b > 0 && s < 0) || (a < 0 && b < 0 && s >= 0) {
		return 0, fmt.Errorf("%w: %d + %d", ErrOverflow, a, b)
	}
	return s, nil
}

func abs64(a int64) uint64 {
	if a < 0 {
		return uint64(-(a + 1)) + 1
	}
	return uint64(a)
}

// ToBits converts an element count to bits for an element of width b bits.
func (n Elements) ToBits(b int) (Bits, error) {
	v, err := Mul(int64(n), int64(b))
	return Bits(v), err
}

// ToBytes converts bits to bytes with C++ truncating division and reports
// whether the conversion was exact (no bits were truncated).
func (x Bits) ToBytes() (Bytes, bool) {
	return Bytes(int64(x) / 8), int64(x)%8 == 0
}

// ToBits converts bytes to bits.
func (x Bytes) ToBits() (Bits, error) {
	v, err := Mul(int64(x), 8)
	return Bits(v), err
}

// SplitBytes splits a bit offset into whole bytes and the bits left over,
// both truncated toward zero as C++ division is: x == 8·bytes + rest. A model
// that narrows the byte part (as CUTLASS's int32 increments do) keeps the
// sub-byte rest exact this way.
func (x Bits) SplitBytes() (Bytes, Bits) {
	return Bytes(x / 8), x % 8
}
