package cute

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The worked examples of CuTe's layout documentation (01_layout.md).
func TestLayoutDocExamples(t *testing.T) {
	for _, tc := range []struct {
		layout string
		image  []int64
	}{
		// (2,(2,2)):(4,(2,1)) is listed index by index in the docs' 1-D mapping.
		{"(2,(2,2)):(4,(2,1))", []int64{0, 4, 2, 6, 1, 5, 3, 7}},
		{"(4,2):(1,4)", []int64{0, 1, 2, 3, 4, 5, 6, 7}},
		{"(4,2):(2,1)", []int64{0, 2, 4, 6, 1, 3, 5, 7}},
		{"(4,2)", []int64{0, 1, 2, 3, 4, 5, 6, 7}},
	} {
		l, err := ParseLayout(tc.layout)
		require.NoError(t, err)
		img, err := l.Image(1 << 10)
		require.NoError(t, err)
		require.Equal(t, tc.image, img, tc.layout)
	}
}

func TestParsePrintRoundTrip(t *testing.T) {
	for _, s := range []string{"((2,3),4):((1,2),6)", "(_4,_8):(_1,_4)", "8:1", "_1:_0", "(3,(2,_5)):(-1,(0,7))"} {
		l, err := ParseLayout(s)
		require.NoError(t, err, s)
		require.Equal(t, s, l.String())
	}
	for _, bad := range []string{"", "(2,3", "(2,3):(1)", "(2,x):(1,2)", "0:1", "(2,-3):(1,2)", "9999999999:1", "(2,3):(1,2))"} {
		_, err := ParseLayout(bad)
		require.Error(t, err, bad)
	}
}

func TestAtExtendsLastMode(t *testing.T) {
	// Past its size a layout extends along its last mode, as CuTe's crd2idx
	// gives the last mode the whole quotient.
	l, err := ParseLayout("(4,6,8):(2,3,5)")
	require.NoError(t, err)
	v, err := l.At(4*6*8 + 1)
	require.NoError(t, err)
	require.Equal(t, int64(2+8*5), v)
}

func TestSwizzleApply(t *testing.T) {
	sw, err := ParseSwizzle("Sw<3,4,3>")
	require.NoError(t, err)
	// bits 7..9 (value 0b101 << 7) XOR into bits 4..6.
	require.Equal(t, int64(0b101<<7|0b101<<4), sw.Apply(0b101<<7))
	require.Equal(t, int64(0xf), sw.Apply(0xf))
	_, err = ParseSwizzle("Sw<3,4,2>")
	require.Error(t, err)
}

// At2 is AtCoord of the pair, on nested and flat rank-2 layouts, and
// AtCoord itself on other ranks.
func TestAt2IsAtCoordOfThePair(t *testing.T) {
	for _, s := range []string{"(4,8):(8,1)", "((2,4),(2,3)):((1,16),(2,4))", "(3,5):(5,1)", "((2,2),8):((64,1),4)", "(2,2,2):(1,2,4)"} {
		l, err := ParseLayout(s)
		require.NoError(t, err)
		for m := int64(0); m < 4; m++ {
			for n := int64(0); n < 6; n++ {
				c := Tuple(Int(m), Int(n))
				if l.Rank() == 3 {
					c = Tuple(Int(m), Int(n), Int(0))
				}
				want, werr := l.AtCoord(c)
				got, gerr := l.At2(m, n)
				if l.Rank() == 3 {
					assert.Error(t, gerr, "%s: At2 of a rank-3 layout answered %d", s, got)
					continue
				}
				assert.Equal(t, want, got, "%s at (%d,%d): At2 (%v), AtCoord (%v)", s, m, n, gerr, werr)
				assert.Equal(t, (gerr == nil), (werr == nil), "%s at (%d,%d): At2 %d (%v), AtCoord %d (%v)", s, m, n, got, gerr, want, werr)
			}
		}
	}
}
