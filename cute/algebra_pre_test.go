package cute

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

func requireLaw(t *testing.T, err error, op Op, law string) {
	t.Helper()
	var pe *PreconditionError
	require.Truef(t, errors.As(err, &pe), "want a refusal, got %v", err)
	require.Equal(t, op, pe.Op, err.Error())
	require.Equal(t, law, pe.Law, err.Error())
}

// CUTLASS issue #3177: C++ accepts (4,6,8):(2,3,5) o 6:3 (stride 3 is
// below shape 4) and returns (_2,_3):(_6,_3), with C(2) = 3 but
// A(B(2)) = A(6) = 7. The documented condition refuses it.
func TestComposition3177Refused(t *testing.T) {
	_, err := Composition(mustLayout(t, "(4,6,8):(2,3,5)"), mustLayout(t, "6:3"))
	requireLaw(t, err, OpComposition, "stride-divisibility")
	require.Equal(t, "composition: stride divisibility: 3 and 4 do not divide one another (A mode 0 shape 4, B stride 3)", err.Error())
	ans := Case{Op: OpComposition, A: mustLayout(t, "(4,6,8):(2,3,5)"), B: mustLayout(t, "6:3")}.Eval()
	require.Equal(t, err.Error(), ans.Rejected)
}

func TestPreconditionsRefused(t *testing.T) {
	l := func(s string) Layout { return mustLayout(t, s) }
	for _, tc := range []struct {
		name string
		err  error
		op   Op
		law  string
	}{
		{"shape divisibility", func() error { _, e := Composition(l("(4,6):(1,10)"), l("6:1")); return e }(), OpComposition, "shape-divisibility"},
		{"complement overlap", func() error { _, e := Complement(l("(2,2):(1,1)"), 8); return e }(), OpComplement, "injective"},
		{"complement interleave", func() error { _, e := Complement(l("(3,2):(1,2)"), 8); return e }(), OpComplement, "injective"},
		{"complement negative", func() error { _, e := Complement(l("4:-1"), 8); return e }(), OpComplement, "negative-stride"},
		{"complement cotarget", func() error { _, e := Complement(l("4:1"), 0); return e }(), OpComplement, "cotarget"},
		{"divide non-injective tile", func() error { _, e := LogicalDivide(l("16:1"), l("(2,2):(1,1)")); return e }(), OpLogicalDivide, "injective"},
		{"left inverse divisibility", func() error { _, e := LeftInverse(l("(2,3):(2,3)")); return e }(), OpLeftInverse, "divisibility"},
		{"tiler rank", func() error { _, e := CompositionTiler(l("(4,4)"), mustTiler(t, "2:1", "2:1", "2:1")); return e }(), OpCompositionTiler, "rank"},
		{"divide tiler rank", func() error { _, e := ZippedDivide(l("8:1"), mustTiler(t, "2:1", "2:1")); return e }(), OpZippedDivide, "rank"},
		{"profile rank", func() error { _, e := CoalesceProfile(l("(4,4)"), Tuple(Int(1), Int(1), Int(1))); return e }(), OpCoalesceProfile, "rank"},
		{"profile congruence", func() error { _, e := CoalesceProfile(l("(4,4)"), Tuple(Tuple(Int(1)), Int(1))); return e }(), OpCoalesceProfile, "profile"},
		{"zero extent", func() error { _, e := Coalesce(Layout{Shape: Int(0), Stride: Int(1)}); return e }(), OpCoalesce, "extent"},
		{"negative extent", func() error { _, e := Composition(l("8:1"), Layout{Shape: Int(-2), Stride: Int(1)}); return e }(), OpComposition, "extent"},
		{"incongruent", func() error { _, e := Filter(Layout{Shape: Tuple(Int(2), Int(2)), Stride: Int(1)}); return e }(), OpFilter, "extent"},
		{"product negative B", func() error { _, e := LogicalProduct(l("4:1"), l("4:-1")); return e }(), OpLogicalProduct, "negative-stride"},
		// Overflow near 2^31: the size, a stride product, a cotarget.
		{"size overflow", func() error { _, e := Coalesce(l("(65536,65536):(1,65536)")); return e }(), OpCoalesce, "int32"},
		{"stride overflow", func() error { _, e := Composition(l("(2,1024):(1,1073741824)"), l("2:4")); return e }(), OpComposition, "int32"},
		{"product overflow", func() error { _, e := LogicalProduct(l("65536:1"), l("65536:1")); return e }(), OpLogicalProduct, "int32"},
		{"complement overflow", func() error { _, e := Complement(l("(2,2):(1,2147483647)"), 8); return e }(), OpComplement, "int32"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			requireLaw(t, tc.err, tc.op, tc.law)
			if tc.law == "int32" {
				require.ErrorIs(t, tc.err, ErrOverflow)
			}
		})
	}
}

func TestEval(t *testing.T) {
	c, err := ParseCase("op=composition A=(6,2):(8,2) B=(4,3):(3,1)")
	require.NoError(t, err)
	ans := c.Eval()
	require.Empty(t, ans.Rejected)
	requireLayout(t, "((2,2),3):((24,2),8)", ans.Layout, "eval")
	// R(0..11) listed in media/docs/cpp/cute/02_layout_algebra.md.
	require.Equal(t, []int64{0, 24, 2, 26, 8, 32, 10, 34, 16, 40, 18, 42}, ans.Values)
	require.False(t, ans.Truncated)

	c, err = ParseCase("op=max_common_vector A=(4,8):(1,4) B=32:1")
	require.NoError(t, err)
	ans = c.Eval()
	require.Equal(t, int64(32), ans.Vector)
	require.Empty(t, ans.Values)

	c, err = ParseCase("op=swizzle A=(8,8):(8,1) S=Sw<3,0,3>")
	require.NoError(t, err)
	ans = c.Eval()
	require.Empty(t, ans.Rejected)
	require.Equal(t, Swizzled{Sw: c.Sw, L: c.A}, ans.Swizzled)
	require.Len(t, ans.Values, 64)
	require.Equal(t, int64(8^1), ans.Values[1]) // row 1 of an 8x8 XOR swizzle

	c, err = ParseCase("op=coalesce A=(128,64):(1,128)")
	require.NoError(t, err)
	ans = c.Eval()
	require.True(t, ans.Truncated)
	require.Len(t, ans.Values, MaxValues)

	c, err = ParseCase("op=complement A=(2,2):(1,1) M=8")
	require.NoError(t, err)
	require.Contains(t, c.Eval().Rejected, "complement: injective")

	c, err = ParseCase("op=tiled_divide A=(_9,(_4,_8)):(_59,(_13,_1)) T=[_3:_3;(_2,_4):(_1,_8)]")
	require.NoError(t, err)
	ans = c.Eval()
	require.Empty(t, ans.Rejected)
	requireLayout(t, "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))", ans.Layout, "eval tiled divide")

	// Every op answers without panicking on a simple case.
	for _, op := range Ops {
		c := Case{Op: op, A: mustLayout(t, "(_4,_2):(_2,_1)"), B: mustLayout(t, "2:1"),
			Tiler: mustTiler(t, "2:1"), Profile: Int(1), Cotarget: 16, Sw: Swizzle{B: 1, M: 0, S: 1}}
		ans := c.Eval()
		require.Empty(t, ans.Rejected, op)
	}
}

func TestSwizzleRefused(t *testing.T) {
	c := Case{Op: OpSwizzle, A: mustLayout(t, "8:1"), Sw: Swizzle{B: 3, M: 4, S: 2}}
	require.Contains(t, c.Eval().Rejected, "swizzle: swizzle: ")
}

// CuTe's inverses sort strides at compile time: a case with a dynamic
// stride is outside their precondition.
func TestInversesNeedStaticStrides(t *testing.T) {
	for _, op := range []Op{OpRightInverse, OpLeftInverse} {
		c := Case{Op: op, A: mustLayout(t, "(4,2):(2,1)")}
		require.Contains(t, c.Eval().Rejected, string(op)+": static: ")
		require.Empty(t, c.WithStatic(true).Eval().Rejected)
	}
}
