package cute

import (
	"errors"
	"fmt"
)

// MaxInt is the largest value CuTe's dynamic integer (a 32-bit int) holds.
// Every shape, stride, index and offset the model computes must lie within
// [MinInt, MaxInt]; outside it C++ would overflow.
const (
	MaxInt = int64(1)<<31 - 1
	MinInt = -(int64(1) << 31)
)

// ErrOverflow is wrapped by every error of a value outside CuTe's int.
var ErrOverflow = errors.New("outside the 32-bit int CuTe computes in")

func fits(v int64) bool { return v >= MinInt && v <= MaxInt }

// mul is a*b, refused when it leaves the 32-bit range.
func mul(a, b int64) (int64, error) {
	if a == 0 || b == 0 {
		return 0, nil
	}
	p := a * b
	if p/b != a || !fits(p) {
		return 0, fmt.Errorf("%d*%d: %w", a, b, ErrOverflow)
	}
	return p, nil
}

// add is a+b, refused when it leaves the 32-bit range.
func add(a, b int64) (int64, error) {
	s := a + b
	if !fits(s) {
		return 0, fmt.Errorf("%d+%d: %w", a, b, ErrOverflow)
	}
	return s, nil
}

// ceilDiv is CuTe's ceil_div for a positive divisor: (a+b-1)/b with C++'s
// truncating division, which for a >= 0 rounds up.
func ceilDiv(a, b int64) int64 {
	if a >= 0 {
		return (a + b - 1) / b
	}
	return a / b // truncation rounds a negative quotient up already
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func signum(a int64) int64 {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}
