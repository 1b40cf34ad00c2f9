package layout

import (
	"errors"
	"math"
	"testing"
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
			if !errors.Is(err, ErrOverflow) {
				t.Errorf("Mul(%d, %d) = %d, %v; want ErrOverflow", c.a, c.b, got, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Mul(%d, %d) = %d, %v; want %d", c.a, c.b, got, err, c.want)
		}
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
			if !errors.Is(err, ErrOverflow) {
				t.Errorf("Add(%d, %d) = %d, %v; want ErrOverflow", c.a, c.b, got, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Add(%d, %d) = %d, %v; want %d", c.a, c.b, got, err, c.want)
		}
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
		if got != c.bytes || exact != c.exact {
			t.Errorf("Bits(%d).ToBytes() = %d, %v; want %d, %v", c.bits, got, exact, c.bytes, c.exact)
		}
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
		if b, r := c.bits.SplitBytes(); b != c.bytes || r != c.rest {
			t.Errorf("Bits(%d).SplitBytes() = %d, %d; want %d, %d", c.bits, b, r, c.bytes, c.rest)
		}
	}
}

func TestConversionsNameTheWidth(t *testing.T) {
	if b, err := Elements(3).ToBits(6); b != 18 || err != nil {
		t.Errorf("3 elements of 6 bits = %d, %v; want 18", b, err)
	}
	if _, err := Elements(1 << 60).ToBits(16); !errors.Is(err, ErrOverflow) {
		t.Errorf("2^60 elements of 16 bits: err %v, want ErrOverflow", err)
	}
	if b, err := Bytes(-5).ToBits(); b != -40 || err != nil {
		t.Errorf("-5 bytes = %d bits, %v; want -40", b, err)
	}
}
