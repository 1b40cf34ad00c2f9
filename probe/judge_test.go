package probe

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// TestJudgeLeavesTheRunAsItIs: judging reads the run's raw facts and never
// writes them, choosing a model included (which compares a class with
// another model's traces): the run judged equals an untouched copy made
// the same way, and judging it twice gives equal results.
func TestJudgeLeavesTheRunAsItIs(t *testing.T) {
	pre3049, err := iterator.ModelByName("cutlass-pre3049")
	require.NoError(t, err)
	res, untouched := chooseFixture(t, "cutlass", pre3049), chooseFixture(t, "cutlass", pre3049)
	require.Equal(t, untouched, res, "the fixture is deterministic")

	first := Judge(res, Judging{ChooseModels: true})
	require.Equal(t, untouched, res, "judging changed the run")
	second := Judge(res, Judging{ChooseModels: true})
	require.Equal(t, untouched, res, "judging changed the run")
	require.Equal(t, first.Report(), second.Report(), "judged twice, the reports differ")
	require.Equal(t, first.Result(), second.Result(), "judged twice, the results differ")

	rep := first.Report()
	require.Equal(t, "cutlass-pre3049", rep.Variants[0].ClassModels["RegularTileIterator"])
	require.Equal(t, int64(2), rep.Variants[0].Accesses, "counted into the judged result")
	require.Zero(t, res.Variants[0].Accesses, "counted into the run")
	require.Nil(t, res.Variants[0].ClassModels, "a model chosen on the run")
	require.Equal(t, report.Pass, rep.Verdict)
}

// TestJudgedDoesNotChange: what a caller does to the report or result it
// is handed (a baseline applied, a count changed) leaves the judged probe
// as it was.
func TestJudgedDoesNotChange(t *testing.T) {
	pre3049, err := iterator.ModelByName("cutlass-pre3049")
	require.NoError(t, err)
	j := Judge(chooseFixture(t, "cutlass", pre3049), Judging{ChooseModels: true})
	want := j.Report()

	rep := j.Report()
	rep.Verdict = report.Fail
	rep.Variants[0].Mismatches = 7
	rep.Variants[0].ClassModels["RegularTileIterator"] = "reference"
	rep.MatchLines[0] = "changed"
	res := j.Result()
	res.Variants[0].Accesses = 99
	require.Equal(t, want, j.Report())
	require.Equal(t, *want.ProbeResult, j.Result())
}
