package reports

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/report"
)

// baselineReport is failingReport judged against a baseline: P-sym is
// new, P-tile known (recorded under another law), P-inc fixed.
func baselineReport() *report.Report {
	r := failingReport()
	tile := r.Properties[0]
	tile.ID, tile.Doc = "P-tile", "op(a,b) equals add_tile_offset(a,b); op()"
	r.Properties = append(r.Properties, tile)
	finding := func(property, law, note string) report.Finding {
		return report.Finding{Class: "RegularTileIterator", Iterator: "cutlass-pre3049", Source: "model", Property: property, Law: law, Note: note}
	}
	known := finding("P-tile", "store(·,·) ≡ add_tile_offset(·,·); store()", "the symmetric bug, fixed upstream later")
	known.Seen = "load(·,·) ≡ add_tile_offset(·,·); load()"
	r.Baseline = &report.Findings{File: "tilecheck-baseline.json", Gate: report.Fail,
		New:   []report.Finding{finding("P-sym", "store(·,·) ≡ load(·,·)", "")},
		Known: []report.Finding{known},
		Fixed: []report.Finding{finding("P-inc", "inc; load() ≡ add_tile_offset(·,·); load()", "operator++ off by a tile")},
	}
	return r
}

// baselineRenderings are every format of baselineReport.
var baselineRenderings = []struct {
	name   string
	render func(io.Writer) error
}{
	{"baseline.txt", func(w io.Writer) error { return Text(w, baselineReport()) }},
	{"baseline.md", func(w io.Writer) error { return Markdown(w, baselineReport()) }},
	{"baseline.json", func(w io.Writer) error { return JSON(w, baselineReport()) }},
	{"baseline.junit.xml", func(w io.Writer) error {
		return JUnit(w, &report.Matrix{Reports: []*report.Report{baselineReport()}})
	}},
	{"baseline.github.txt", func(w io.Writer) error {
		return GitHubAnnotations(w, &report.Matrix{Reports: []*report.Report{baselineReport()}})
	}},
	{"baseline-matrix.txt", func(w io.Writer) error {
		return TextMatrix(w, &report.Matrix{Preset: "quick", Seed: 1, Verdict: report.Fail, Reports: []*report.Report{baselineReport()}})
	}},
}

// TestEveryFormatShowsTheThreeGroups: each format names the new finding as
// new, the known one as known and the fixed one as fixed.
func TestEveryFormatShowsTheThreeGroups(t *testing.T) {
	want := map[string][]string{
		"baseline.txt":        {"New findings (1)", "Known findings still present (1)", "FIXED findings (1)", "Gate (known findings discounted; the exit status follows it): FAIL", "this run broke load(·,·)"},
		"baseline.md":         {"New findings (1)", "Known findings still present (1)", "FIXED findings (1)", "the symmetric bug"},
		"baseline.json":       {`"new": [`, `"known": [`, `"fixed": [`, `"gate": "fail"`, `"seen": "load(·,·) ≡ add_tile_offset(·,·); load()"`},
		"baseline.junit.xml":  {`<failure message="NEW finding (not in baseline tilecheck-baseline.json): P-sym violated`, `<skipped message="known finding (baseline tilecheck-baseline.json): P-tile violated`, `name="FIXED P-inc"`, `name="gate" value="fail"`},
		"baseline.github.txt": {"::error title=tilecheck NEW finding P-sym", "::notice title=tilecheck known finding P-tile", "::warning title=tilecheck FIXED finding P-inc", "gate fail"},
		"baseline-matrix.txt": {"New findings (1)", "Known findings still present (1)", "FIXED findings (1)", "Gate (known findings discounted; the exit status follows it): FAIL"},
	}
	for _, c := range baselineRenderings {
		var b bytes.Buffer
		require.NoError(t, c.render(&b), c.name)
		for _, s := range want[c.name] {
			assert.Contains(t, b.String(), s, c.name)
		}
	}
}

// TestWithoutABaselineNoGroups: a run given no baseline renders no known-findings section.
func TestWithoutABaselineNoGroups(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Text(&b, failingReport()))
	assert.NotContains(t, b.String(), "Known findings")
	assert.NotContains(t, b.String(), "Gate")
	b.Reset()
	require.NoError(t, JSON(&b, failingReport()))
	assert.NotContains(t, b.String(), `"baseline"`)
}
