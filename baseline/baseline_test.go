package baseline_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/baseline"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// sweepOf is a quick Go sweep of model on seed.
func sweepOf(t *testing.T, model string, seed int64) *report.Report {
	t.Helper()
	r, err := sweep.Run(context.Background(), sweep.Options{Iterator: model, Preset: gen.Quick, Seed: seed})
	require.NoError(t, err)
	return r
}

func ids(fs []report.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Property)
	}
	return out
}

func TestBaselineOfAFailingRunPassesItOnAnotherSeed(t *testing.T) {
	first := sweepOf(t, "cutlass-pre3049", 1)
	require.Equal(t, report.Fail, first.Verdict)
	f, fixed := baseline.Update(nil, []*report.Report{first}, nil)
	require.Empty(t, fixed)
	require.NotEmpty(t, f.Findings)

	again := sweepOf(t, "cutlass-pre3049", 2)
	require.Equal(t, report.Fail, again.Verdict, "the run still fails: the baseline discounts it, it does not hide it")
	baseline.Apply(&report.Matrix{Reports: []*report.Report{again}}, f, "b.json")
	b := again.Baseline
	require.NotNil(t, b)
	assert.Empty(t, b.New)
	assert.Empty(t, b.Fixed)
	assert.ElementsMatch(t, ids(baseline.Of(again)), ids(b.Known))
	assert.Equal(t, report.Pass, b.Gate)
	assert.Equal(t, report.Pass, baseline.Verdict(again))
}

func TestANewFindingFailsTheGate(t *testing.T) {
	r := sweepOf(t, "cutlass-pre3049", 1)
	f, _ := baseline.Update(nil, []*report.Report{r}, nil)
	var kept []report.Finding
	for _, e := range f.Findings {
		if e.Property != "P-sym" {
			kept = append(kept, e)
		}
	}
	require.Len(t, kept, len(f.Findings)-1)
	f.Findings = kept

	baseline.Apply(&report.Matrix{Reports: []*report.Report{r}}, f, "b.json")
	assert.Equal(t, []string{"P-sym"}, ids(r.Baseline.New))
	assert.Equal(t, report.Fail, r.Baseline.Gate)
	assert.NotContains(t, ids(r.Baseline.Known), "P-sym")
}

func TestAFixedFindingIsReported(t *testing.T) {
	// The release before the fix failed P-sym; the fixed model holds it.
	before := sweepOf(t, "cutlass-pre3049", 1)
	f, _ := baseline.Update(nil, []*report.Report{before}, nil)
	for i := range f.Findings {
		f.Findings[i].Iterator = "cutlass"
	}
	after := sweepOf(t, "cutlass", 1)
	baseline.Apply(&report.Matrix{Reports: []*report.Report{after}}, f, "b.json")
	assert.Equal(t, []string{"P-sym"}, ids(after.Baseline.Fixed))
	assert.Empty(t, after.Baseline.New)
	assert.Equal(t, report.Pass, after.Baseline.Gate)

	updated, dropped := baseline.Update(f, []*report.Report{after}, nil)
	assert.Equal(t, []string{"P-sym"}, ids(dropped))
	assert.NotContains(t, ids(updated.Findings), "P-sym")
}

func TestOtherIteratorsEntriesAreNeitherKnownNorFixed(t *testing.T) {
	r := sweepOf(t, "cutlass", 1)
	other := &baseline.File{Version: baseline.Version, Findings: []report.Finding{
		{Class: "RegularTileIterator", Iterator: "cutlass", Source: baseline.SourceCompiled, Property: "P-sym"},
		{Class: "PredicatedTileIterator", Iterator: "cutlass", Source: baseline.SourceModel, Property: "P-sym"},
	}}
	baseline.Apply(&report.Matrix{Reports: []*report.Report{r}}, other, "b.json")
	assert.Empty(t, r.Baseline.Fixed)
	assert.Empty(t, r.Baseline.Known)
	assert.ElementsMatch(t, ids(baseline.Of(r)), ids(r.Baseline.New))

	updated, _ := baseline.Update(other, []*report.Report{r}, nil)
	assert.Subset(t, updated.Findings, other.Findings, "update keeps what the reports did not judge")
}

func TestAKnownPropertyBreakingAnotherLawIsKnown(t *testing.T) {
	r := sweepOf(t, "cutlass-pre3049", 1)
	f, _ := baseline.Update(nil, []*report.Report{r}, nil)
	for i := range f.Findings {
		if f.Findings[i].Property == "P-tile" {
			f.Findings[i].Law = "store(·,·) ≡ add_tile_offset(·,·); store()"
			f.Findings[i].Note = "the symmetric bug"
		}
	}
	baseline.Apply(&report.Matrix{Reports: []*report.Report{r}}, f, "b.json")
	var tile report.Finding
	for _, k := range r.Baseline.Known {
		if k.Property == "P-tile" {
			tile = k
		}
	}
	assert.Equal(t, "the symmetric bug", tile.Note)
	assert.Equal(t, "load(·,·) ≡ add_tile_offset(·,·); load()", tile.Seen)
	assert.Empty(t, r.Baseline.New)

	updated, _ := baseline.Update(f, []*report.Report{r}, nil)
	var laws []string
	for _, e := range updated.Findings {
		if e.Property == "P-tile" {
			laws = append(laws, e.Law)
		}
	}
	assert.Equal(t, []string{"load(·,·) ≡ add_tile_offset(·,·); load()", "store(·,·) ≡ add_tile_offset(·,·); store()"}, laws)
}

func TestGateIsWeakWhenTheEvidenceIs(t *testing.T) {
	r := sweepOf(t, "cutlass-pre3049", 1)
	f, _ := baseline.Update(nil, []*report.Report{r}, nil)
	r.Coverage[0].OK = false
	baseline.Apply(&report.Matrix{Reports: []*report.Report{r}}, f, "b.json")
	assert.Equal(t, report.Weak, r.Baseline.Gate)
}

func TestLaw(t *testing.T) {
	for detail, want := range map[string]string{
		"op 0: store(1,-2) differs from add_tile_offset(1,-2); store() (expected from `add_tile_offset(1,-2);store()`, actual from `store(1,-2)`)": "store(·,·) ≡ add_tile_offset(·,·); store()",
		"op 2: dec; load() differs from add_tile_offset(-1,0); load() (expected from `x`)":                                                         "dec; load() ≡ add_tile_offset(·,·); load()",
		"op 0: load(1,0) differs from the reference":                                                                                               "load(·,·) ≡ the reference",
		"op 0: access 0 at byte -4 is not a multiple of A=8":                                                                                       "",
		"": "",
	} {
		assert.Equal(t, want, baseline.Law(detail), detail)
	}
}
