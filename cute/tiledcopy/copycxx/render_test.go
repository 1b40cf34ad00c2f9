package copycxx

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/cxx"
	"github.com/tilecheck/tilecheck/cute/tiledcopy"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copysweep"
)

func TestRender(t *testing.T) {
	c := copyCase(t, "UniversalCopy<uint128_t>", "half_t", 16, "(_32,_8):(_8,_1)", "(_1,_8):(_1,_1)", "(32,64):(_64,_1)")
	c.Dst.Swizzle = &cute.Swizzle{B: 3, M: 3, S: 3}
	c.Extent = []int64{20, 36}
	r, err := render(c, cxx.AsMarked)
	require.NoError(t, err)
	require.Equal(t, []int64{32, 64, 32, 64, 20, 36}, r.vals)
	for _, want := range []string{
		"using Value = cute::half_t;",
		"static constexpr bool extent = true;",
		"static constexpr bool run = true;",
		"cute::make_tiled_copy(cute::Copy_Atom<UniversalCopy<uint128_t>, Value>{}, cute::make_layout(cute::make_shape(cute::Int<32>{}, cute::Int<8>{}), cute::make_stride(cute::Int<8>{}, cute::Int<1>{}))",
		"return cute::make_layout(cute::make_shape(v[0], v[1]), cute::make_stride(cute::Int<64>{}, cute::Int<1>{}));",
		"return cute::composition(cute::Swizzle<3,3,3>{}, cute::make_layout(cute::make_shape(v[2], v[3])",
	} {
		require.Contains(t, r.entry.body, want)
	}
	// All static: no integer read at run time but the extent's.
	rs, err := render(c, cxx.AllStatic)
	require.NoError(t, err)
	require.Equal(t, []int64{20, 36}, rs.vals)
	require.Contains(t, rs.entry.body, "cute::make_shape(cute::Int<32>{}, cute::Int<64>{})")
	rd, err := render(c, cxx.AllDynamic)
	require.NoError(t, err)
	require.Len(t, rd.vals, 10)
	// The same profile with other dynamic integers shares the entry.
	c2 := c
	c2.Extent = []int64{1, 2}
	r2, err := render(c2, cxx.AsMarked)
	require.NoError(t, err)
	require.Equal(t, r.entry, r2.entry)

	src := string(source([]entry{r.entry, r.entry}, false))
	require.Contains(t, src, "#line 1 \"tc_entry_1\"\nnamespace tc_ns_1 {\nusing namespace cute;\nstruct C {\n")
	require.Contains(t, src, "void tc_run_1(int const* v, int n) { tilecheck_copy::report<tc_ns_1::C>(v, n); }")
	require.NotContains(t, src, "cuda_runtime")
	gpu := string(source([]entry{r.entry}, true))
	require.Contains(t, gpu, "tilecheck_copy::gpu_report<tc_ns_0::C>(v, n)")
	require.Equal(t, 1, strings.Count(gpu, "namespace tilecheck_copy {\n\nusing namespace cute;"))

	for _, bad := range []func(*tiledcopy.Case){
		func(c *tiledcopy.Case) { c.Atom = "UniversalCopy<int>; system(\"x\")" },
		func(c *tiledcopy.Case) { c.Element.Name = "half_t*" },
		func(c *tiledcopy.Case) { c.Extent = []int64{1} },
	} {
		c := c
		bad(&c)
		_, err := render(c, cxx.AsMarked)
		require.Error(t, err)
	}
}

func TestPaths(t *testing.T) {
	require.Equal(t, globalToShared, pathOf("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"))
	require.Equal(t, sharedToRegister, pathOf("SM75_U16x8_LDSM_T"))
	require.Equal(t, registerToShared, pathOf("SM90_U32x4_STSM_N"))
	require.True(t, hostRuns("UniversalCopy<uint128_t>"))
	require.False(t, hostRuns("SM75_U32x4_LDSM_N"))
}

// Source meets the TiledCopy sweep's seam.
var _ copysweep.Source = Source{}
