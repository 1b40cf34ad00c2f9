package cuda

import (
	"errors"
	"strings"
	"testing"

	"github.com/tilecheck/tilecheck/report"
)

// TestProbeLastLineStatesVerdict: a probe whose accesses all agree but
// whose control showed no mismatch is weak, and its report's last line
// says so (it used to say every compiled access agrees).
func TestProbeLastLineStatesVerdict(t *testing.T) {
	res := &Result{Backend: "host", Variants: []VariantResult{
		{Label: "reference", Role: RoleIterator, Accesses: 10},
		{Label: "C-load-div", Role: RoleControl, Accesses: 10}, // no mismatch: not caught
	}}
	var b strings.Builder
	WriteProbeText(&b, "representative", res)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "Verdict: WEAK") || !strings.Contains(last, "C-load-div") {
		t.Errorf("last line %q, want a weak verdict naming C-load-div", last)
	}
	if v, _ := ProbeVerdict(res); v != report.Weak {
		t.Errorf("verdict %q, want weak", v)
	}
	if r := NewProbeReport("tilecheck", "v", "quick", res); r.Verdict != report.Weak || !r.OK {
		t.Errorf("JSON form: verdict %q ok %v, want weak and ok (every access agrees)", r.Verdict, r.OK)
	}
	res.Variants[1].VsReference = 3
	if v, line := ProbeVerdict(res); v != report.Pass || !strings.HasPrefix(line, "Verdict: pass") {
		t.Errorf("caught control: verdict %q, line %q", v, line)
	}
	res.Variants[0].Mismatches = 1
	if v, line := ProbeVerdict(res); v != report.Fail || !strings.HasPrefix(line, "Verdict: FAIL") {
		t.Errorf("a mismatch: verdict %q, line %q", v, line)
	}
}

// TestSanitizerOutcome: a tool is clean only when it ran, its summary
// counts zero and the run agreed; its report lines are kept.
func TestSanitizerOutcome(t *testing.T) {
	clean := &Result{ToolOutput: []string{"========= COMPUTE-SANITIZER", "========= ERROR SUMMARY: 0 errors"}}
	if s := sanitizerOutcome("memcheck", "quick", clean, nil); !s.Ran || !s.Clean || s.Summary != "ERROR SUMMARY: 0 errors" {
		t.Errorf("clean run: %+v", s)
	}
	dirty := &Result{ToolOutput: []string{"========= Invalid __global__ write of size 4 bytes", "========= ERROR SUMMARY: 1 error"}}
	s := sanitizerOutcome("memcheck", "quick", dirty, nil)
	if s.Clean || len(s.Reports) != 1 || !strings.HasPrefix(s.Reports[0], "Invalid __global__ write") {
		t.Errorf("a reported error: %+v", s)
	}
	disagree := &Result{Dropped: 1, ToolOutput: []string{"= RACECHECK SUMMARY: 0 hazards displayed"}}
	if s := sanitizerOutcome("racecheck", "quick", disagree, nil); s.Clean || !strings.Contains(s.Summary, "disagreed with the Go models") {
		t.Errorf("a run that disagreed: %+v", s)
	}
	if s := sanitizerOutcome("racecheck", "quick", nil, errors.New("timed out")); s.Clean || s.Summary != "run failed: timed out" {
		t.Errorf("a failed run: %+v", s)
	}
	if s := sanitizerOutcome("racecheck", "quick", &Result{}, nil); s.Clean || s.Summary != "no summary line from compute-sanitizer" {
		t.Errorf("no summary: %+v", s)
	}
}
