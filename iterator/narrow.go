package iterator

import (
	"math"

	"github.com/tilecheck/tilecheck/layout"
)

// arith carries a model's int64 arithmetic: it records every int32 narrowing
// that loses bits (as the C++ would silently wrap) and remembers the first
// int64 overflow of tilecheck's own arithmetic, which makes the trace an error.
type arith struct {
	overflows []Overflow
	inexact   []string
	err       error
}

// mul and add skip the checked path when no overflow is possible: both
// factors under 2^31 in magnitude (product under 2^62), or both terms
// under 2^62 (sum under 2^63). The result is the same, and overflow is
// still detected wherever it can happen. Each test is written as one
// unsigned comparison (both offsets below the bound exactly when their OR
// is), so that mul and add stay cheap enough for the compiler to inline.
func (a *arith) mul(x, y int64) int64 {
	if (uint64(x+1<<31) | uint64(y+1<<31)) < 1<<32 {
		return x * y
	}
	return a.mulChecked(x, y)
}

func (a *arith) mulChecked(x, y int64) int64 {
	v, err := layout.Mul(x, y)
	if err != nil && a.err == nil {
		a.err = err
	}
	return v
}

func (a *arith) add(x, y int64) int64 {
	if (uint64(x+1<<62) | uint64(y+1<<62)) < 1<<63 {
		return x + y
	}
	return a.addChecked(x, y)
}

func (a *arith) addChecked(x, y int64) int64 {
	v, err := layout.Add(x, y)
	if err != nil && a.err == nil {
		a.err = err
	}
	return v
}

// i32 narrows v to int32 exactly as a C++ conversion does (two's complement
// wrap) and records the narrowing when v does not fit.
func (a *arith) i32(where string, v int64) int64 {
	if v < math.MinInt32 || v > math.MaxInt32 {
		a.overflows = append(a.overflows, Overflow{Where: where, Value: v})
	}
	return int64(int32(v))
}

// bitsToBytes divides a bit offset by 8 truncating toward zero, recording a
// truncation that loses bits.
func (a *arith) bitsToBytes(where string, v int64) int64 {
	b, exact := layout.Bits(v).ToBytes()
	if !exact {
		a.inexact = append(a.inexact, where)
	}
	return int64(b)
}

// The typed helpers below keep each quantity in its unit (layout.Bits,
// Bytes, Elements, Tiles): checked arithmetic within one unit, and
// conversions that name what they convert by. Adding bytes to elements, or
// forgetting an element width, then fails to compile. Every helper performs
// the same checked int64 operations, in the same operand order, as the
// untyped methods above.

// unit is one of tilecheck's unit types.
type unit interface {
	layout.Bits | layout.Bytes | layout.Elements | layout.Tiles
}

// plus is x + y in one unit.
func plus[U unit](a *arith, x, y U) U { return U(a.add(int64(x), int64(y))) }

// times is k·x: k of x (k rows, accesses or tiles, each x long), in x's unit.
func times[U unit](a *arith, k int64, x U) U { return U(a.mul(k, int64(x))) }

// narrow32 narrows x to int32 as a C++ conversion does, keeping its unit,
// and records the narrowing where x does not fit.
func narrow32[U unit](a *arith, where string, x U) U { return U(a.i32(where, int64(x))) }

// toBits is n elements of b bits each.
func (a *arith) toBits(n layout.Elements, b int64) layout.Bits {
	return layout.Bits(a.mul(int64(n), b))
}

// bytesToBits is x bytes in bits.
func (a *arith) bytesToBits(x layout.Bytes) layout.Bits {
	return layout.Bits(a.mul(int64(x), 8))
}

// bytesOf is x bits in bytes, truncating toward zero as C++ does, and
// records where a truncation loses bits (P-exact).
func (a *arith) bytesOf(where string, x layout.Bits) layout.Bytes {
	return layout.Bytes(a.bitsToBytes(where, int64(x)))
}
