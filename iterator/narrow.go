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

func (a *arith) mul(x, y int64) int64 {
	v, err := layout.Mul(x, y)
	if err != nil && a.err == nil {
		a.err = err
	}
	return v
}

func (a *arith) add(x, y int64) int64 {
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
