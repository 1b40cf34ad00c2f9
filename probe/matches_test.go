package probe

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// Compiled code whose load(1,0) of a two-float tile reads byte 4 and whose
// store(1,0) writes byte 8 is CUTLASS before the load/store fix (cutlass
// reads and writes 4, the reference 8 and 8): matches names
// cutlass-pre3049 for it, and a run that agreed with its model gets no hint.
func TestMatchesNamesTheModelTheCodeAgreesWith(t *testing.T) {
	cfg, err := iterator.ParseConfig("elem=f32 shape=2x1 map=stripmined threads=1 access=2 adv=1")
	require.NoError(t, err)
	prog, err := iterator.ParseProgram("load(1,0);store(1,0)")
	require.NoError(t, err)
	pre3049, err := iterator.ModelByName("cutlass-pre3049")
	require.NoError(t, err)
	compiled, err := iterator.TraceThreads(pre3049, cfg, prog, []int{0})
	require.NoError(t, err)
	require.Equal(t, []int64{4}, compiled[0].Records[0].Addrs, "the documented pre-fix load address")
	require.Equal(t, []int64{8}, compiled[0].Records[1].Addrs, "the documented pre-fix store address")

	res := &counted{ProbeResult: report.ProbeResult{Variants: []report.ProbeVariant{
		{Label: "cutlass", Role: cuda.RoleIterator, Mismatches: 1},
	}}, runs: []cuda.ProgramRun{{Variant: 0, Config: cfg, Program: prog, Compiled: compiled}}}
	m := matches(res)
	require.Len(t, m, 1)
	require.Equal(t, report.ModelMatch{Variant: "cutlass", Class: "RegularTileIterator", Model: "cutlass-pre3049", Compared: 2, Differ: 0}, m[0])
	require.Contains(t, matchLine(m[0]), "run with --iterator cutlass-pre3049")

	res.Variants[0].Mismatches = 0
	require.Empty(t, matches(res), "no mismatch, no hint")
}
