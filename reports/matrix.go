package reports

import (
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/report"
)

// matrixDocument lays out a sweep over several iterators: the model ×
// property matrix with each model's verdict, which controls each model's run
// killed, missed coverage floors, units by model, then every model's
// counterexamples and full kill matrix. A sweep over several iterator
// classes gives each class its own model × property matrix first, then the
// other sections class by class: the properties, controls and paths of one
// class do not apply to another.
func matrixDocument(m *report.Matrix) document {
	d := matrixTables(m)
	d.sections = append(d.sections, baselineSections(m.Reports)...)
	gate := report.Unjudged
	if m.Verdict != report.Unjudged {
		gate = combinedGate(m.Reports)
	}
	d.trailer = append(d.trailer, baselineTrailer(m.Reports, gate)...)
	return d
}

// matrixTables is the matrix's document without its baseline groups.
func matrixTables(m *report.Matrix) document {
	d := document{title: "tilecheck sweep: model × property matrix"}
	groups := classGroups(m)
	if len(groups) <= 1 {
		d.summary = []string{fmt.Sprintf("preset %s, seed %d, %d models", m.Preset, m.Seed, len(m.Reports))}
	} else {
		models := fmt.Sprintf("%d models", len(groups[0].m.Reports))
		if len(groups[0].m.Reports) == 1 {
			models = groups[0].m.Reports[0].Iterator
		}
		d.summary = []string{fmt.Sprintf("preset %s, seed %d, %s × %d iterator classes", m.Preset, m.Seed, models, len(groups))}
	}
	if len(m.Reports) > 0 {
		r := m.Reports[0]
		d.summary = append(d.summary, fmt.Sprintf("%s %s", r.Tool, r.Version))
	}
	d.trailer = matrixTrailer(m, groups)
	if len(groups) <= 1 {
		d.sections = append(d.sections, matrixSection(m))
		d.sections = append(d.sections, matrixDetailSections(m)...)
		return d
	}
	for _, g := range groups {
		s := matrixSection(g.m)
		s.heading += ": " + g.class
		d.sections = append(d.sections, s)
	}
	for _, g := range groups {
		for _, s := range matrixDetailSections(g.m) {
			s.heading = g.class + ": " + s.heading
			if s.fold != "" {
				s.fold = s.heading
			}
			d.sections = append(d.sections, s)
		}
	}
	return d
}

// matrixTrailer sums up the matrix after it: each model's verdict per
// class, the controls and floors of every run, what the detail sections
// hold, and where to see them.
func matrixTrailer(m *report.Matrix, groups []classGroup) []string {
	var out []string
	var models []string
	verdicts := map[string][]string{}
	for _, g := range groups {
		for _, r := range g.m.Reports {
			if _, ok := verdicts[r.Iterator]; !ok {
				models = append(models, r.Iterator)
			}
			v := verdictCell(r.Verdict)
			if len(groups) > 1 {
				v = g.class + " " + v
			}
			verdicts[r.Iterator] = append(verdicts[r.Iterator], v)
		}
	}
	for _, name := range models {
		vs := verdicts[name]
		if len(groups) > 1 && allSameVerdict(vs) {
			_, v, _ := strings.Cut(vs[0], " ")
			out = append(out, fmt.Sprintf("%s: %s in all %d classes", name, v, len(vs)))
			continue
		}
		out = append(out, name+": "+strings.Join(vs, ", "))
	}
	var kOK, kN, fOK, fN, cx int
	var interrupted []string
	for _, r := range m.Reports {
		a, b := controlsOK(r)
		c, d := floorsMet(r)
		kOK, kN, fOK, fN = kOK+a, kN+b, fOK+c, fN+d
		for _, p := range r.Properties {
			if p.Counterexample != nil && p.Status == report.Violated {
				cx++
			}
		}
		if r.Interrupted != "" {
			interrupted = append(interrupted, r.Iterator+" "+r.Class+": "+r.Interrupted)
		}
	}
	out = append(out, fmt.Sprintf("Controls: %d of %d killed as required. Coverage floors: %d of %d met.", kOK, kN, fOK, fN),
		longSectionsMark+fmt.Sprintf("%d shrunk counterexamples with replay commands, controls by model, units and kill matrices", cx))
	if len(interrupted) > 0 {
		// One line per run: joined, a --class all sweep's runs read as
		// one long paragraph.
		out = append(out, "INTERRUPTED:")
		for _, line := range interrupted {
			out = append(out, "- "+line)
		}
	}
	if m.Verdict != report.Unjudged {
		// One iterator over several classes ends as one iterator's
		// report does: with the verdict its exit status follows.
		out = append(out, "Verdict: "+verdictCell(m.Verdict))
	}
	return out
}

// matrixDetailSections are the sections under the model × property matrix
// of one class.
func matrixDetailSections(m *report.Matrix) []section {
	var out []section
	if s, ok := missedFloorsSection(m); ok {
		out = append(out, s) // short, and the reason for a weak exit: never hidden
	}
	out = append(out, detail(controlMatrixSection(m)), detail(unitsByModelSection(m)))
	for _, r := range m.Reports {
		for _, s := range counterexampleSections(r) {
			s.heading = r.Iterator + ": " + s.heading
			out = append(out, detail(s))
		}
	}
	for _, s := range killMatrixSections(m) {
		out = append(out, detail(s))
	}
	return out
}

// classGroup is the part of a matrix that swept one iterator class.
type classGroup struct {
	class string
	m     *report.Matrix
}

// classGroups splits a matrix by iterator class, in order of first
// appearance; a report without a class is a RegularTileIterator's.
func classGroups(m *report.Matrix) []classGroup {
	var out []classGroup
	index := map[string]int{}
	for _, r := range m.Reports {
		class := r.Class
		if class == "" {
			class = "RegularTileIterator"
		}
		i, ok := index[class]
		if !ok {
			i = len(out)
			index[class] = i
			out = append(out, classGroup{class: class, m: &report.Matrix{Preset: m.Preset, Seed: m.Seed}})
		}
		out[i].m.Reports = append(out[i].m.Reports, r)
	}
	return out
}

// matrixPropertyColumns is every property id in order of first appearance.
func matrixPropertyColumns(m *report.Matrix) []string {
	var cols []string
	seen := map[string]bool{}
	for _, r := range m.Reports {
		for _, p := range r.Properties {
			if !seen[p.ID] {
				seen[p.ID] = true
				cols = append(cols, p.ID)
			}
		}
	}
	return cols
}

func propertyStatus(r *report.Report, id string) string {
	for _, p := range r.Properties {
		if p.ID == id {
			return statusCell(p.Status)
		}
	}
	return "n/a"
}

func controlsOK(r *report.Report) (ok, total int) {
	for _, c := range r.Controls {
		if c.OK {
			ok++
		}
	}
	return ok, len(r.Controls)
}

func floorsMet(r *report.Report) (ok, total int) {
	for _, c := range r.Coverage {
		if c.OK {
			ok++
		}
	}
	return ok, len(r.Coverage)
}

// matrixSection is the property × model matrix of one class: a row per
// property, a column per model, then each model's controls, floors and
// verdict. Properties run down the page so that the table stays narrow
// (under 100 columns for the three built-in models) however many
// properties a class has.
func matrixSection(m *report.Matrix) section {
	header := []string{"property"}
	for _, r := range m.Reports {
		header = append(header, r.Iterator)
	}
	t := &table{header: header}
	for _, id := range matrixPropertyColumns(m) {
		row := []string{id}
		for _, r := range m.Reports {
			row = append(row, propertyStatus(r, id))
		}
		t.rows = append(t.rows, row)
	}
	controls, floors, verdicts := []string{"controls ok"}, []string{"floors met"}, []string{"verdict"}
	for _, r := range m.Reports {
		kOK, kN := controlsOK(r)
		fOK, fN := floorsMet(r)
		controls = append(controls, fmt.Sprintf("%d/%d", kOK, kN))
		floors = append(floors, fmt.Sprintf("%d/%d", fOK, fN))
		verdicts = append(verdicts, verdictCell(r.Verdict))
	}
	t.rows = append(t.rows, controls, floors, verdicts)
	return section{heading: "Model × property", level: 2, blocks: []block{{table: t}}}
}

// controlCell summarises one control in one model's run: "killed" when its
// required properties killed it (and none that must not), "SURVIVED" when
// nothing did, "NOT OK" when it was killed but not as required.
func controlCell(c report.Control) string {
	switch {
	case c.OK:
		return "killed"
	case !c.Killed:
		return "SURVIVED"
	}
	return "NOT OK"
}

func controlMatrixSection(m *report.Matrix) section {
	var ids []string
	seen := map[string]bool{}
	for _, r := range m.Reports {
		for _, c := range r.Controls {
			if !seen[c.ID] {
				seen[c.ID] = true
				ids = append(ids, c.ID)
			}
		}
	}
	t := &table{header: append([]string{"model"}, ids...)}
	for _, r := range m.Reports {
		if len(ids) == 0 {
			break // no controls ran: the table says "(none)"
		}
		row := []string{r.Iterator}
		for _, id := range ids {
			cell := "n/a"
			for _, c := range r.Controls {
				if c.ID == id {
					cell = controlCell(c)
				}
			}
			row = append(row, cell)
		}
		t.rows = append(t.rows, row)
	}
	return section{heading: "Controls by model", level: 2, blocks: []block{
		{table: t},
		para("killed: caught by every property required to kill it; a control that survives makes the run weak evidence."),
	}}
}

// killMatrixSections gives each model's kill matrix. The controls run on the
// same generator in every model's sweep, so their matrices usually agree;
// then one section stands for all, and only a model whose matrix differs
// gets its own.
func killMatrixSections(m *report.Matrix) []section {
	if len(m.Reports) == 0 {
		return nil
	}
	first := killMatrixSection(m.Reports[0])
	var out []section
	same := true
	for _, r := range m.Reports[1:] {
		if !sameTable(killMatrixSection(r).blocks[0].table, first.blocks[0].table) {
			same = false
		}
	}
	for i, r := range m.Reports {
		if same && i > 0 {
			break
		}
		s := killMatrixSection(r)
		s.heading = r.Iterator + ": " + s.heading
		if same && len(m.Reports) > 1 {
			s.heading = "Every model: " + killMatrixSection(r).heading
		}
		s.level = 3
		out = append(out, s)
	}
	return out
}

func sameTable(a, b *table) bool {
	if len(a.rows) != len(b.rows) || strings.Join(a.header, "\x00") != strings.Join(b.header, "\x00") {
		return false
	}
	for i := range a.rows {
		if strings.Join(a.rows[i], "\x00") != strings.Join(b.rows[i], "\x00") {
			return false
		}
	}
	return true
}

// unitsByModelSection shows, per offset-taking path, the documented unit and
// the unit each model was observed to use (P-unit), side by side.
func unitsByModelSection(m *report.Matrix) section {
	var paths []string
	documented := map[string]string{}
	for _, r := range m.Reports {
		for _, u := range r.Units {
			if _, ok := documented[u.Path]; !ok {
				documented[u.Path] = u.Documented
				paths = append(paths, u.Path)
			}
		}
	}
	header := []string{"path", "documented"}
	for _, r := range m.Reports {
		header = append(header, r.Iterator)
	}
	t := &table{header: header}
	for _, p := range paths {
		row := []string{p, documented[p]}
		for _, r := range m.Reports {
			cell := "n/a"
			for _, u := range r.Units {
				if u.Path == p {
					cell = u.Observed
				}
			}
			row = append(row, cell)
		}
		t.rows = append(t.rows, row)
	}
	return section{heading: "Units by model", level: 2, blocks: []block{{table: t}}}
}

// missedFloorsSection lists the coverage classes under their floor, per
// model; it is omitted when every floor was met.
func missedFloorsSection(m *report.Matrix) (section, bool) {
	s := section{heading: "Missed coverage floors", level: 2}
	for _, r := range m.Reports {
		var missed []string
		for _, c := range r.Coverage {
			if !c.OK {
				missed = append(missed, fmt.Sprintf("%s (%s < %s)", c.Class, formatFraction(c.Fraction), formatFraction(c.Floor)))
			}
		}
		if len(missed) > 0 {
			s.blocks = append(s.blocks, para("- %s: %s", r.Iterator, strings.Join(missed, ", ")))
		}
	}
	return s, len(s.blocks) > 0
}

// allSameVerdict says whether every "class VERDICT" entry ends in the same
// verdict.
func allSameVerdict(vs []string) bool {
	for _, v := range vs {
		if v[strings.LastIndex(v, " ")+1:] != vs[0][strings.LastIndex(vs[0], " ")+1:] {
			return false
		}
	}
	return true
}
