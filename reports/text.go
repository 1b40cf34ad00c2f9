package reports

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/tilecheck/tilecheck/report"
)

// TextOptions choose what the text renderers show.
type TextOptions struct {
	// Verbose shows every section; otherwise the long ones (kill
	// matrices, units, coverage, the audit, and a matrix's counterexamples)
	// are summed up in a line each after the main tables.
	Verbose bool
}

// textWidth is the width text reports keep to: paragraphs, labelled values
// and replay commands are wrapped to it, and the default sections' tables
// fit in it.
const textWidth = 100

// Text renders one iterator's report for a terminal: the properties and
// counterexamples, then a summary ending with the verdict.
func Text(w io.Writer, r *report.Report) error { return TextWith(w, r, TextOptions{}) }

// TextWith is Text with options.
func TextWith(w io.Writer, r *report.Report, o TextOptions) error {
	return renderText(w, reportDocument(r), o)
}

// TextMatrix renders a sweep over several iterators for a terminal: the
// model × property matrix of each class, then a summary.
func TextMatrix(w io.Writer, m *report.Matrix) error { return TextMatrixWith(w, m, TextOptions{}) }

// TextMatrixWith is TextMatrix with options.
func TextMatrixWith(w io.Writer, m *report.Matrix, o TextOptions) error {
	return renderText(w, matrixDocument(m), o)
}

func renderText(w io.Writer, d document, o TextOptions) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, d.title)
	fmt.Fprintln(bw, strings.Repeat("=", len([]rune(d.title))))
	for _, line := range d.summary {
		writeWrapped(bw, line, "")
	}
	for _, s := range d.sections {
		if s.detail && !o.Verbose {
			continue
		}
		fmt.Fprintln(bw)
		underline := "-"
		if s.level > 2 {
			underline = "."
		}
		fmt.Fprintln(bw, s.heading)
		fmt.Fprintln(bw, strings.Repeat(underline, len([]rune(s.heading))))
		for _, b := range s.blocks {
			if err := textBlock(bw, b, o); err != nil {
				return err
			}
		}
	}
	if len(d.trailer) > 0 {
		fmt.Fprintln(bw, "\nSummary\n-------")
		for _, line := range d.trailer {
			writeWrapped(bw, longSections(line, false, o.Verbose), "  ")
		}
	}
	return bw.Flush()
}

func textBlock(w io.Writer, b block, o TextOptions) error {
	switch {
	case b.table != nil:
		t := b.table
		if !o.Verbose && len(t.verboseCols) > 0 {
			t = dropColumns(t, t.verboseCols)
		}
		return renderTable(w, t, false)
	case b.label != "":
		writeWrapped(w, b.label+": "+b.value, "    ")
		return nil
	case b.code != "":
		_, err := fmt.Fprintf(w, "replay:\n%s\n", wrapCommand(b.code, "    "))
		return err
	}
	writeWrapped(w, b.text, "  ")
	return nil
}

// dropColumns is t without the given columns.
func dropColumns(t *table, cols []int) *table {
	keep := func(row []string) []string {
		var out []string
		for i, c := range row {
			if !slices.Contains(cols, i) {
				out = append(out, c)
			}
		}
		return out
	}
	out := &table{header: keep(t.header)}
	for _, r := range t.rows {
		out.rows = append(out.rows, keep(r))
	}
	return out
}

// writeWrapped writes s wrapped at spaces to textWidth columns, later lines
// indented by indent. A word longer than the width stays whole.
func writeWrapped(w io.Writer, s, indent string) {
	for _, line := range wrapWords(s, indent) {
		fmt.Fprintln(w, line)
	}
}

// Wrap is s wrapped at spaces to the text reports' width (100 columns),
// later lines indented by indent; a word longer than the width stays
// whole. Other commands' text output (the probe's) keeps to the same
// width with it.
func Wrap(s, indent string) []string { return wrapWords(s, indent) }

// TextWidth is the width text reports keep to.
const TextWidth = textWidth

func wrapWords(s, indent string) []string {
	var lines []string
	line := ""
	for _, word := range strings.Split(s, " ") {
		switch {
		case line == "":
			line = word
		case runeLen(line)+1+runeLen(word) <= textWidth:
			line += " " + word
		default:
			lines = append(lines, line)
			line = indent + word
		}
	}
	return append(lines, line)
}

func runeLen(s string) int { return utf8.RuneCountInString(s) }

// wrapCommand breaks a shell command at spaces outside quotes, with a
// backslash at the end of each broken line, so that it still pastes as one
// command; a quoted argument is never split (a backslash-newline inside
// single quotes would become part of it).
func wrapCommand(cmd, indent string) string {
	var words []string
	cur, quote := "", rune(0)
	for _, r := range cmd {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '\'' || r == '"'):
			quote = r
		case quote == 0 && r == ' ':
			words = append(words, cur)
			cur = ""
			continue
		}
		cur += string(r)
	}
	words = append(words, cur)
	var b strings.Builder
	line := indent
	for i, word := range words {
		if i > 0 && runeLen(line)+1+runeLen(word)+2 > textWidth {
			b.WriteString(line + " \\\n")
			line = indent + "  " + word
			continue
		}
		if i > 0 {
			line += " "
		}
		line += word
	}
	b.WriteString(line)
	return b.String()
}

// renderTable draws t with tablewriter: ASCII borders for text, a GitHub
// table for Markdown. Headers keep their case (property ids are
// case-sensitive) and cells are never wrapped, so output is deterministic
// whatever the terminal width.
func renderTable(w io.Writer, t *table, markdown bool) error {
	if len(t.rows) == 0 {
		_, err := fmt.Fprintln(w, "(none)")
		return err
	}
	var r tw.Renderer
	if markdown {
		r = renderer.NewMarkdown()
	} else {
		r = renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleASCII)})
	}
	tbl := tablewriter.NewTable(w,
		tablewriter.WithRenderer(r),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignment(tw.AlignLeft),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
	)
	cell := func(s string) string { return s }
	if markdown {
		cell = markdownCell
	}
	tbl.Header(mapCells(t.header, cell))
	for _, row := range t.rows {
		if err := tbl.Append(mapCells(row, cell)); err != nil {
			return err
		}
	}
	return tbl.Render()
}

func mapCells(cells []string, f func(string) string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = f(c)
	}
	return out
}

// WriteAddresses prints expected and actual addresses side by side, one row
// per access in fragment order, as the counterexample sections do; the check
// command uses it for a single case.
func WriteAddresses(w io.Writer, expected, actual []int64) error {
	return renderTable(w, addressTable(expected, actual), false)
}

// WriteTable prints a plain ASCII table in the reports' style, for commands
// that show something smaller than a report.
func WriteTable(w io.Writer, header []string, rows [][]string) error {
	return renderTable(w, &table{header: header, rows: rows}, false)
}
