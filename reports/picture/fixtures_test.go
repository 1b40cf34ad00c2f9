package picture

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// traced draws thread of the case on model beside the reference, as check
// --svg does.
func traced(t *testing.T, model, config, ops string, thread int) Drawing {
	t.Helper()
	cfg, err := iterator.ParseConfig(config)
	require.NoError(t, err)
	prog, err := iterator.ParseProgram(ops)
	require.NoError(t, err)
	trace := func(name string) iterator.ThreadTrace {
		m, err := iterator.ModelByName(name)
		require.NoError(t, err)
		tr, err := iterator.TraceThreads(m, cfg, prog, []int{thread})
		require.NoError(t, err)
		return tr[0]
	}
	return FromTraces(model+": thread "+strconv.Itoa(thread), "", cfg, prog, trace(model), trace("reference"))
}

// The drawings the tests render: a store that misses its load (f32), a
// sub-byte tile drawn in bits, a predicated tile with guarded-off accesses,
// and a sweep report's counterexample.
func symF32(t *testing.T) Drawing {
	return traced(t, "cutlass-pre3049", "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64", "load(1,0);store(1,0)", 5)
}

func subByte(t *testing.T) Drawing {
	return traced(t, "cutlass-pre3049", "elem=u4 shape=64x4 map=stripmined threads=8 access=16 adv=1 stride=96", "load();store(1,0)", 1)
}

func predicated(t *testing.T) Drawing {
	return traced(t, "cutlass", "class=PredicatedTileIterator elem=f16 shape=32x4 threads=8 access=8 extent=24x3", "load();add_tile_offset(0,1);load()", 3)
}

func counterexample(t *testing.T) Drawing {
	d, err := FromCounterexample("cutlass-pre3049 P-sym", &report.Counterexample{
		Config: "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64", Ops: "load(1,0);store(1,0)", Thread: 5,
		Expected: []int64{144, 656, 1168, 1680}, Actual: []int64{336, 848, 1360, report.NotSeen},
	})
	require.NoError(t, err)
	return d
}
