package reports

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/report"
)

// TestMatrixEndsWithItsVerdict: a matrix that carries a verdict (one
// iterator over several classes) ends, in text and Markdown, with the
// verdict line a single report ends with; a matrix of every model, which
// carries none, does not (its exit follows another rule).
func TestMatrixEndsWithItsVerdict(t *testing.T) {
	last := func(render func(*strings.Builder) error) string {
		var b strings.Builder
		require.NoError(t, render(&b))
		lines := strings.Split(strings.TrimSpace(b.String()), "\n")
		return strings.TrimSpace(lines[len(lines)-1])
	}
	m := classesMatrix()
	for _, withVerdict := range []bool{false, true} {
		m.Verdict = report.Unjudged
		if withVerdict {
			m.Verdict = report.Fail
		}
		text := last(func(b *strings.Builder) error { return TextMatrix(b, m) })
		md := last(func(b *strings.Builder) error { return MarkdownMatrix(b, m) })
		assert.Equal(t, withVerdict, strings.HasPrefix(text, "Verdict: FAIL") && strings.HasPrefix(md, "Verdict: FAIL"), "verdict %v: last lines %q and %q", m.Verdict, text, md)
	}
}

// TestInterruptedRunsOnePerLine: an interrupted matrix lists each stopped
// run on a line of its own (they were one paragraph, joined by "; ").
func TestInterruptedRunsOnePerLine(t *testing.T) {
	m := classesMatrix()
	m.Reports[0].Interrupted = "stopped after 5 of 9 batches"
	m.Reports[1].Interrupted = "stopped after 0 of 9 batches"
	var b strings.Builder
	require.NoError(t, TextMatrix(&b, m))
	out := b.String()
	for _, r := range m.Reports[:2] {
		want := "- " + r.Iterator + " " + r.Class + ": " + r.Interrupted + "\n"
		assert.Contains(t, out, want, "want the line")
	}
}
