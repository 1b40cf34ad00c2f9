package reports

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Text renders one iterator's report for a terminal: plain headings and
// ASCII tables.
func Text(w io.Writer, r *Report) error { return renderText(w, reportDocument(r)) }

// TextMatrix renders a sweep over several iterators for a terminal.
func TextMatrix(w io.Writer, m *Matrix) error { return renderText(w, matrixDocument(m)) }

func renderText(w io.Writer, d document) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, d.title)
	fmt.Fprintln(bw, strings.Repeat("=", len([]rune(d.title))))
	for _, line := range d.summary {
		fmt.Fprintln(bw, line)
	}
	for _, s := range d.sections {
		fmt.Fprintln(bw)
		underline := "-"
		if s.level > 2 {
			underline = "."
		}
		fmt.Fprintln(bw, s.heading)
		fmt.Fprintln(bw, strings.Repeat(underline, len([]rune(s.heading))))
		for _, b := range s.blocks {
			if err := textBlock(bw, b); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

func textBlock(w io.Writer, b block) error {
	switch {
	case b.table != nil:
		return renderTable(w, b.table, false)
	case b.label != "":
		_, err := fmt.Fprintf(w, "%s: %s\n", b.label, b.value)
		return err
	case b.code != "":
		_, err := fmt.Fprintf(w, "replay:\n    %s\n", b.code)
		return err
	}
	_, err := fmt.Fprintln(w, b.text)
	return err
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
