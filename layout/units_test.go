package layout

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The checked arithmetic must refuse exactly the results int64 cannot hold:
// the edges are 2^63−1 and −2^63.
func TestMulDetectsOverflow(t *testing.T) {
	cases := []struct {
		a, b     int64
		want     int64
		overflow bool
	}{
		{3, -4, -12, false},
		{0, math.MinInt64, 0, false},
		{math.MaxInt64, 1, math.MaxInt64, false},
		{math.MaxInt64, 2, 0, true},
		{1 << 32, 1 << 31, 0, true},                 // 2^63 does not fit
		{-(1 << 32), 1 << 31, math.MinInt64, false}, // −2^63 does
		{math.MinInt64, 1, math.MinInt64, false},
		{math.MinInt64, -1, 0, true}, // +2^63
		{-(1 << 31), -(1 << 31), 1 << 62, false},
		{1 << 62, -4, 0, true}, // −2^64
	}
	for _, c := range cases {
		got, err := Mul(c.a, c.b)
		if c.overflow {
			assert.ErrorIs(t, err, ErrOverflow, "Mul(%d, %d) = %d, %v; want ErrOverflow", c.a, c.b, got, err)
			continue
		}
		assert.NoError(t, err, "Mul(%d, %d) = %d, %v; want %d", c.a, c.b, got, err, c.want)
		assert.Equal(t, c.want, got, "Mul(%d, %d) = %d, %v; want %d", c.a, c.b, got, err, c.want)
	}
}

func TestAddDetectsOverflow(t *testing.T) {
	cases := []struct {
		a, b     int64
		want     int64
		overflow bool
	}{
		{math.MaxInt64, math.MinInt64, -1, false},
		{math.MaxInt64 - 1, 1, math.MaxInt64, false},
		{math.MaxInt64, 1, 0, true},
		{math.MinInt64 + 1, -1, math.MinInt64, false},
		{math.MinInt64, -1, 0, true},
		{math.MinInt64, math.MinInt64, 0, true}, // wraps to 0 in two's complement
	}
	for _, c := range cases {
		got, err := Add(c.a, c.b)
		if c.overflow {
			assert.ErrorIs(t, err, ErrOverflow, "Add(%d, %d) = %d, %v; want ErrOverflow", c.a, c.b, got, err)
			continue
		}
		assert.NoError(t, err, "Add(%d, %d) = %d, %v; want %d", c.a, c.b, got, err, c.want)
		assert.Equal(t, c.want, got, "Add(%d, %d) = %d, %v; want %d", c.a, c.b, got, err, c.want)
	}
}

// ToBytes is C++ truncating division by 8 (toward zero, also for negative
// offsets) and says whether bits were lost.
func TestBitsToBytesTruncates(t *testing.T) {
	cases := []struct {
		bits  Bits
		bytes Bytes
		exact bool
	}{
		{24, 3, true},
		{20, 2, false}, // 2.5 bytes: a u4 element at an odd index
		{7, 0, false},
		{-16, -2, true},
		{-12, -1, false}, // −1.5 truncates toward zero, not to −2
	}
	for _, c := range cases {
		got, exact := c.bits.ToBytes()
		assert.Equal(t, c.bytes, got, "Bits(%d).ToBytes() = %d, %v; want %d, %v", c.bits, got, exact, c.bytes, c.exact)
		assert.Equal(t, c.exact, exact, "Bits(%d).ToBytes() = %d, %v; want %d, %v", c.bits, got, exact, c.bytes, c.exact)
	}
}

func TestSplitBytes(t *testing.T) {
	cases := []struct {
		bits  Bits
		bytes Bytes
		rest  Bits
	}{
		{21, 2, 5},
		{-12, -1, -4}, // toward zero, so that 8·bytes + rest == bits
		{-16, -2, 0},
	}
	for _, c := range cases {
		b, r := c.bits.SplitBytes()
		assert.Equal(t, c.bytes, b, "Bits(%d).SplitBytes() = %d, %d; want %d, %d", c.bits, b, r, c.bytes, c.rest)
		assert.Equal(t, c.rest, r, "Bits(%d).SplitBytes() = %d, %d; want %d, %d", c.bits, b, r, c.bytes, c.rest)
	}
}

func TestConversionsNameTheWidth(t *testing.T) {
	b, err := Elements(3).ToBits(6)
	assert.Equal(t, Bits(18), b, "3 elements of 6 bits = %d, %v; want 18", b, err)
	assert.NoError(t, err, "3 elements of 6 bits = %d, %v; want 18", b, err)
	_, err = Elements(1 << 60).ToBits(16)
	assert.ErrorIs(t, err, ErrOverflow, "2^60 elements of 16 bits: err %v, want ErrOverflow", err)
	b, err = Bytes(-5).ToBits()
	assert.Equal(t, Bits(-40), b, "-5 bytes = %d bits, %v; want -40", b, err)
	assert.NoError(t, err, "-5 bytes = %d bits, %v; want -40", b, err)
}
