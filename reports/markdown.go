package reports

import (
	"bufio"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"strings"

	"github.com/tilecheck/tilecheck/report"
)

// Markdown renders one iterator's report ready to paste into a GitHub issue:
// a summary, the properties with their minimal counterexamples and replay
// commands, the kill matrix, coverage, units and the audit.
func Markdown(w io.Writer, r *report.Report) error { return MarkdownWith(w, r, MarkdownOptions{}) }

// MarkdownMatrix renders a sweep over several iterators as Markdown.
func MarkdownMatrix(w io.Writer, m *report.Matrix) error {
	return MarkdownMatrixWith(w, m, MarkdownOptions{})
}

// MarkdownOptions choose what the Markdown renderers add.
type MarkdownOptions struct {
	// PictureDir, when set, is where each counterexample's picture was
	// written (Pictures, by PictureName): each counterexample links it.
	PictureDir string
}

// MarkdownWith is Markdown with options.
func MarkdownWith(w io.Writer, r *report.Report, o MarkdownOptions) error {
	return renderMarkdown(w, reportDocument(r), o)
}

// MarkdownMatrixWith is MarkdownMatrix with options.
func MarkdownMatrixWith(w io.Writer, m *report.Matrix, o MarkdownOptions) error {
	return renderMarkdown(w, matrixDocument(m), o)
}

func renderMarkdown(w io.Writer, d document, o MarkdownOptions) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "## %s\n\n", d.title)
	for _, line := range d.summary {
		// Two trailing spaces: a hard line break, so each summary line
		// stays on its own line on GitHub.
		fmt.Fprintf(bw, "%s  \n", line)
	}
	for _, s := range d.sections {
		// A folded section's summary is its title where it reads the same:
		// a heading too would show the title twice.
		if s.fold != s.heading {
			fmt.Fprintf(bw, "\n%s %s\n", strings.Repeat("#", s.level+1), s.heading)
		}
		fmt.Fprintln(bw)
		if s.fold != "" {
			// GitHub renders Markdown inside <details> only after a blank line.
			fmt.Fprintf(bw, "<details><summary>%s</summary>\n\n", s.fold)
		}
		for i, b := range s.blocks {
			if err := markdownBlock(bw, b); err != nil {
				return err
			}
			// Consecutive fields form one list; anything else is its
			// own paragraph.
			next := i+1 < len(s.blocks)
			if next && !(b.label != "" && s.blocks[i+1].label != "") && !(isListItem(b) && isListItem(s.blocks[i+1])) {
				fmt.Fprintln(bw)
			}
		}
		if s.picture != nil && o.PictureDir != "" {
			fmt.Fprintf(bw, "\nPicture: [%s](%s)\n", s.picture.name, path.Join(filepath.ToSlash(o.PictureDir), s.picture.name))
		}
		if s.fold != "" {
			fmt.Fprint(bw, "\n</details>\n")
		}
	}
	if len(d.trailer) > 0 {
		fmt.Fprint(bw, "\n### Summary\n\n")
		for _, line := range d.trailer {
			fmt.Fprintf(bw, "%s  \n", longSections(line, true, false))
		}
	}
	return bw.Flush()
}

func isListItem(b block) bool { return strings.HasPrefix(b.text, "- ") }

func markdownBlock(w io.Writer, b block) error {
	switch {
	case b.table != nil:
		return renderTable(w, b.table, true)
	case b.label != "" && b.prose:
		_, err := fmt.Fprintf(w, "- **%s**: %s\n", b.label, b.value)
		return err
	case b.label != "":
		_, err := fmt.Fprintf(w, "- **%s**: %s\n", b.label, codeSpan(b.value))
		return err
	case b.code != "":
		_, err := fmt.Fprintf(w, "Replay:\n\n```sh\n%s\n```\n", b.code)
		return err
	}
	_, err := fmt.Fprintln(w, b.text)
	return err
}

// codeSpan wraps s in backticks, using a longer fence when s itself holds
// backticks, so that configurations and op programs render literally.
func codeSpan(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// markdownCell escapes what would break a GitHub table cell: a pipe ends the
// cell, a newline ends the row, and a "<" can open an HTML tag (a template
// argument list such as <float, 4> would vanish).
func markdownCell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "<", "&lt;")
	return strings.ReplaceAll(s, "\n", " ")
}
