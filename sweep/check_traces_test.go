package sweep

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// The README's case: thread 5's load(1,0) on cutlass-pre3049 reads bytes
// 144, 656, 1168, 1680; the reference's, and both stores, 336, 848, 1360,
// 1872.
func TestCheckTracesTracesTheSourceAndTheReference(t *testing.T) {
	cfg, err := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	require.NoError(t, err)
	prog, err := iterator.ParseProgram("load(1,0);store(1,0)")
	require.NoError(t, err)
	opts := CheckOptions{Iterator: "cutlass-pre3049", Config: cfg, Program: prog, Thread: -1}
	got, ref, err := CheckTraces(opts, 5)
	require.NoError(t, err)
	require.Len(t, got.Records, 2)
	require.Len(t, ref.Records, 2)
	assert.Equal(t, 5, got.Thread)
	assert.Equal(t, []int64{144, 656, 1168, 1680}, got.Records[0].Addrs)
	assert.Equal(t, []int64{336, 848, 1360, 1872}, got.Records[1].Addrs)
	assert.Equal(t, []int64{336, 848, 1360, 1872}, ref.Records[0].Addrs)

	_, _, err = CheckTraces(opts, 32)
	assert.ErrorContains(t, err, "thread 32 out of range")
	opts.Iterator = "no-such-model"
	_, _, err = CheckTraces(opts, 0)
	assert.Error(t, err)
}

func TestReplayTracesTracesOnlyAGoModelsThread(t *testing.T) {
	r := report.Replay{Iterator: "cutlass-pre3049", Config: "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64",
		Ops: "load(1,0);store(1,0)", Property: "P-sym", Thread: 5}
	got, ref, err := ReplayTraces(r)
	require.NoError(t, err)
	require.Len(t, got.Records, 2)
	assert.Equal(t, []int64{144, 656, 1168, 1680}, got.Records[0].Addrs)
	assert.Equal(t, []int64{336, 848, 1360, 1872}, ref.Records[0].Addrs)

	compiled := r
	compiled.Flags = "--backend host"
	_, _, err = ReplayTraces(compiled)
	assert.ErrorContains(t, err, "not a built-in Go model's")
	every := r
	every.Thread = -1
	_, _, err = ReplayTraces(every)
	assert.ErrorContains(t, err, "no one thread")
}
