package probe

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// chooseFixture is a probe of one RegularTileIterator case whose compiled
// accesses are compiled's, judged against the cutlass model as the probe
// plans it when no model is named.
func chooseFixture(t *testing.T, namespace string, compiled iterator.Model) *cuda.Result {
	t.Helper()
	cfg, err := iterator.ParseConfig("elem=f32 shape=2x1 map=stripmined threads=1 access=2 adv=1")
	require.NoError(t, err)
	prog, err := iterator.ParseProgram("load(1,0);store(1,0)")
	require.NoError(t, err)
	trace := func(m iterator.Model) []iterator.ThreadTrace {
		tr, err := iterator.TraceThreads(m, cfg, prog, []int{0})
		require.NoError(t, err)
		return tr
	}
	cutlass, err := iterator.ModelByName("cutlass")
	require.NoError(t, err)
	ref, err := iterator.ModelByName("reference")
	require.NoError(t, err)
	got := trace(compiled)
	for i := range got[0].Records {
		got[0].Records[i].Evidence = make([]iterator.AccessEvidence, len(got[0].Records[i].Addrs))
	}
	return &cuda.Result{ProbeResult: report.ProbeResult{Variants: []report.ProbeVariant{
		{Label: "cutlass", Model: "cutlass", Namespace: namespace, Role: cuda.RoleIterator},
	}}, Runs: []cuda.ProgramRun{{Variant: 0, Config: cfg, Program: prog, Compiled: got,
		Expected: trace(cutlass), Reference: trace(ref), AccessBytes: 8}}}
}

// Code that loads tile (1,0) at byte 4 and stores it at byte 8 is CUTLASS
// before the load/store fix: with no model named, its class is compared
// with cutlass-pre3049 and agrees; judged as cutlass it disagrees.
func TestChooseModelsComparesEachClassWithTheModelItMatches(t *testing.T) {
	pre3049, err := iterator.ModelByName("cutlass-pre3049")
	require.NoError(t, err)

	named, lines := count(chooseFixture(t, "cutlass", pre3049), false)
	require.Empty(t, lines, "no model chosen where one was named")
	require.Positive(t, named.Variants[0].Mismatches, "judged as the cutlass model the tree is not")

	chosen, lines := count(chooseFixture(t, "cutlass", pre3049), true)
	require.Equal(t, map[string]string{"RegularTileIterator": "cutlass-pre3049"}, chosen.Variants[0].ClassModels)
	require.Equal(t, []string{"cutlass, RegularTileIterator: compared with cutlass-pre3049, which it matches on every access compared (2)"}, lines)
	require.Zero(t, chosen.Variants[0].Mismatches)
	require.Equal(t, int64(2), chosen.Variants[0].Accesses)
}

// Code that matches no model keeps the variant's own model, so its
// mismatches are reported; tilecheck's own renditions are never re-chosen.
func TestChooseModelsKeepsTheNamedModelWhereNoneMatches(t *testing.T) {
	pre3049, err := iterator.ModelByName("cutlass-pre3049")
	require.NoError(t, err)
	res := chooseFixture(t, "cutlass", pre3049)
	res.Runs[0].Compiled[0].Records[0].Addrs[0] = 1 << 20
	c, lines := count(res, true)
	require.Empty(t, lines)
	require.Equal(t, map[string]string{"RegularTileIterator": "cutlass"}, c.Variants[0].ClassModels)
	require.Positive(t, c.Variants[0].Mismatches)

	rendition, lines := count(chooseFixture(t, "tilecheck_cutlass", pre3049), true)
	require.Empty(t, lines)
	require.Nil(t, rendition.Variants[0].ClassModels)
}
