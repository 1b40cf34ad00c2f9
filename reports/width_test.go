package reports

import (
	"bytes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestTextFitsHundredColumns: the default text of a matrix and of a
// failing report keeps to 100 columns, hides the long sections and ends
// with a summary whose last line is the verdict (single report) — the
// matrix comes first, the summary after it.
func TestTextFitsHundredColumns(t *testing.T) {
	var m, r, mv bytes.Buffer
	require.NoError(t, TextMatrix(&m, classesMatrix()))
	require.NoError(t, Text(&r, failingReport()))
	require.NoError(t, TextMatrixWith(&mv, classesMatrix(), TextOptions{Verbose: true}))
	for name, out := range map[string]string{"matrix": m.String(), "report": r.String()} {
		for i, line := range strings.Split(out, "\n") {
			assert.LessOrEqual(t, utf8.RuneCountInString(line), textWidth, "%s line %d columns: %q", name, i+1, line)
		}
		assert.NotContains(t, out, "Controls (kill matrix)", "%s: a long section is shown without Verbose:\n%s", name, out)
		if name == "matrix" {
			assert.NotContains(t, out, "Units", "%s: a long section is shown without Verbose:\n%s", name, out)
		}
		assert.Contains(t, out, "\nSummary\n-------\n", "%s: no summary after the tables", name)
	}
	i, j := strings.Index(m.String(), "Model × property"), strings.Index(m.String(), "Summary")
	assert.GreaterOrEqual(t, i, 0, "the matrix does not come before the summary:\n%s", m.String())
	assert.GreaterOrEqual(t, j, i, "the matrix does not come before the summary:\n%s", m.String())
	lines := strings.Split(strings.TrimSpace(r.String()), "\n")
	assert.Contains(t, []string{"  Verdict: FAIL", "Verdict: FAIL"}, lines[len(lines)-1], "last line of a failing report: want the verdict")
	assert.Contains(t, mv.String(), "Controls (kill matrix)", "Verbose does not show the long sections")
	assert.Contains(t, mv.String(), "Counterexample: P-tile", "Verbose does not show the long sections")
}

// TestWrapCommandKeepsQuotes: a replay command is broken only outside
// quotes, each broken line ending in a backslash.
func TestWrapCommandKeepsQuotes(t *testing.T) {
	cmd := "tilecheck check --iterator cutlass --config 'elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64' --ops 'load(1,0);store(1,0)' --property P-sym --thread 5"
	got := wrapCommand(cmd, "    ")
	lines := strings.Split(got, "\n")
	require.GreaterOrEqual(t, len(lines), 2, "not wrapped: %q", got)
	var joined []string
	for i, l := range lines {
		assert.LessOrEqual(t, utf8.RuneCountInString(l), textWidth, "line %d too wide: %q", i, l)
		if i < len(lines)-1 {
			assert.True(t, strings.HasSuffix(l, " \\"), "line %d does not end in a backslash: %q", i, l)
		}
		joined = append(joined, strings.TrimSpace(strings.TrimSuffix(l, " \\")))
	}
	assert.Equal(t, cmd, strings.Join(joined, " "), "unwrapped command differs")
	assert.Contains(t, got, "'elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64'", "a quoted argument was split")
}
