package main

import (
	"io"

	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports"
	"github.com/tilecheck/tilecheck/sweep"
)

// reportStyle is how a report is rendered: its format, whether text shows
// every section, and where the counterexamples' pictures were written
// (which Markdown links; "" none).
type reportStyle struct {
	format  string
	verbose bool
	svgDir  string
}

// render renders m in the chosen format: one report when single, else the
// matrix. byVerdict says the exit status follows the verdict (an iterator
// was named); otherwise it is the all-models matrix's, where failing
// properties are expected. Every report is stamped with the tool and
// version first.
func render(w io.Writer, m *report.Matrix, single, byVerdict bool, style reportStyle) error {
	for _, r := range m.Reports {
		report.Stamp(r)
	}
	format, verbose, md := style.format, style.verbose, reports.MarkdownOptions{PictureDir: style.svgDir}
	page := reports.HTMLOptions{Trace: sweep.ReplayTraces} // a Go model's counterexample drawn path by path
	switch format {
	case "junit":
		return reports.JUnit(w, m)
	case "github":
		return reports.GitHubAnnotationsWith(w, m, reports.GitHubOptions{Matrix: !single && !byVerdict})
	}
	if single {
		r := m.Reports[0]
		switch format {
		case "md":
			return reports.MarkdownWith(w, r, md)
		case "json":
			return reports.JSON(w, r)
		case "html":
			return reports.HTMLWith(w, r, page)
		}
		return reports.TextWith(w, r, reports.TextOptions{Verbose: verbose})
	}
	switch format {
	case "md":
		return reports.MarkdownMatrixWith(w, m, md)
	case "json":
		return reports.JSONMatrix(w, m)
	case "html":
		return reports.HTMLMatrixWith(w, m, page)
	}
	return reports.TextMatrixWith(w, m, reports.TextOptions{Verbose: verbose})
}
