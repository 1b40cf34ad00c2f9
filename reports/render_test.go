package reports

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// TestJSONHasSchemaFields checks every field docs/contract.md#report-schema
// requires of the JSON
// report, at every level, by name.
func TestJSONHasSchemaFields(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, JSON(&buf, failingReport()))
	var doc map[string]any
	require.NoError(t, json.Unmarshal(buf.Bytes(), &doc), "JSON does not parse\n%s", buf.String())
	requireKeys(t, "report", doc, "tool", "version", "iterator", "preset", "seed", "verdict", "configs",
		"checks", "elapsed_s", "checks_per_second", "properties", "controls", "coverage", "units")
	requireKeys(t, "configs", doc["configs"].(map[string]any), "valid", "invalid")
	prop := doc["properties"].([]any)[0].(map[string]any)
	requireKeys(t, "property", prop, "id", "status", "cases", "violations", "counterexample")
	requireKeys(t, "counterexample", prop["counterexample"].(map[string]any), "config", "ops", "thread", "expected", "actual", "replay")
	requireKeys(t, "control", doc["controls"].([]any)[0].(map[string]any), "id", "killed", "killed_by")
	requireKeys(t, "coverage", doc["coverage"].([]any)[0].(map[string]any), "class", "fraction", "floor", "ok")
	requireKeys(t, "unit", doc["units"].([]any)[0].(map[string]any), "path", "documented", "observed")
}

func requireKeys(t *testing.T, what string, m map[string]any, keys ...string) {
	t.Helper()
	for _, k := range keys {
		assert.Contains(t, m, k, "%s: JSON lacks %q", what, k)
	}
}

// TestJSONEmptyListsAreArrays: a report with no properties, controls,
// coverage or units still writes [] for each, and a control nobody killed
// has killed_by [], so scripts can iterate without null checks.
func TestJSONEmptyListsAreArrays(t *testing.T) {
	r := &report.Report{Tool: "tilecheck", Iterator: "x", Verdict: report.Weak}
	var buf bytes.Buffer
	require.NoError(t, JSON(&buf, r))
	for _, want := range []string{`"properties": []`, `"controls": []`, `"coverage": []`, `"units": []`} {
		assert.Contains(t, buf.String(), want, "JSON lacks")
	}
	r.Controls = []report.Control{{ID: "C-rank-swap"}}
	buf.Reset()
	require.NoError(t, JSON(&buf, r))
	assert.Contains(t, buf.String(), `"killed_by": []`, "control without killers should have killed_by []")
	assert.Nil(t, r.Controls[0].KilledBy, "JSON modified the caller's report")
}

// TestKillCell derives each mark from the control rules
// (docs/contract.md#controls) by hand: C-both-div
// must be killed by P-tile and must survive P-sym.
func TestKillCell(t *testing.T) {
	c := report.Control{ID: "C-both-div", KilledBy: []string{"P-sym", "P-oracle", "P-unit"}, MustKill: []string{"P-tile", "P-oracle"}, MustSurvive: []string{"P-sym"}}
	for prop, want := range map[string]string{
		"P-sym":    markForbidden,      // killed, but must survive
		"P-oracle": markKilledRequired, // required and killed
		"P-unit":   markKilledExtra,    // killed, not required
		"P-tile":   markRequiredMiss,   // required, not killed
		"P-inc":    markNone,           // neither
	} {
		assert.Equal(t, want, killCell(c, prop), "killCell(%s)", prop)
	}
	c.KilledBy = []string{"P-oracle"}
	assert.Equal(t, markSurvived, killCell(c, "P-sym"), "killCell(P-sym) after surviving")
}

func TestAddressTableUnevenLengths(t *testing.T) {
	tb := addressTable([]int64{80, 592}, []int64{88})
	want := [][]string{{"0", "80", "88", "8"}, {"1", "592", "-", "-"}}
	assertRows(t, tb, want)
}

// assertRows fails t unless the table's rows are want, cell for cell.
func assertRows(t *testing.T, tb *table, want [][]string) {
	t.Helper()
	require.Len(t, tb.rows, len(want), "rows")
	for i := range want {
		assert.Equal(t, strings.Join(want[i], ","), strings.Join(tb.rows[i], ","), "row %d", i)
	}
}

// TestAddressTableNotSeen: an address compiled code's bytes did not show
// is printed as such, with no difference (a difference with math.MinInt64
// would be a number that means nothing), and the sentinel is the one the
// compiled traces hold.
func TestAddressTableNotSeen(t *testing.T) {
	require.Equal(t, iterator.NoAddress, report.NotSeen, "report.NotSeen, iterator.NoAddress: a compiled trace's unseen address would print as a number")
	tb := addressTable([]int64{0, 2560}, []int64{512, iterator.NoAddress, iterator.NoAddress})
	want := [][]string{{"0", "0", "512", "512"}, {"1", "2560", "not seen", "-"}, {"2", "-", "not seen", "-"}}
	assertRows(t, tb, want)
}

// TestAddressListNotSeen: the CI formats print an unseen address as such,
// and other addresses exactly as fmt prints an []int64.
func TestAddressListNotSeen(t *testing.T) {
	assert.Equal(t, "[-8 512 (not seen)]", addressList([]int64{-8, 512, iterator.NoAddress}), "addressList")
	got, want := addressList(nil), "[]"
	assert.Equal(t, want, got, "addressList(nil)")
}

// TestMarkdownEscapesPipes: a pipe inside a cell would split it in two, and
// "<float>" would be swallowed as an HTML tag.
func TestMarkdownEscapesPipes(t *testing.T) {
	r := passingReport()
	r.Units = []report.Unit{{Path: "a|b<float>", Documented: "elements", Observed: "elements"}}
	var buf bytes.Buffer
	require.NoError(t, Markdown(&buf, r))
	assert.Contains(t, buf.String(), `a\|b&lt;float>`, "pipe or angle bracket not escaped")
}

// TestFixedFloatFormatting: fractions never switch to exponent form and
// rates are whole numbers, so reports diff cleanly between runs.
func TestFixedFloatFormatting(t *testing.T) {
	got := formatFraction(1e-7)
	assert.Equal(t, "0.000", got, "formatFraction(1e-7)")
	assert.Equal(t, "1234568", formatRate(1234567.6), "formatRate")
}

// TestEmptySectionsSayNone: a report without coverage shows "(none)" rather
// than a header with no rows.
func TestEmptySectionsSayNone(t *testing.T) {
	r := passingReport()
	r.Coverage = nil
	var buf bytes.Buffer
	require.NoError(t, TextWith(&buf, r, TextOptions{Verbose: true}))
	assert.Contains(t, buf.String(), "Coverage\n--------\n(none)\n", "empty coverage not shown as (none)")
}

func TestWriteAddresses(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, WriteAddresses(&buf, []int64{144}, []int64{336}))
	assert.Contains(t, buf.String(), "| 0      | 144      | 336    | 192             |", "unexpected table")
}

// TestOnlyFailuresShowCounterexamples: an audit-only property (P-frag) can
// carry an example, but it is a fact about the instantiation, not a failure
// of the iterator, so no counterexample section is drawn for it.
func TestOnlyFailuresShowCounterexamples(t *testing.T) {
	r := passingReport()
	r.Properties = append(r.Properties, report.Property{ID: "P-frag", Status: report.Audited,
		Counterexample: &report.Counterexample{Config: "x", Ops: "load()", Expected: []int64{4}, Actual: []int64{6}}})
	var buf bytes.Buffer
	require.NoError(t, Text(&buf, r))
	assert.NotContains(t, buf.String(), "Counterexample", "audit example rendered as a counterexample")
}

// TestIdenticalKillMatricesShownOnce: when every model's controls fared
// alike, the matrix document shows one kill matrix, not one per model.
func TestIdenticalKillMatricesShownOnce(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, TextMatrixWith(&buf, sameControlsMatrix(), TextOptions{Verbose: true}))
	assert.Equal(t, 1, strings.Count(buf.String(), "Controls (kill matrix)"), "kill matrices, want 1:\n%s", buf.String())
	buf.Reset()
	require.NoError(t, TextMatrixWith(&buf, fixtureMatrix(), TextOptions{Verbose: true}))
	assert.Equal(t, 2, strings.Count(buf.String(), "Controls (kill matrix)"), "kill matrices for differing models, want 2")
}

// An all-classes matrix gives each class its own model × property table,
// with that class's properties only (P-traverse is a family property).
func TestMatrixPerClass(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, TextMatrixWith(&b, classesMatrix(), TextOptions{Verbose: true}))
	out := b.String()
	for _, class := range []string{"RegularTileIterator", "PredicatedTileAccessIterator"} {
		assert.Equal(t, 1, strings.Count(out, "Model × property: "+class+"\n"), "model × property sections for %s, want 1", class)
	}
	regular := out[strings.Index(out, "Model × property: RegularTileIterator"):strings.Index(out, "Model × property: PredicatedTileAccessIterator")]
	assert.NotContains(t, regular, "P-traverse", "the RegularTileIterator matrix has a P-traverse row")
	assert.Contains(t, out, "PredicatedTileAccessIterator: cutlass: Counterexample: P-tile", "the family counterexample is not labelled with its class")
	assert.Contains(t, out, "2 models × 2 iterator classes", "summary does not count models and classes")
}

// TestCIViolationCounts: a property's violations are not its failing
// cases (a case can violate it many times), so the CI formats must not
// print them as "N of M cases": a fresh-clone run read "P-tile violated in
// 398 of 116 cases".
func TestCIViolationCounts(t *testing.T) {
	m := &report.Matrix{Preset: "quick", Seed: 1, Reports: []*report.Report{{
		Iterator: "cutlass", Class: "RegularTileIterator", Verdict: report.Fail,
		Properties: []report.Property{{ID: "P-tile", Doc: "tile offsets", Status: report.Violated, Cases: 116, Violations: 398}},
	}}}
	for name, render := range map[string]func(*bytes.Buffer) error{
		"github": func(b *bytes.Buffer) error { return GitHubAnnotations(b, m) },
		"junit":  func(b *bytes.Buffer) error { return JUnit(b, m) },
	} {
		var b bytes.Buffer
		require.NoError(t, render(&b), "%s", name)
		out := b.String()
		assert.NotContains(t, out, "398 of 116", "%s: want \"398 violations across 116 cases\"", name)
		assert.Contains(t, out, "398 violations across 116 cases", "%s: want \"398 violations across 116 cases\"", name)
	}
}

// TestGitHubMatrixFailuresAreNotices: in the all-models matrix, whose
// exit status counts only errors and weak evidence, the built-in models'
// failing properties are notices, after a first notice that says why; one
// iterator swept keeps them errors.
func TestGitHubMatrixFailuresAreNotices(t *testing.T) {
	m := fixtureMatrix()
	var matrix, one bytes.Buffer
	require.NoError(t, GitHubAnnotationsWith(&matrix, m, GitHubOptions{Matrix: true}))
	require.NoError(t, GitHubAnnotations(&one, m))
	lines := strings.Split(strings.TrimSpace(matrix.String()), "\n")
	assert.True(t, strings.HasPrefix(lines[0], "::notice title=tilecheck all-models matrix::"), "first annotation does not say why failures are notices: %q", lines[0])
	assert.Contains(t, lines[0], "expected findings", "first annotation does not say why failures are notices")
	var notices int
	for _, l := range lines {
		assert.False(t, strings.HasPrefix(l, "::error"), "error annotation in the all-models matrix: %q", l)
		if strings.HasPrefix(l, "::notice title=tilecheck P-") {
			notices++
		}
	}
	assert.NotZero(t, notices, "no failing property annotated in the all-models matrix")
	assert.Contains(t, one.String(), "::error title=tilecheck P-", "one iterator's failing properties are not errors")
}

// TestMarkdownFoldsAreNotHeadings: a folded section's summary is not
// repeated as a visible heading.
func TestMarkdownFoldsAreNotHeadings(t *testing.T) {
	for name, render := range map[string]func(*bytes.Buffer) error{
		"report": func(b *bytes.Buffer) error { return Markdown(b, failingReport()) },
		"matrix": func(b *bytes.Buffer) error { return MarkdownMatrix(b, classesMatrix()) },
	} {
		var b bytes.Buffer
		require.NoError(t, render(&b))
		headings := map[string]bool{}
		folds := 0
		for _, l := range strings.Split(b.String(), "\n") {
			if h, ok := strings.CutPrefix(strings.TrimLeft(l, "#"), " "); ok && strings.HasPrefix(l, "#") {
				headings[h] = true
			}
			if f, ok := strings.CutPrefix(l, "<details><summary>"); ok {
				folds++
				f = strings.TrimSuffix(f, "</summary>")
				assert.False(t, headings[f], "%s: fold %q is a heading too", name, f)
			}
		}
		assert.NotZero(t, folds, "%s: no folded section", name)
	}
}
