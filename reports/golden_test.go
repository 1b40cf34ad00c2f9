package reports

import (
	"bytes"
	"flag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"io"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite reports/testdata/*.golden from the current renderers")

// TestGolden pins every renderer's output for the hand-made reports. After
// an intended change, run `go test ./reports -update` and review the diff.
func TestGolden(t *testing.T) {
	cases := []struct {
		name   string
		render func(io.Writer) error
	}{
		{"fail.txt", func(w io.Writer) error { return Text(w, failingReport()) }},
		{"fail-verbose.txt", func(w io.Writer) error { return TextWith(w, failingReport(), TextOptions{Verbose: true}) }},
		{"fail.md", func(w io.Writer) error { return Markdown(w, failingReport()) }},
		{"fail.json", func(w io.Writer) error { return JSON(w, failingReport()) }},
		{"pass.txt", func(w io.Writer) error { return Text(w, passingReport()) }},
		{"pass.md", func(w io.Writer) error { return Markdown(w, passingReport()) }},
		{"matrix.txt", func(w io.Writer) error { return TextMatrix(w, fixtureMatrix()) }},
		{"matrix.md", func(w io.Writer) error { return MarkdownMatrix(w, fixtureMatrix()) }},
		{"matrix.json", func(w io.Writer) error { return JSONMatrix(w, fixtureMatrix()) }},
		{"matrix-same.txt", func(w io.Writer) error { return TextMatrix(w, sameControlsMatrix()) }},
		{"matrix-classes.txt", func(w io.Writer) error { return TextMatrix(w, classesMatrix()) }},
		{"matrix-classes-verbose.txt", func(w io.Writer) error {
			return TextMatrixWith(w, classesMatrix(), TextOptions{Verbose: true})
		}},
		{"matrix.junit.xml", func(w io.Writer) error { return JUnit(w, fixtureMatrix()) }},
		{"matrix.github.txt", func(w io.Writer) error {
			return GitHubAnnotationsWith(w, fixtureMatrix(), GitHubOptions{Matrix: true})
		}},
		{"matrix-classes.md", func(w io.Writer) error { return MarkdownMatrix(w, classesMatrix()) }},
		{"fail.html", func(w io.Writer) error { return HTML(w, failingReport()) }},
		{"matrix-classes.html", func(w io.Writer) error { return HTMLMatrix(w, classesMatrix()) }},
		{"fail-pictures.md", func(w io.Writer) error {
			return MarkdownWith(w, failingReport(), MarkdownOptions{PictureDir: "pictures"})
		}},
	}
	cases = append(cases, baselineRenderings...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got bytes.Buffer
			require.NoError(t, c.render(&got))
			path := filepath.Join("testdata", c.name+".golden")
			if *update {
				require.NoError(t, os.WriteFile(path, got.Bytes(), 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run `go test ./reports -update` to create it")
			assert.Equal(t, string(want), got.String(), "%s differs from the golden file", path)
		})
	}
}
