package probe

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// countedRun is what Run does, the cases given: cuda.Run, then the raw
// facts it returned counted (no model chosen). It returns both.
func countedRun(ctx context.Context, cases []cuda.Case, opts cuda.Options) (*cuda.Result, *counted, error) {
	res, err := cuda.Run(ctx, cases, opts)
	if err != nil {
		return nil, nil, err
	}
	c, _ := count(res, false)
	return res, c, nil
}

// hostToolchain is the host back end, or a skip (said loudly: not a pass)
// where no C++17 compiler is installed.
func hostToolchain(t *testing.T) cuda.Toolchain {
	t.Helper()
	tc := cuda.Toolchain{Backend: "host"}
	if err := tc.Check(); err != nil {
		t.Skipf("SKIPPED, NOT PASSED: %v — the compiled probe was not tested", err)
	}
	return tc
}

// fakeCutlassDir is the absolute include directory of cuda's stand-in for a
// user's CUTLASS checkout (cuda/testdata/fakecutlass).
func fakeCutlassDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "cuda", "testdata", "fakecutlass"))
	require.NoError(t, err)
	return dir
}

// representativeCases is the probe's own list of cases.
func representativeCases(t *testing.T) []cuda.Case {
	t.Helper()
	cs, err := gen.ProbeCases(gen.Representative)
	require.NoError(t, err)
	return cs
}

func mustConfig(t *testing.T, s string) iterator.Config {
	t.Helper()
	c, err := iterator.ParseConfig(s)
	require.NoError(t, err)
	return c
}

// hugePitch: f32 rows 536870976 elements apart, 2^31 + 256 bytes, so
// CUTLASS's int32 incS (8·pitch bytes) wraps: 4294967808 − 2^32 = 512.
const hugePitch = "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=536870976"

func hugeCase(t *testing.T, ops string) cuda.Case {
	t.Helper()
	prog, err := iterator.ParseProgram(ops)
	require.NoError(t, err)
	return cuda.Case{Config: mustConfig(t, hugePitch), Programs: []iterator.Program{prog}}
}

// referenceTwice traces the reference model on every thread of config
// running program twice: the Go model's expectation and a copy to tamper
// with as if a compiled run had produced it.
func referenceTwice(t *testing.T, config, program string) (cfg iterator.Config, prog iterator.Program, expected, compiled []iterator.ThreadTrace) {
	t.Helper()
	cfg = mustConfig(t, config)
	prog, err := iterator.ParseProgram(program)
	require.NoError(t, err)
	m, err := iterator.ModelByName("reference")
	require.NoError(t, err)
	threads := iterator.AllThreads(cfg)
	expected, err = iterator.TraceThreads(m, cfg, prog, threads)
	require.NoError(t, err)
	compiled, err = iterator.TraceThreads(m, cfg, prog, threads)
	require.NoError(t, err)
	return cfg, prog, expected, compiled
}

// companionDiffers judges one program run's compiled traces against the Go
// model's traces expected, through the sweep engine as count does
// (sweepVariant), with both served as they are (fixedSource).
func companionDiffers(t *testing.T, cfg iterator.Config, prog iterator.Program, expected, compiled []iterator.ThreadTrace) judgement {
	t.Helper()
	runs := []cuda.ProgramRun{{Config: cfg, Program: prog, Expected: expected, Compiled: compiled}}
	out := make([]runJudgement, 1)
	_, err := sweepVariant(fixedSource(compiled), fixedSource(expected), runs, []int{0}, out)
	require.NoError(t, err)
	return out[0].found
}

// fixedSource answers every request with traces already made, by thread.
type fixedSource []iterator.ThreadTrace

func (fixedSource) Name() string { return "probe traces" }

func (s fixedSource) Traces(reqs []props.Request) ([]props.Response, error) {
	out := make([]props.Response, len(reqs))
	for i, r := range reqs {
		for _, th := range r.Threads {
			if th < 0 || th >= len(s) {
				out[i] = props.Response{Err: &iterator.UnavailableError{Path: "probe traces", Reason: "no such thread"}}
				break
			}
			out[i].Traces = append(out[i].Traces, s[th])
		}
	}
	return out, nil
}
