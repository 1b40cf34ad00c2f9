package cuda

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
)

// TestIteratorTypeSpelling: the generator names the template exactly as
// CUTLASS code would, so --namespace cutlass instantiates the real thing.
func TestIteratorTypeSpelling(t *testing.T) {
	cases := []struct{ cfg, want string }{
		{"elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64",
			"cutlass::transform::threadblock::RegularTileIterator<cutlass::layout::PitchLinearShape<64, 8>, float, cutlass::layout::PitchLinear, 1, " +
				"cutlass::transform::PitchLinearStripminedThreadMap<cutlass::layout::PitchLinearShape<64, 8>, 32, 4>>"},
		{"layout=rowmajor elem=f16 shape=8x64 map=warp-raked threads=32 warp=8x4 access=8 adv=0 align=32",
			"cutlass::transform::threadblock::RegularTileIterator<cutlass::MatrixShape<8, 64>, cutlass::half_t, cutlass::layout::RowMajor, 0, " +
				"cutlass::transform::PitchLinearWarpRakedThreadMap<cutlass::layout::PitchLinearShape<64, 8>, 32, cutlass::layout::PitchLinearShape<8, 4>, 8>, 32>"},
		{"layout=columnmajor elem=u4 shape=128x8 map=stripmined threads=32 access=32 adv=1",
			"cutlass::transform::threadblock::RegularTileIterator<cutlass::MatrixShape<128, 8>, cutlass::uint4b_t, cutlass::layout::ColumnMajor, 1, " +
				"cutlass::transform::PitchLinearStripminedThreadMap<cutlass::layout::PitchLinearShape<128, 8>, 32, 32>>"},
	}
	for _, c := range cases {
		cfg := mustConfig(t, c.cfg)
		assert.Equal(t, c.want, iteratorType(cfg, "cutlass"), "%s", c.cfg)
	}
}

func TestOpCalls(t *testing.T) {
	prog, err := iterator.ParseProgram("load();store(1,-2);load_with_pointer_offset(8);add_pointer_offset(-3);add_tile_offset(0,1);inc;dec")
	require.NoError(t, err)
	want := []string{"tilecheck_probe::op_load(it, f);", "tilecheck_probe::op_store_tile(it, f, typename It::TensorCoord(1, -2));",
		"tilecheck_probe::op_load_ptr(it, f, typename It::Index(8));", "tilecheck_probe::op_add_pointer_offset(it, typename It::LongIndex(-3LL));",
		"tilecheck_probe::op_add_tile_offset(it, typename It::TensorCoord(0, 1));", "tilecheck_probe::op_inc(it);", "tilecheck_probe::op_dec(it);"}
	for i, op := range prog {
		assert.Equal(t, want[i], opCall(op), "op %s", op)
	}
}

// TestParseOutput reads the harness's record lines back.
func TestParseOutput(t *testing.T) {
	out := "G name=NVIDIA H200\nA 1 3 2 5 0 1 -16 0 16\nA 1 3 2 5 0 0 -32 2 0\nR 0 3 4 7 0 8 100 8\n========= ERROR SUMMARY: 0 errors\nS 3 10\n"
	r := newRawOutput()
	require.NoError(t, r.parse(strings.NewReader(out), func(int) int { return 2 }))
	acc := r.Accesses[accessKey{Case: 3, Variant: 1, Prog: 2, Thread: 5, Op: 0}]
	require.Len(t, acc, 2, "accesses %+v", acc)
	assert.Equal(t, int64(-16), acc[1].Addr, "access 1's address")
	assert.Equal(t, flagUnrecovered, acc[0].Flags, "access 0's flags")
	assert.True(t, acc[0].Seen, "access 0 seen")
	assert.Equal(t, []tagRun{{Thread: 7, Index: 8, Addr: 100, Len: 8}}, r.Runs[runKey{Case: 3, Variant: 0, Prog: 4}], "runs")
	assert.Equal(t, uint64(3), r.Reserved, "reserved")
	assert.Equal(t, uint64(10), r.Capacity, "capacity")
	assert.Equal(t, "NVIDIA H200", r.Device["name"], "device name")
	assert.Len(t, r.Tool, 1, "tool lines")
	assert.True(t, r.sawEnd, "the summary line seen")
	assert.Error(t, newRawOutput().parse(strings.NewReader("A 1 x\n"), func(int) int { return 1 }), "a malformed line was accepted")
}

func TestAlignOf(t *testing.T) {
	for a, want := range map[int64]int64{1: 1, 2: 2, 12: 4, 16: 16, 24: 8, 32: 16, 6: 2} {
		assert.Equal(t, want, alignOf(a), "alignOf(%d)", a)
	}
}
