package cuda

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// TestVariantSourceAnswersFromTheRun: a variant's source answers the pairs
// the run ran on that variant with the run's compiled traces, thread by
// thread, and nothing else: another variant's pair is unavailable, a
// thread the run did not have is an error of that request.
func TestVariantSourceAnswersFromTheRun(t *testing.T) {
	cfg, err := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	require.NoError(t, err)
	load, _ := iterator.ParseProgram("load(0,0)")
	store, _ := iterator.ParseProgram("store(0,0)")
	traces := func(tag int64) []iterator.ThreadTrace {
		return []iterator.ThreadTrace{{Thread: 0, Records: []iterator.Record{{Addrs: []int64{tag}}}}, {Thread: 1, Records: []iterator.Record{{Addrs: []int64{tag + 1}}}}}
	}
	res := &Result{ProbeResult: report.ProbeResult{Backend: "host", Variants: []report.ProbeVariant{{Label: "a"}, {Label: "b"}}},
		Runs: []ProgramRun{{Variant: 0, Config: cfg, Program: load, Compiled: traces(100)}, {Variant: 1, Config: cfg, Program: store, Compiled: traces(200)}}}
	src := res.VariantSource(1)
	assert.Equal(t, "compiled:b@host", src.Name(), "name")
	resps, err := src.Traces([]props.Request{{Config: cfg, Program: store, Threads: []int{1, 0}}, {Config: cfg, Program: load, Threads: []int{0}}, {Config: cfg, Program: store, Threads: []int{2}}})
	require.NoError(t, err)
	own := resps[0]
	require.NoError(t, own.Err, "the variant's own pair")
	require.Len(t, own.Traces, 2, "the variant's own pair: %+v", own)
	assert.Equal(t, int64(201), own.Traces[0].Records[0].Addrs[0], "the variant's own pair: thread 1")
	assert.Equal(t, int64(200), own.Traces[1].Records[0].Addrs[0], "the variant's own pair: thread 0")
	assert.ErrorIs(t, resps[1].Err, iterator.ErrUnavailable, "another variant's pair")
	assert.Nil(t, resps[1].Traces, "another variant's pair")
	assert.Error(t, resps[2].Err, "a thread the run did not have")
	assert.Nil(t, resps[2].Traces, "a thread the run did not have")
}
