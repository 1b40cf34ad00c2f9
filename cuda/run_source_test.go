package cuda

import (
	"errors"
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
	if r := resps[0]; r.Err != nil || len(r.Traces) != 2 || r.Traces[0].Records[0].Addrs[0] != 201 || r.Traces[1].Records[0].Addrs[0] != 200 {
		t.Errorf("the variant's own pair: %+v", r)
	}
	if r := resps[1]; !errors.Is(r.Err, iterator.ErrUnavailable) || r.Traces != nil {
		t.Errorf("another variant's pair: %+v, want unavailable", r)
	}
	if r := resps[2]; r.Err == nil || r.Traces != nil {
		t.Errorf("a thread the run did not have: %+v, want an error", r)
	}
}
