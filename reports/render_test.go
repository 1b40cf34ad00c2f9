package reports

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// TestJSONHasSchemaFields checks every field docs/contract.md#report-schema
// requires of the JSON
// report, at every level, by name.
func TestJSONHasSchemaFields(t *testing.T) {
	var buf bytes.Buffer
	if err := JSON(&buf, failingReport()); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("JSON does not parse: %v\n%s", err, buf.String())
	}
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
		if _, ok := m[k]; !ok {
			t.Errorf("%s: JSON lacks %q", what, k)
		}
	}
}

// TestJSONEmptyListsAreArrays: a report with no properties, controls,
// coverage or units still writes [] for each, and a control nobody killed
// has killed_by [], so scripts can iterate without null checks.
func TestJSONEmptyListsAreArrays(t *testing.T) {
	r := &report.Report{Tool: "tilecheck", Iterator: "x", Verdict: report.Weak}
	var buf bytes.Buffer
	if err := JSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"properties": []`, `"controls": []`, `"coverage": []`, `"units": []`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("JSON lacks %s:\n%s", want, buf.String())
		}
	}
	r.Controls = []report.Control{{ID: "C-rank-swap"}}
	buf.Reset()
	if err := JSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"killed_by": []`) {
		t.Errorf("control without killers should have killed_by []:\n%s", buf.String())
	}
	if r.Controls[0].KilledBy != nil {
		t.Error("JSON modified the caller's report")
	}
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
		if got := killCell(c, prop); got != want {
			t.Errorf("killCell(%s) = %q, want %q", prop, got, want)
		}
	}
	c.KilledBy = []string{"P-oracle"}
	if got := killCell(c, "P-sym"); got != markSurvived {
		t.Errorf("killCell(P-sym) after surviving = %q, want %q", got, markSurvived)
	}
}

func TestAddressTableUnevenLengths(t *testing.T) {
	tb := addressTable([]int64{80, 592}, []int64{88})
	want := [][]string{{"0", "80", "88", "8"}, {"1", "592", "-", "-"}}
	assertRows(t, tb, want)
}

// assertRows fails t unless the table's rows are want, cell for cell.
func assertRows(t *testing.T, tb *table, want [][]string) {
	t.Helper()
	if len(tb.rows) != len(want) {
		t.Fatalf("rows = %v, want %v", tb.rows, want)
	}
	for i := range want {
		if strings.Join(tb.rows[i], ",") != strings.Join(want[i], ",") {
			t.Errorf("row %d = %v, want %v", i, tb.rows[i], want[i])
		}
	}
}

// TestAddressTableNotSeen: an address compiled code's bytes did not show
// is printed as such, with no difference (a difference with math.MinInt64
// would be a number that means nothing), and the sentinel is the one the
// compiled traces hold.
func TestAddressTableNotSeen(t *testing.T) {
	if report.NotSeen != iterator.NoAddress {
		t.Fatalf("report.NotSeen = %d, iterator.NoAddress = %d: a compiled trace's unseen address would print as a number", report.NotSeen, iterator.NoAddress)
	}
	tb := addressTable([]int64{0, 2560}, []int64{512, iterator.NoAddress, iterator.NoAddress})
	want := [][]string{{"0", "0", "512", "512"}, {"1", "2560", "not seen", "-"}, {"2", "-", "not seen", "-"}}
	assertRows(t, tb, want)
}

// TestAddressListNotSeen: the CI formats print an unseen address as such,
// and other addresses exactly as fmt prints an []int64.
func TestAddressListNotSeen(t *testing.T) {
	if got, want := addressList([]int64{-8, 512, iterator.NoAddress}), "[-8 512 (not seen)]"; got != want {
		t.Errorf("addressList = %q, want %q", got, want)
	}
	if got, want := addressList(nil), "[]"; got != want {
		t.Errorf("addressList(nil) = %q, want %q", got, want)
	}
}

// TestMarkdownEscapesPipes: a pipe inside a cell would split it in two, and
// "<float>" would be swallowed as an HTML tag.
func TestMarkdownEscapesPipes(t *testing.T) {
	r := passingReport()
	r.Units = []report.Unit{{Path: "a|b<float>", Documented: "elements", Observed: "elements"}}
	var buf bytes.Buffer
	if err := Markdown(&buf, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `a\|b&lt;float>`) {
		t.Errorf("pipe or angle bracket not escaped:\n%s", buf.String())
	}
}

// TestFixedFloatFormatting: fractions never switch to exponent form and
// rates are whole numbers, so reports diff cleanly between runs.
func TestFixedFloatFormatting(t *testing.T) {
	if got := formatFraction(1e-7); got != "0.000" {
		t.Errorf("formatFraction(1e-7) = %q", got)
	}
	if got := formatRate(1234567.6); got != "1234568" {
		t.Errorf("formatRate = %q", got)
	}
}

// TestEmptySectionsSayNone: a report without coverage shows "(none)" rather
// than a header with no rows.
func TestEmptySectionsSayNone(t *testing.T) {
	r := passingReport()
	r.Coverage = nil
	var buf bytes.Buffer
	if err := TextWith(&buf, r, TextOptions{Verbose: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "Coverage\n--------\n(none)\n") {
		t.Errorf("empty coverage not shown as (none):\n%s", buf.String())
	}
}

func TestWriteAddresses(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteAddresses(&buf, []int64{144}, []int64{336}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "| 0      | 144      | 336    | 192             |") {
		t.Errorf("unexpected table:\n%s", buf.String())
	}
}

// TestOnlyFailuresShowCounterexamples: an audit-only property (P-frag) can
// carry an example, but it is a fact about the instantiation, not a failure
// of the iterator, so no counterexample section is drawn for it.
func TestOnlyFailuresShowCounterexamples(t *testing.T) {
	r := passingReport()
	r.Properties = append(r.Properties, report.Property{ID: "P-frag", Status: report.Audited,
		Counterexample: &report.Counterexample{Config: "x", Ops: "load()", Expected: []int64{4}, Actual: []int64{6}}})
	var buf bytes.Buffer
	if err := Text(&buf, r); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "Counterexample") {
		t.Errorf("audit example rendered as a counterexample:\n%s", buf.String())
	}
}

// TestIdenticalKillMatricesShownOnce: when every model's controls fared
// alike, the matrix document shows one kill matrix, not one per model.
func TestIdenticalKillMatricesShownOnce(t *testing.T) {
	var buf bytes.Buffer
	if err := TextMatrixWith(&buf, sameControlsMatrix(), TextOptions{Verbose: true}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), "Controls (kill matrix)"); n != 1 {
		t.Errorf("%d kill matrices, want 1:\n%s", n, buf.String())
	}
	buf.Reset()
	if err := TextMatrixWith(&buf, fixtureMatrix(), TextOptions{Verbose: true}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), "Controls (kill matrix)"); n != 2 {
		t.Errorf("%d kill matrices for differing models, want 2", n)
	}
}

// An all-classes matrix gives each class its own model × property table,
// with that class's properties only (P-traverse is a family property).
func TestMatrixPerClass(t *testing.T) {
	var b bytes.Buffer
	if err := TextMatrixWith(&b, classesMatrix(), TextOptions{Verbose: true}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, class := range []string{"RegularTileIterator", "PredicatedTileAccessIterator"} {
		if n := strings.Count(out, "Model × property: "+class+"\n"); n != 1 {
			t.Errorf("%d model × property sections for %s, want 1", n, class)
		}
	}
	regular := out[strings.Index(out, "Model × property: RegularTileIterator"):strings.Index(out, "Model × property: PredicatedTileAccessIterator")]
	if strings.Contains(regular, "P-traverse") {
		t.Errorf("the RegularTileIterator matrix has a P-traverse row:\n%s", regular)
	}
	if !strings.Contains(out, "PredicatedTileAccessIterator: cutlass: Counterexample: P-tile") {
		t.Errorf("the family counterexample is not labelled with its class:\n%s", out)
	}
	if !strings.Contains(out, "2 models × 2 iterator classes") {
		t.Errorf("summary does not count models and classes:\n%s", out)
	}
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
		if err := render(&b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out := b.String()
		if strings.Contains(out, "398 of 116") || !strings.Contains(out, "398 violations across 116 cases") {
			t.Errorf("%s: want \"398 violations across 116 cases\", got:\n%s", name, out)
		}
	}
}

// TestGitHubMatrixFailuresAreNotices: in the all-models matrix, whose
// exit status counts only errors and weak evidence, the built-in models'
// failing properties are notices, after a first notice that says why; one
// iterator swept keeps them errors.
func TestGitHubMatrixFailuresAreNotices(t *testing.T) {
	m := fixtureMatrix()
	var matrix, one bytes.Buffer
	if err := GitHubAnnotationsWith(&matrix, m, GitHubOptions{Matrix: true}); err != nil {
		t.Fatal(err)
	}
	if err := GitHubAnnotations(&one, m); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(matrix.String()), "\n")
	if !strings.HasPrefix(lines[0], "::notice title=tilecheck all-models matrix::") || !strings.Contains(lines[0], "expected findings") {
		t.Errorf("first annotation does not say why failures are notices: %q", lines[0])
	}
	var notices int
	for _, l := range lines {
		if strings.HasPrefix(l, "::error") {
			t.Errorf("error annotation in the all-models matrix: %q", l)
		}
		if strings.HasPrefix(l, "::notice title=tilecheck P-") {
			notices++
		}
	}
	if notices == 0 {
		t.Error("no failing property annotated in the all-models matrix")
	}
	if !strings.Contains(one.String(), "::error title=tilecheck P-") {
		t.Errorf("one iterator's failing properties are not errors:\n%s", one.String())
	}
}

// TestMarkdownFoldsAreNotHeadings: a folded section's summary is not
// repeated as a visible heading.
func TestMarkdownFoldsAreNotHeadings(t *testing.T) {
	for name, render := range map[string]func(*bytes.Buffer) error{
		"report": func(b *bytes.Buffer) error { return Markdown(b, failingReport()) },
		"matrix": func(b *bytes.Buffer) error { return MarkdownMatrix(b, classesMatrix()) },
	} {
		var b bytes.Buffer
		if err := render(&b); err != nil {
			t.Fatal(err)
		}
		headings := map[string]bool{}
		folds := 0
		for _, l := range strings.Split(b.String(), "\n") {
			if h, ok := strings.CutPrefix(strings.TrimLeft(l, "#"), " "); ok && strings.HasPrefix(l, "#") {
				headings[h] = true
			}
			if f, ok := strings.CutPrefix(l, "<details><summary>"); ok {
				folds++
				if f = strings.TrimSuffix(f, "</summary>"); headings[f] {
					t.Errorf("%s: fold %q is a heading too", name, f)
				}
			}
		}
		if folds == 0 {
			t.Errorf("%s: no folded section", name)
		}
	}
}
