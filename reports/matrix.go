package reports

import (
	"fmt"
	"strings"
)

// matrixDocument lays out a sweep over several iterators: the model ×
// property matrix with each model's verdict, which controls each model's run
// killed, missed coverage floors, units by model, then every model's
// counterexamples and full kill matrix. A sweep over several iterator
// classes gives each class its own model × property matrix first, then the
// other sections class by class: the properties, controls and paths of one
// class do not apply to another.
func matrixDocument(m *Matrix) document {
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
			d.sections = append(d.sections, s)
		}
	}
	return d
}

// matrixDetailSections are the sections under the model × property matrix
// of one class.
func matrixDetailSections(m *Matrix) []section {
	out := []section{controlMatrixSection(m)}
	if s, ok := missedFloorsSection(m); ok {
		out = append(out, s)
	}
	out = append(out, unitsByModelSection(m))
	for _, r := range m.Reports {
		for _, s := range counterexampleSections(r) {
			s.heading = r.Iterator + ": " + s.heading
			out = append(out, s)
		}
	}
	return append(out, killMatrixSections(m)...)
}

// classGroup is the part of a matrix that swept one iterator class.
type classGroup struct {
	class string
	m     *Matrix
}

// classGroups splits a matrix by iterator class, in order of first
// appearance; a report without a class is a RegularTileIterator's.
func classGroups(m *Matrix) []classGroup {
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
			out = append(out, classGroup{class: class, m: &Matrix{Preset: m.Preset, Seed: m.Seed}})
		}
		out[i].m.Reports = append(out[i].m.Reports, r)
	}
	return out
}

// matrixPropertyColumns is every property id in order of first appearance.
func matrixPropertyColumns(m *Matrix) []string {
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

func propertyStatus(r *Report, id string) string {
	for _, p := range r.Properties {
		if p.ID == id {
			return statusCell(p.Status)
		}
	}
	return "n/a"
}

func controlsOK(r *Report) (ok, total int) {
	for _, c := range r.Controls {
		if c.OK {
			ok++
		}
	}
	return ok, len(r.Controls)
}

func floorsMet(r *Report) (ok, total int) {
	for _, c := range r.Coverage {
		if c.OK {
			ok++
		}
	}
	return ok, len(r.Coverage)
}

func matrixSection(m *Matrix) section {
	cols := matrixPropertyColumns(m)
	header := append([]string{"model"}, cols...)
	t := &table{header: append(header, "controls ok", "floors met", "verdict")}
	for _, r := range m.Reports {
		row := []string{r.Iterator}
		for _, id := range cols {
			row = append(row, propertyStatus(r, id))
		}
		kOK, kN := controlsOK(r)
		fOK, fN := floorsMet(r)
		row = append(row, fmt.Sprintf("%d/%d", kOK, kN), fmt.Sprintf("%d/%d", fOK, fN), verdictCell(r.Verdict))
		t.rows = append(t.rows, row)
	}
	return section{heading: "Model × property", level: 2, blocks: []block{{table: t}}}
}

// controlCell summarises one control in one model's run: "killed" when its
// required properties killed it (and none that must not), "SURVIVED" when
// nothing did, "NOT OK" when it was killed but not as required.
func controlCell(c Control) string {
	switch {
	case c.OK:
		return "killed"
	case !c.Killed:
		return "SURVIVED"
	}
	return "NOT OK"
}

func controlMatrixSection(m *Matrix) section {
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
		para("killed: caught by every property SPEC §6 requires; a control that survives makes the run weak evidence."),
	}}
}

// killMatrixSections gives each model's kill matrix. The controls run on the
// same generator in every model's sweep, so their matrices usually agree;
// then one section stands for all, and only a model whose matrix differs
// gets its own.
func killMatrixSections(m *Matrix) []section {
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
func unitsByModelSection(m *Matrix) section {
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
func missedFloorsSection(m *Matrix) (section, bool) {
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
