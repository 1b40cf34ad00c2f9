package cxx

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cute"
)

// nvcc's front end prints an error first and the instantiation context that
// names the entry after it, in two spellings across versions.
func TestAttributeNVCC(t *testing.T) {
	older := `/inc/cute/layout.hpp(1101): error: static assertion failed with "Shape Divisibility Condition"
          detected during:
            instantiation of "auto cute::fold(T &&, const V &, F &&) [with T=int]" 
(1114): here
            instantiation of "auto cute::composition(const cute::Layout<LShape, LStride> &)" 
tc_entry_3(2): here

/inc/cute/layout.hpp(1188): error: static assertion failed with "Dynamic-stride complement only for rank-1 layouts"
          detected during:
            instantiation of "auto cute::complement(const cute::Layout<Shape, Stride> &, const CoTarget &)" 
tc_entry_1(2): here

/inc/cute/algorithm/tuple_algorithms.hpp(307): error: result of decltype qualifier "bool" is not a class or enumeration
          detected during:
            instantiation of "auto cute::find(const T &, const X &) [with T=cute::tuple<int, int>, X=int]" 
tc_entry_1(2): here

tc_main(7): error: no instance of function template "tilecheck_cute::show" matches the argument list

tc_entry_5(2): error: identifier "undefined_thing" is undefined

4 errors detected in the compilation of "src.cu".
`
	require.Equal(t, map[int]string{
		3: "static_assert: Shape Divisibility Condition",
		1: "static_assert: Dynamic-stride complement only for rank-1 layouts",
		5: `compile error: identifier "undefined_thing" is undefined`,
	}, attribute(older))
	newer := `/inc/cute/layout.hpp(1101): error: static assertion failed with "Stride Divisibility Condition"
      static_assert(...);
      ^
          detected during:
            instantiation of "auto cute::composition(...)" at line 1140 of /inc/cute/layout.hpp
            instantiation of "auto tc_build_12(const int *)" at line 2 of tc_entry_12

1 error detected in the compilation of "src.cu".
`
	require.Equal(t, map[int]string{12: "static_assert: Stride Divisibility Condition"}, attribute(newer))
	// g++ puts the context first.
	gxx := `tc_entry_2: In function 'auto tc_build_2(const int*)':
tc_entry_2:2:27:   required from here
/inc/cute/layout.hpp:1101:5: error: static assertion failed: Shape Divisibility Condition
`
	require.Equal(t, map[int]string{2: "static_assert: Shape Divisibility Condition"}, attribute(gxx))
}

func TestGPUSourceShape(t *testing.T) {
	var es []entry
	for _, s := range []string{"op=composition A=(4,6):(1,8) B=2:4", "op=max_common_vector A=_4:_1 B=_4:_1"} {
		r, err := render(mustCase(t, s), AsMarked)
		require.NoError(t, err)
		es = append(es, r.entry)
	}
	src := string(gpuSource(es))
	for _, want := range []string{
		"#line 1 \"tc_entry_1\"\nCUTE_HOST_DEVICE auto tc_build_1(",
		"case 0: tilecheck_cute::dev_report(tc_build_0(v), slot, obj, cap); break;",
		"case 1: tilecheck_cute::dev_report_vector(tc_build_1(v), slot); break;",
		"case 0: tilecheck_cute::show<tc_result_0>(slot, obj, cap); break;",
		"case 1: tilecheck_cute::show_vector(slot); break;",
		"return tilecheck_cute::serve(2, argc, argv);",
	} {
		require.Contains(t, src, want)
	}
}

// cudaIncludes is $TILECHECK_CUDA_INCLUDE's directories (colon-separated):
// CUDA's headers for host builds where they are not in /usr/include.
func cudaIncludes() []string {
	if s := os.Getenv("TILECHECK_CUDA_INCLUDE"); s != "" {
		return strings.Split(s, ":")
	}
	return nil
}

// nvcc blames the same entries as g++ does, with the same reasons, and
// builds the GPU program of the rest. Only nvcc is needed (no GPU).
func TestGPUBuildBlamesLikeHost(t *testing.T) {
	inc := realCute(t)
	nvcc := os.Getenv("NVCC")
	if nvcc == "" {
		nvcc = "nvcc"
	}
	if _, err := exec.LookPath(nvcc); err != nil {
		t.Skip("SKIPPED, NOT PASSED: no nvcc on PATH")
	}
	var es []entry
	for _, s := range []string{
		"op=composition A=(_4,_6):(_1,_8) B=_3:_6",
		"op=composition A=(_4,_6):(_1,_8) B=_2:_2",
		"op=composition A=(_4,_6):(_1,_8) B=_6:_1",
		"op=complement A=(4,6):(1,4) M=100",
		"op=complement A=4:2 M=24",
		"op=max_common_vector A=(4,6):(1,4) B=(4,6):(1,4)",
		"op=composition A=(_4,_6):(_1,_8) B=_3:_6",
		// the rank-2 dynamic complement again, inside logical_product: nvcc
		// words it by its fallout unless the host's reason is taken
		"op=logical_product A=(2,3):(12,9) B=6:10",
	} {
		r, err := render(mustCase(t, s), AsMarked)
		require.NoError(t, err)
		es = append(es, r.entry)
	}
	cache := testCache(t)
	host := builderFor(Options{CacheDir: cache, CUDAInclude: cudaIncludes()}, inc)
	gpu := builderFor(Options{CacheDir: cache, CUDAInclude: cudaIncludes(), GPU: true, NVCC: nvcc}, inc)
	ctx := context.Background()
	hp, err := buildEntries(ctx, host, es)
	require.NoError(t, err)
	gp, err := buildEntries(ctx, gpu, es)
	require.NoError(t, err)
	require.Equal(t, hp.rejected, gp.rejected)
	require.Equal(t, hp.slot, gp.slot)
	require.Equal(t, "static_assert: Stride Divisibility Condition", gp.rejected[0])
	require.Equal(t, "static_assert: Dynamic-stride complement only for rank-1 layouts", gp.rejected[7])
}

// The GPU's answers are the host's, case by case, except where the host
// program dies of SIGFPE: integer division by zero does not trap on the
// GPU. Hand-picked cases, then 50 of each of timing_test.go's 20 dynamic
// profiles, whose strides of 0 divide by zero. Needs nvcc and a GPU
// (TILECHECK_GPU=1); see cudaIncludes for TILECHECK_CUDA_INCLUDE.
func TestGPUAgreesWithHost(t *testing.T) {
	if os.Getenv("TILECHECK_GPU") != "1" {
		t.Skip("SKIPPED, NOT PASSED: set TILECHECK_GPU=1 on a machine with a GPU and nvcc")
	}
	cudaInc := cudaIncludes()
	specs := []string{
		"op=composition A=(_4,_6):(_1,_8) B=_3:_6",
		"op=composition A=(_4,_6):(_1,_8) B=_2:_2",
		"op=complement A=(4,6):(1,4) M=100",
		"op=complement A=4:2 M=24",
		"op=composition A=(4,6):(1,8) B=3:2",
		"op=composition A=(4,6):(1,8) B=6:0",
		"op=composition A=(4,6,8):(2,3,5) B=6:3",
		"op=composition A=(_4,_6,_8):(_2,_3,_5) B=_6:_3",
		"op=max_common_vector A=(4,6):(1,4) B=(4,6):(1,4)",
		"op=swizzle A=(_8,_8):(_8,_1) S=Sw<3,0,3>",
		"op=logical_divide A=(4,2,3):(2,1,8) B=4:2",
		"op=right_inverse A=(_4,_6):(_6,_1)",
	}
	cases := profileCases(t, 50, 7)
	for _, s := range specs {
		cases = append(cases, mustCase(t, s))
	}
	ask := func(opt Options) []cute.Answer {
		opt.Include, opt.CacheDir, opt.CUDAInclude = realCute(t), testCache(t), cudaInc
		opt.Progress = func(s string) { t.Log(s) }
		ans, err := Answer(context.Background(), opt, cases)
		require.NoError(t, err)
		return ans
	}
	ha := ask(Options{})
	ga := ask(Options{GPU: true, NVCC: os.Getenv("NVCC")})
	same, fpe, refusedBoth := 0, 0, 0
	for i, c := range cases {
		if strings.Contains(ha[i].Rejected, "SIGFPE") {
			fpe++
			if fpe <= 5 {
				t.Logf("host SIGFPE, GPU: %v: %+v", c, ga[i])
			}
			continue
		}
		require.Equal(t, ha[i], ga[i], "%v", c)
		same++
		if ha[i].Rejected != "" {
			refusedBoth++
		}
	}
	t.Logf("%d cases: %d answered alike on host and GPU (%d of them refused alike), %d SIGFPE on the host", len(cases), same, refusedBoth, fpe)
}
