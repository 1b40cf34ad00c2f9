package cute

import (
	"fmt"
	"strconv"
)

// Swizzle is CuTe's Swizzle<B,M,S>: it XORs the B bits at position M+S
// (for S > 0) into the B bits at position M, keeping the M lowest bits.
type Swizzle struct {
	B, M, S int
}

// Check states CuTe's static_asserts on a swizzle: B >= 0, M >= 0,
// |S| >= B; and the masks must fit CuTe's 32-bit int.
func (s Swizzle) Check() error {
	switch {
	case s.B < 0 || s.M < 0:
		return fmt.Errorf("%v: B and M must be >= 0", s)
	case abs64(int64(s.S)) < int64(s.B):
		return fmt.Errorf("%v: |S| must be >= B", s)
	case s.B+s.M+int(abs64(int64(s.S))) > 30:
		return fmt.Errorf("%v: masks past bit 30: %w", s, ErrOverflow)
	}
	return nil
}

func (s Swizzle) masks() (yyy, zzz int64) {
	bit := int64(1)<<s.B - 1
	return bit << (s.M + max(0, s.S)), bit << (s.M - min(0, s.S))
}

// Apply is Swizzle::apply: offset ^ shiftr(offset & yyy, S).
func (s Swizzle) Apply(offset int64) int64 {
	yyy, _ := s.masks()
	y := offset & yyy
	if s.S >= 0 {
		return offset ^ (y >> s.S)
	}
	return offset ^ (y << -s.S)
}

// Size is the swizzle's domain, 2^(B+M+|S|), on which it is a bijection.
func (s Swizzle) Size() int64 { return int64(1) << (s.B + s.M + int(abs64(int64(s.S)))) }

// String writes s as cute::print does: "Sw<3,4,3>".
func (s Swizzle) String() string { return string(s.appendTo(nil)) }

func (s Swizzle) appendTo(b []byte) []byte {
	b = strconv.AppendInt(append(b, "Sw<"...), int64(s.B), 10)
	b = strconv.AppendInt(append(b, ','), int64(s.M), 10)
	b = strconv.AppendInt(append(b, ','), int64(s.S), 10)
	return append(b, '>')
}

// Swizzled is CuTe's ComposedLayout of a swizzle, an offset and a layout:
// i -> Sw(Offset + L(i)).
type Swizzled struct {
	Sw     Swizzle
	Offset int64
	L      Layout
}

// At is the composed function at index i.
func (c Swizzled) At(i int64) (int64, error) { return c.after(c.L.At(i)) }

// after is the composed function given the layout's value v (or error).
func (c Swizzled) after(v int64, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	if v, err = add(v, c.Offset); err != nil {
		return 0, err
	}
	return c.Sw.Apply(v), nil
}

// String writes c as cute::print does: "Sw<3,4,3> o 0 o (8,64):(64,1)".
func (c Swizzled) String() string {
	return fmt.Sprintf("%v o %d o %v", c.Sw, c.Offset, c.L)
}
