package reports

import (
	"fmt"
	"io"
	"strings"

	"github.com/tilecheck/tilecheck/report"
)

// A run given a baseline (report.Report.Baseline) shows its failures in
// three groups in every format: new (the gate fails on them), known (still
// present, as the baseline records) and fixed (recorded but gone: the
// baseline should drop them, which is news too).

// withBaseline returns the reports of rs that a baseline judged.
func withBaseline(rs []*report.Report) []*report.Report {
	var out []*report.Report
	for _, r := range rs {
		if r.Baseline != nil {
			out = append(out, r)
		}
	}
	return out
}

// baselineSections are the three groups of every judged report of rs, in
// one table each: new, known, fixed. None without a baseline.
func baselineSections(rs []*report.Report) []section {
	judged := withBaseline(rs)
	if len(judged) == 0 {
		return nil
	}
	all := report.Findings{File: judged[0].Baseline.File}
	for _, r := range judged {
		all.New = append(all.New, r.Baseline.New...)
		all.Known = append(all.Known, r.Baseline.Known...)
		all.Fixed = append(all.Fixed, r.Baseline.Fixed...)
	}
	return findingsSections(&all, len(judged) == 1)
}

// findingsSections are f's three groups; one says the findings are of one
// report, whose class, iterator and source its header names.
func findingsSections(f *report.Findings, one bool) []section {
	fresh, known, fixed, file := f.New, f.Known, f.Fixed, f.File
	groups := []struct {
		heading, none string
		fs            []report.Finding
	}{
		{fmt.Sprintf("New findings (%d): not in the baseline %s", len(fresh), file), "No new finding: every failure is in the baseline.", fresh},
		{fmt.Sprintf("Known findings still present (%d)", len(known)), "None.", known},
		{fmt.Sprintf("FIXED findings (%d): in the baseline, gone now", len(fixed)), "None.", fixed},
	}
	var out []section
	for i, g := range groups {
		s := section{heading: g.heading, level: 2}
		if len(g.fs) == 0 {
			s.blocks = []block{para("%s", g.none)}
			out = append(out, s)
			continue
		}
		if i == 2 {
			s.blocks = append(s.blocks, para("A fixed finding is news: this run judged the property and it held. "+
				"Drop it from the baseline (tilecheck baseline --from this run's JSON report --out %s) so that its return is a new finding.", file))
		}
		// One report's class, iterator and source are in its header.
		t := &table{header: []string{"class", "iterator", "source", "property", "law", "note"}}
		if one {
			t.header = t.header[3:]
		}
		for _, f := range g.fs {
			law := f.Law
			if f.Seen != "" {
				law = fmt.Sprintf("%s (this run broke %s)", orDash(f.Law), f.Seen)
			}
			row := []string{f.Class, f.Iterator, f.Source, f.Property, orDash(law), orDash(f.Note)}
			t.rows = append(t.rows, row[len(row)-len(t.header):])
		}
		s.blocks = append(s.blocks, block{table: t})
		out = append(out, s)
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return cellMissing
	}
	return s
}

// baselineTrailer is the summary's last line for a run given a baseline:
// the counts of the three groups and the gate verdict the exit status
// follows. gate is the verdict to print (one report's, or one iterator's
// over several classes).
func baselineTrailer(rs []*report.Report, gate report.Verdict) []string {
	judged := withBaseline(rs)
	if len(judged) == 0 {
		return nil
	}
	var n, k, f int
	for _, r := range judged {
		n, k, f = n+len(r.Baseline.New), k+len(r.Baseline.Known), f+len(r.Baseline.Fixed)
	}
	line := countsLine(judged[0].Baseline.File, n, k, f)
	if gate == report.Unjudged {
		return []string{line}
	}
	return []string{line, gateLine(gate)}
}

// countsLine sums up the three groups, a fixed finding loudly.
func countsLine(file string, fresh, known, fixed int) string {
	f := fmt.Sprintf("%d fixed", fixed)
	if fixed > 0 {
		f = fmt.Sprintf("%d FIXED (drop them from the baseline)", fixed)
	}
	return fmt.Sprintf("Baseline %s: %d new, %d known, %s.", file, fresh, known, f)
}

// gateLine is the last line of a run judged against a baseline.
func gateLine(gate report.Verdict) string {
	return "Gate (known findings discounted; the exit status follows it): " + verdictCell(gate)
}

// combinedGate combines the gates of one iterator's reports over several
// classes as sweep.CombinedVerdict combines their verdicts: a failing gate
// fails it, else one neither pass nor interrupted makes it weak.
func combinedGate(rs []*report.Report) report.Verdict {
	gate := report.Pass
	for _, r := range rs {
		g := r.Verdict
		if r.Baseline != nil {
			g = r.Baseline.Gate
		}
		switch g {
		case report.Fail:
			return report.Fail
		case report.Pass, report.Interrupted:
		default:
			gate = report.Weak
		}
	}
	return gate
}

// findingOf says whether the failing property id of r is a known finding,
// and (judged) whether a baseline judged r at all.
func findingOf(r *report.Report, id string) (known, judged bool) {
	if r.Baseline == nil {
		return false, false
	}
	for _, f := range r.Baseline.Known {
		if f.Property == id {
			return true, true
		}
	}
	return false, true
}

// fixedText is one fixed finding in a line.
func fixedText(f report.Finding) string {
	parts := []string{f.Property, "of", f.Iterator, "(" + f.Class + ", " + f.Source + ")"}
	if f.Law != "" {
		parts = append(parts, "law", f.Law)
	}
	return strings.Join(parts, " ")
}

// baselineFixed is r's fixed findings (none without a baseline).
func baselineFixed(r *report.Report) []report.Finding {
	if r.Baseline == nil {
		return nil
	}
	return r.Baseline.Fixed
}

// gateText is what a verdict's notice adds for a run given a baseline.
func gateText(r *report.Report) string {
	if r.Baseline == nil {
		return ""
	}
	b := r.Baseline
	return fmt.Sprintf("; baseline %s: %d new, %d known, %d fixed; gate %s", b.File, len(b.New), len(b.Known), len(b.Fixed), b.Gate)
}

// BaselineText renders a run's findings sorted against a baseline as
// text: the three groups and the gate. A report that is no
// report.Report (a compiled probe's) ends with it.
func BaselineText(w io.Writer, f *report.Findings) error {
	return renderText(w, findingsDocument(f), TextOptions{})
}

// BaselineMarkdown is BaselineText as Markdown.
func BaselineMarkdown(w io.Writer, f *report.Findings) error {
	return renderMarkdown(w, findingsDocument(f), MarkdownOptions{})
}

func findingsDocument(f *report.Findings) document {
	return document{title: "Known findings: baseline " + f.File, sections: findingsSections(f, false),
		trailer: []string{countsLine(f.File, len(f.New), len(f.Known), len(f.Fixed)), gateLine(f.Gate)}}
}
