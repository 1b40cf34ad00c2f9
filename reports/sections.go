package reports

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/report"
)

// A document is what Text and Markdown both render: a title, summary lines
// and a list of sections. Building it once keeps the two formats saying the
// same things in the same order; each renderer only decides how a heading, a
// table or a code block looks.
type document struct {
	title    string
	summary  []string
	sections []section
	// trailer is the summary after the sections: what the detail sections
	// say in a line each, and the verdict last, so that the end of the
	// output (all a terminal may still show) states the outcome. A line
	// marked with longSectionsMark names what the long sections hold; each
	// renderer says where they are (longSections).
	trailer []string
}

// longSectionsMark starts a trailer line naming what the long sections
// hold, which text shows only with --verbose and Markdown folds.
const longSectionsMark = "\x00long:"

// longSections is trailer line as a renderer prints it: a line marked
// with longSectionsMark finished with where the long sections are.
func longSections(line string, markdown, verbose bool) string {
	what, ok := strings.CutPrefix(line, longSectionsMark)
	switch {
	case !ok:
		return line
	case markdown:
		return what + " are in the folded sections above."
	case verbose:
		return what + " are in the sections above."
	}
	return what + " are in the long sections: --verbose shows them."
}

// section is one heading followed by blocks in order.
type section struct {
	heading string
	level   int // 2 for report sections, 3 for one counterexample
	blocks  []block
	// fold asks Markdown to fold the blocks under a <details> summary:
	// long lists that would bury the findings in a pasted issue.
	fold string
	// detail marks a long section that text shows only with Verbose (the
	// trailer sums it up); Markdown folds it.
	detail bool
	// picture is a counterexample's picture, which HTML shows and Markdown
	// links where it was written; nil: none.
	picture *pictureRef
}

// block is a paragraph, a labelled value, a table or a command to replay;
// exactly one of text, label, table and code is set.
type block struct {
	text  string
	label string // with value: "label: value"
	value string
	prose bool // the value is prose (may hold its own `code`), not a literal
	table *table
	code  string
}

// table is a header and rows of already formatted cells.
type table struct {
	header []string
	rows   [][]string
	// verboseCols are columns that text shows only with Verbose (a long
	// statement that would push a table past 100 columns).
	verboseCols []int
}

func para(format string, args ...any) block { return block{text: fmt.Sprintf(format, args...)} }

// field is a labelled value such as a configuration or an op program, which
// Markdown shows as code so that underscores and stars stay literal.
func field(label, value string) block { return block{label: label, value: value} }

// note is a labelled sentence; Markdown shows it as written.
func note(label, value string) block { return block{label: label, value: value, prose: true} }

// Marks used in kill matrices. They are the same in every format so that a
// report pasted from a terminal and one rendered as Markdown read alike.
const (
	markKilledRequired = "✓" // killed by a property required to kill it
	markKilledExtra    = "+" // killed by a property not required to
	markRequiredMiss   = "✗" // a required killer did not kill it
	markForbidden      = "!" // killed by a property that must not kill it
	markSurvived       = "s" // survived a property that must not kill it, as required
	markNone           = ""
	cellMissing        = "-"                // an expected or actual address that does not exist
	cellNotSeen        = report.NotSeenText // a compiled access whose bytes showed no address
)

// formatFraction prints a fraction with fixed precision, never in exponent form.
func formatFraction(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) }

// formatRate prints checks per second as a whole number.
func formatRate(f float64) string { return strconv.FormatFloat(f, 'f', 0, 64) }

// formatSeconds prints elapsed seconds with millisecond precision.
func formatSeconds(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) }

func yesNo(ok bool) string {
	if ok {
		return "yes"
	}
	return "NO"
}

// statusCell shows a failing status in capitals so it stands out in a
// matrix of passes; every other status is its name (pass, n/a, audit).
func statusCell(status report.Status) string {
	if status == report.Violated {
		return "FAIL"
	}
	return status.String()
}

func verdictCell(v report.Verdict) string { return strings.ToUpper(v.String()) }

// summaryLines is the report's one-glance header: iterator, preset, seed,
// verdict, configuration counts, checks and throughput.
func summaryLines(r *report.Report) []string {
	name := r.Iterator
	if r.Class != "" {
		name += " (" + r.Class + ")"
	}
	backend := ""
	if r.Backend != "" {
		backend = ", backend " + r.Backend
	}
	subject, configs := "iterator", fmt.Sprintf("configs %d valid, %d invalid", r.Configs.Valid, r.Configs.Invalid)
	if isCute(r) {
		subject = "source"
		configs = fmt.Sprintf("cases %d inside every precondition, %d refused", r.Configs.Valid, r.Configs.Invalid)
	}
	counts := fmt.Sprintf("%s; %d checks in %s s (%s checks/s)",
		configs, r.Checks, formatSeconds(r.ElapsedS), formatRate(r.ChecksPerSecond))
	if tool := strings.TrimSpace(r.Tool + " " + r.Version); tool != "" {
		counts += "; " + tool // a report made through the library may leave these empty
	}
	out := []string{
		fmt.Sprintf("%s %s, preset %s, seed %d%s: verdict %s", subject, name, r.Preset, r.Seed, backend, verdictCell(r.Verdict)),
		counts,
	}
	if r.Interrupted != "" {
		out = append(out, "INTERRUPTED: "+r.Interrupted)
	}
	if r.IsShard() {
		out = append(out, "SHARD: one part of a sharded sweep; tilecheck merge joins the parts' JSON reports")
	}
	return out
}

// reportDocument lays out one iterator's report: the properties and the
// counterexamples, then the long sections (detail), then a summary.
func reportDocument(r *report.Report) document {
	d := document{title: "tilecheck sweep: " + r.Iterator, summary: summaryLines(r)}
	if isCute(r) {
		d.title = "tilecheck cute sweep: " + r.Iterator
	}
	d.sections = append(d.sections, propertiesSection(r))
	d.sections = append(d.sections, counterexampleSections(r)...)
	d.sections = append(d.sections, detail(killMatrixSection(r)), detail(coverageSection(r)))
	if !isCute(r) { // a layout has no offset units to infer
		d.sections = append(d.sections, detail(unitsSection(r)))
	}
	if len(r.Audit) > 0 {
		d.sections = append(d.sections, detail(auditSection(r)))
	}
	if len(r.Unavailable) > 0 {
		d.sections = append(d.sections, detail(unavailableSection(r.Unavailable)))
	}
	d.sections = append(d.sections, baselineSections([]*report.Report{r})...)
	d.trailer = reportTrailer(r)
	if r.Baseline != nil {
		d.trailer = append(d.trailer, baselineTrailer([]*report.Report{r}, r.Baseline.Gate)...)
	}
	return d
}

// detail marks s as a long section: text shows it with Verbose, Markdown
// folds it.
func detail(s section) section {
	s.detail = true
	if s.fold == "" {
		s.fold = s.heading
	}
	return s
}

// reportTrailer sums up one report's detail sections and ends with its
// verdict.
func reportTrailer(r *report.Report) []string {
	kOK, kN := controlsOK(r)
	fOK, fN := floorsMet(r)
	out := []string{fmt.Sprintf("Controls: %d of %d killed as required. Coverage floors: %d of %d met.", kOK, kN, fOK, fN)}
	var missed []string
	for _, c := range r.Coverage {
		if !c.OK {
			missed = append(missed, fmt.Sprintf("%s (%s < %s)", c.Class, formatFraction(c.Fraction), formatFraction(c.Floor)))
		}
	}
	for _, c := range r.Controls {
		if !c.OK {
			missed = append(missed, c.ID+" "+strings.ToLower(controlCell(c)))
		}
	}
	if len(missed) > 0 {
		out = append(out, "Weak evidence: "+strings.Join(missed, ", ")+".")
	}
	if len(r.Audit)+len(r.Unavailable) > 0 {
		out = append(out, fmt.Sprintf("Audit: %d entries; unavailable paths: %d.", len(r.Audit), len(r.Unavailable)))
	}
	if r.Interrupted != "" {
		out = append(out, "INTERRUPTED: "+r.Interrupted+"; this report covers only what was judged.")
	}
	return append(out, "Verdict: "+verdictCell(r.Verdict))
}

func propertiesSection(r *report.Report) section {
	t := &table{header: []string{"property", "status", "cases", "violations", "statement"}, verboseCols: []int{4}}
	for _, p := range r.Properties {
		t.rows = append(t.rows, []string{p.ID, statusCell(p.Status), strconv.FormatInt(p.Cases, 10), strconv.FormatInt(p.Violations, 10), p.Doc})
	}
	return section{heading: "Properties", level: 2, blocks: []block{{table: t}}}
}

// counterexampleSections gives one section per failing property that carries
// a shrunk counterexample: the case, the addresses side by side and the
// command that replays it. Audit-only properties (P-frag) may carry an
// example too, but it is a fact about the instantiation, shown in the audit.
func counterexampleSections(r *report.Report) []section {
	var out []section
	for _, p := range r.Properties {
		cx := p.Counterexample
		if cx == nil || p.Status != report.Violated {
			continue
		}
		s := section{heading: "Counterexample: " + p.ID, level: 3}
		s.blocks = append(s.blocks,
			field("config", cx.Config),
			field("ops", cx.Ops),
			note("thread", threadLabel(cx.Thread)))
		if cx.Detail != "" {
			s.blocks = append(s.blocks, note("detail", cx.Detail))
		}
		if len(cx.Expected)+len(cx.Actual) > 0 { // P-exact, for one, is about arithmetic, not addresses
			s.blocks = append(s.blocks, block{table: addressTable(cx.Expected, cx.Actual)})
		}
		if !cx.Replay.IsZero() {
			s.blocks = append(s.blocks, block{code: cx.Replay.String()})
		}
		s.picture = counterexamplePicture(r, p.ID, cx)
		out = append(out, s)
	}
	return out
}

// addressTable pairs expected and actual addresses per access, in fragment
// order, with their difference. A side that has fewer accesses shows "-";
// an address the compiled code's bytes did not show, "not seen", with no
// difference.
func addressTable(expected, actual []int64) *table {
	t := &table{header: []string{"access", "expected", "actual", "actual-expected"}}
	n := max(len(expected), len(actual))
	for i := range n {
		e, a, diff := cellMissing, cellMissing, cellMissing
		if i < len(expected) {
			e = addressCell(expected[i])
		}
		if i < len(actual) {
			a = addressCell(actual[i])
		}
		if i < len(expected) && i < len(actual) && expected[i] != report.NotSeen && actual[i] != report.NotSeen {
			diff = strconv.FormatInt(actual[i]-expected[i], 10)
		}
		t.rows = append(t.rows, []string{strconv.Itoa(i), e, a, diff})
	}
	return t
}

// addressCell is one address of a counterexample's table.
func addressCell(a int64) string {
	if a == report.NotSeen {
		return cellNotSeen
	}
	return strconv.FormatInt(a, 10)
}

// killColumns lists the properties of the kill matrix: the report's
// properties in report order, then any property named only by a control.
func killColumns(r *report.Report) []string {
	var cols []string
	seen := map[string]bool{}
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			cols = append(cols, id)
		}
	}
	for _, p := range r.Properties {
		add(p.ID)
	}
	for _, c := range r.Controls {
		for _, lists := range [][]string{c.MustKill, c.KilledBy, c.MustSurvive} {
			for _, id := range lists {
				add(id)
			}
		}
	}
	return cols
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// killCell marks one (control, property) pair of the kill matrix.
func killCell(c report.Control, prop string) string {
	killed := contains(c.KilledBy, prop)
	mustSurvive := contains(c.MustSurvive, prop)
	required := contains(c.MustKill, prop)
	switch {
	case killed && mustSurvive:
		return markForbidden
	case mustSurvive:
		return markSurvived
	case killed && required:
		return markKilledRequired
	case killed:
		return markKilledExtra
	case required:
		return markRequiredMiss
	}
	return markNone
}

func killMatrixSection(r *report.Report) section {
	cols := killColumns(r)
	t := &table{header: append(append([]string{"control"}, cols...), "ok")}
	for _, c := range r.Controls {
		row := []string{c.ID}
		for _, p := range cols {
			row = append(row, killCell(c, p))
		}
		t.rows = append(t.rows, append(row, yesNo(c.OK)))
	}
	return section{heading: "Controls (kill matrix)", level: 2, blocks: []block{
		{table: t},
		para("%s killed by a required property, %s killed by another property, %s required but not killed, %s survived as required, %s killed by a property that must not kill it; ok = killed by every required property and by none that must not.",
			markKilledRequired, markKilledExtra, markRequiredMiss, markSurvived, markForbidden),
	}}
}

func coverageSection(r *report.Report) section {
	t := &table{header: []string{"class", "fraction", "floor", "ok"}}
	for _, c := range r.Coverage {
		t.rows = append(t.rows, []string{c.Class, formatFraction(c.Fraction), formatFraction(c.Floor), yesNo(c.OK)})
	}
	return section{heading: "Coverage", level: 2, blocks: []block{{table: t}}}
}

func unitsSection(r *report.Report) section {
	t := &table{header: []string{"path", "documented", "observed", "agrees"}}
	for _, u := range r.Units {
		t.rows = append(t.rows, []string{u.Path, u.Documented, u.Observed, yesNo(u.Documented == u.Observed)})
	}
	return section{heading: "Units", level: 2, blocks: []block{{table: t}}}
}

func auditSection(r *report.Report) section {
	t := &table{header: []string{"topic", "config", "count", "detail"}}
	for _, a := range r.Audit {
		count := ""
		if a.Count != 0 {
			count = strconv.Itoa(a.Count)
		}
		t.rows = append(t.rows, []string{a.Topic, a.Config, count, a.Detail})
	}
	heading := "Thread-map and precondition audit"
	if isCute(r) {
		heading = "Divergences and precondition audit"
	}
	return section{heading: heading, level: 2, blocks: []block{{table: t}},
		fold: fmt.Sprintf("%d audit entries", len(r.Audit))}
}

func unavailableSection(paths []string) section {
	s := section{heading: "Unavailable paths", level: 2}
	for _, p := range paths {
		s.blocks = append(s.blocks, para("- %s", p))
	}
	return s
}

// isCute says whether r is a CuTe layout sweep, whose subject is a source
// of layout-algebra answers rather than an iterator.
func isCute(r *report.Report) bool { return r.Class == "cute" }
