package proberender

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tilecheck/tilecheck/report"
)

// A probe judged against a baseline ends with the three groups and the
// gate, in text and in Markdown.
func TestProbeShowsTheThreeGroups(t *testing.T) {
	f := func(law string) report.Finding {
		return report.Finding{Class: "RegularTileIterator", Iterator: "cutlass", Source: "probe", Property: "P-companion", Law: law}
	}
	r := report.ProbeReport{Verdict: report.Fail, ProbeResult: &report.ProbeResult{Backend: "host"},
		Baseline: &report.Findings{File: "known.json", Gate: report.Fail,
			New: []report.Finding{f("inc")}, Known: []report.Finding{f("store(·,·)")}, Fixed: []report.Finding{f("load()")}}}
	var text, md bytes.Buffer
	Text(&text, r)
	Markdown(&md, r)
	for name, out := range map[string]string{"text": text.String(), "md": md.String()} {
		for _, want := range []string{"New findings (1)", "Known findings still present (1)", "FIXED findings (1)", "| P-companion | inc", "| P-companion | load()"} {
			assert.Contains(t, out, want, name)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		assert.Contains(t, lines[len(lines)-1], "the exit status follows it): FAIL", name)
	}
	var plain bytes.Buffer
	r.Baseline = nil
	Text(&plain, r)
	assert.NotContains(t, plain.String(), "Known findings")
}
