package reports

import (
	"bytes"
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
	if err := TextMatrix(&m, classesMatrix()); err != nil {
		t.Fatal(err)
	}
	if err := Text(&r, failingReport()); err != nil {
		t.Fatal(err)
	}
	if err := TextMatrixWith(&mv, classesMatrix(), TextOptions{Verbose: true}); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"matrix": m.String(), "report": r.String()} {
		for i, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > textWidth {
				t.Errorf("%s line %d is %d columns: %q", name, i+1, n, line)
			}
		}
		if strings.Contains(out, "Controls (kill matrix)") || strings.Contains(out, "Units") && name == "matrix" {
			t.Errorf("%s: a long section is shown without Verbose:\n%s", name, out)
		}
		if !strings.Contains(out, "\nSummary\n-------\n") {
			t.Errorf("%s: no summary after the tables:\n%s", name, out)
		}
	}
	if i, j := strings.Index(m.String(), "Model × property"), strings.Index(m.String(), "Summary"); i < 0 || j < i {
		t.Errorf("the matrix does not come before the summary:\n%s", m.String())
	}
	lines := strings.Split(strings.TrimSpace(r.String()), "\n")
	if last := lines[len(lines)-1]; last != "  Verdict: FAIL" && last != "Verdict: FAIL" {
		t.Errorf("last line of a failing report is %q, want the verdict", last)
	}
	if !strings.Contains(mv.String(), "Controls (kill matrix)") || !strings.Contains(mv.String(), "Counterexample: P-tile") {
		t.Errorf("Verbose does not show the long sections:\n%s", mv.String())
	}
}

// TestWrapCommandKeepsQuotes: a replay command is broken only outside
// quotes, each broken line ending in a backslash.
func TestWrapCommandKeepsQuotes(t *testing.T) {
	cmd := "tilecheck check --iterator cutlass --config 'elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64' --ops 'load(1,0);store(1,0)' --property P-sym --thread 5"
	got := wrapCommand(cmd, "    ")
	lines := strings.Split(got, "\n")
	if len(lines) < 2 {
		t.Fatalf("not wrapped: %q", got)
	}
	var joined []string
	for i, l := range lines {
		if utf8.RuneCountInString(l) > textWidth {
			t.Errorf("line %d over %d columns: %q", i, textWidth, l)
		}
		if i < len(lines)-1 && !strings.HasSuffix(l, " \\") {
			t.Errorf("line %d does not end in a backslash: %q", i, l)
		}
		joined = append(joined, strings.TrimSpace(strings.TrimSuffix(l, " \\")))
	}
	if strings.Join(joined, " ") != cmd {
		t.Errorf("unwrapped command differs:\n got %q\nwant %q", strings.Join(joined, " "), cmd)
	}
	if !strings.Contains(got, "'elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64'") {
		t.Errorf("a quoted argument was split: %q", got)
	}
}
