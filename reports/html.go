package reports

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"regexp"
	"strconv"

	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// HTML renders one iterator's report as one self-contained HTML page: the
// sections Markdown shows, each counterexample with its picture drawn
// inline as SVG. It loads nothing (inline CSS, no script), so it can be
// attached or archived as one file.
func HTML(w io.Writer, r *report.Report) error { return HTMLWith(w, r, HTMLOptions{}) }

// HTMLMatrix renders a sweep over several iterators as one HTML page.
func HTMLMatrix(w io.Writer, m *report.Matrix) error { return HTMLMatrixWith(w, m, HTMLOptions{}) }

// HTMLOptions choose how the HTML renderers draw.
type HTMLOptions struct {
	// Trace, when set, traces each counterexample again so that its
	// picture draws every path of its program; nil: its addresses alone.
	Trace Tracer
}

// HTMLWith is HTML with options.
func HTMLWith(w io.Writer, r *report.Report, o HTMLOptions) error {
	return renderHTML(w, reportDocument(r), o)
}

// HTMLMatrixWith is HTMLMatrix with options.
func HTMLMatrixWith(w io.Writer, m *report.Matrix, o HTMLOptions) error {
	return renderHTML(w, matrixDocument(m), o)
}

// WriteCheckHTML renders check's results as one HTML page: the case, the
// status table, each failing property's first violations, and svg, the
// picture of one of them (picture.SVG; nil: none), inline.
func WriteCheckHTML(w io.Writer, c CheckCase, verdict report.Verdict, results []props.Result, svg []byte) error {
	return renderHTML(w, checkDocument(c, verdict, results, svg), HTMLOptions{})
}

// checkDocument lays out a check's results as a report's document.
func checkDocument(c CheckCase, verdict report.Verdict, results []props.Result, svg []byte) document {
	d := document{title: "tilecheck check: " + c.Iterator, summary: []string{"verdict " + verdictCell(verdict)}}
	cs := section{heading: "Case", level: 2, blocks: []block{field("config", c.Config), field("ops", c.Ops)}}
	t := &table{header: []string{"property", "status", "violations", "statement"}}
	for _, r := range results {
		t.rows = append(t.rows, []string{r.ID, statusCell(r.Status), strconv.Itoa(len(r.Violations)), r.Doc})
	}
	d.sections = append(d.sections, cs, section{heading: "Properties", level: 2, blocks: []block{{table: t}}})
	if svg != nil {
		d.sections = append(d.sections, section{heading: "Picture", level: 2, picture: &pictureRef{svg: svg}})
	}
	for _, r := range results {
		if r.Status != report.Violated {
			continue
		}
		for i, v := range r.Violations {
			if i == maxViolationsShown {
				d.sections = append(d.sections, section{heading: r.ID, level: 3, blocks: []block{
					para("%d more violations not shown (use --thread N to see one thread)", len(r.Violations)-i)}})
				break
			}
			s := section{heading: fmt.Sprintf("%s violated: thread %s", r.ID, threadLabel(v.Thread)), level: 3}
			if v.Detail != "" {
				s.blocks = append(s.blocks, note("detail", v.Detail))
			}
			s.blocks = append(s.blocks, block{table: addressTable(v.Expected, v.Actual)})
			d.sections = append(d.sections, s)
		}
	}
	return d
}

const htmlStyle = `body{font:14px/1.45 system-ui,sans-serif;margin:1.5em;color:#222;max-width:1200px}` +
	`table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #ccc;padding:2px 8px;text-align:left}` +
	`th{background:#f0f0f0}code,pre{font-family:ui-monospace,monospace;background:#f6f6f6}pre{padding:.5em;white-space:pre-wrap;overflow-wrap:anywhere}` +
	`figure{margin:.5em 0;overflow-x:auto}.nopic{color:#a00}`

func renderHTML(w io.Writer, d document, o HTMLOptions) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n",
		esc(d.title), htmlStyle)
	fmt.Fprintf(bw, "<h1>%s</h1>\n<p>", esc(d.title))
	for i, line := range d.summary {
		if i > 0 {
			fmt.Fprint(bw, "<br/>\n")
		}
		fmt.Fprint(bw, esc(line))
	}
	fmt.Fprint(bw, "</p>\n")
	for _, s := range d.sections {
		if s.fold != "" {
			fmt.Fprintf(bw, "<details><summary>%s</summary>\n", esc(s.fold))
		}
		if s.fold != s.heading {
			fmt.Fprintf(bw, "<h%d>%s</h%d>\n", s.level, esc(s.heading), s.level)
		}
		for _, b := range s.blocks {
			htmlBlock(bw, b)
		}
		if s.picture != nil {
			svg, err := s.picture.render(o.Trace)
			if err != nil {
				fmt.Fprintf(bw, "<p class=\"nopic\">no picture: %s</p>\n", esc(err.Error()))
			} else {
				fmt.Fprintf(bw, "<figure>\n%s</figure>\n", svg)
			}
		}
		if s.fold != "" {
			fmt.Fprint(bw, "</details>\n")
		}
	}
	if len(d.trailer) > 0 {
		fmt.Fprint(bw, "<h2>Summary</h2>\n<p>")
		for i, line := range d.trailer {
			if i > 0 {
				fmt.Fprint(bw, "<br/>\n")
			}
			fmt.Fprint(bw, esc(longSections(line, true, false)))
		}
		fmt.Fprint(bw, "</p>\n")
	}
	fmt.Fprint(bw, "</body>\n</html>\n")
	return bw.Flush()
}

var backticks = regexp.MustCompile("`([^`]+)`")

// prose is s escaped, its `code` spans as code.
func prose(s string) string { return backticks.ReplaceAllString(esc(s), "<code>$1</code>") }

func htmlBlock(w io.Writer, b block) {
	switch {
	case b.table != nil && len(b.table.rows) == 0:
		fmt.Fprint(w, "<p>(none)</p>\n")
	case b.table != nil:
		fmt.Fprint(w, "<table>\n<tr>")
		for _, h := range b.table.header {
			fmt.Fprintf(w, "<th>%s</th>", esc(h))
		}
		fmt.Fprint(w, "</tr>\n")
		for _, row := range b.table.rows {
			fmt.Fprint(w, "<tr>")
			for _, c := range row {
				fmt.Fprintf(w, "<td>%s</td>", esc(c))
			}
			fmt.Fprint(w, "</tr>\n")
		}
		fmt.Fprint(w, "</table>\n")
	case b.label != "" && b.prose:
		fmt.Fprintf(w, "<p><b>%s</b>: %s</p>\n", esc(b.label), prose(b.value))
	case b.label != "":
		fmt.Fprintf(w, "<p><b>%s</b>: <code>%s</code></p>\n", esc(b.label), esc(b.value))
	case b.code != "":
		fmt.Fprintf(w, "<p>Replay:</p>\n<pre>%s</pre>\n", esc(b.code))
	default:
		fmt.Fprintf(w, "<p>%s</p>\n", prose(b.text))
	}
}

func esc(s string) string { return html.EscapeString(s) }
