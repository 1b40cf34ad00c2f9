package cuda

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tilecheck/tilecheck/report"
)

// TestSanitizerOutcome: a tool is clean only when it ran, its summary
// counts zero and the run agreed (ok, the judging layer's); its report lines are kept.
func TestSanitizerOutcome(t *testing.T) {
	clean := &Result{ProbeResult: report.ProbeResult{ToolOutput: []string{"========= COMPUTE-SANITIZER", "========= ERROR SUMMARY: 0 errors"}}}
	s := sanitizerOutcome("memcheck", "quick", clean, true, nil)
	assert.True(t, s.Ran, "clean run: %+v", s)
	assert.True(t, s.Clean, "clean run: %+v", s)
	assert.Equal(t, "ERROR SUMMARY: 0 errors", s.Summary, "clean run: %+v", s)
	dirty := &Result{ProbeResult: report.ProbeResult{ToolOutput: []string{"========= Invalid __global__ write of size 4 bytes", "========= ERROR SUMMARY: 1 error"}}}
	s = sanitizerOutcome("memcheck", "quick", dirty, true, nil)
	assert.False(t, s.Clean, "a reported error: %+v", s)
	if assert.Len(t, s.Reports, 1, "a reported error: %+v", s) {
		assert.True(t, strings.HasPrefix(s.Reports[0], "Invalid __global__ write"), "a reported error: %+v", s)
	}
	disagree := &Result{ProbeResult: report.ProbeResult{ToolOutput: []string{"= RACECHECK SUMMARY: 0 hazards displayed"}}}
	s = sanitizerOutcome("racecheck", "quick", disagree, false, nil)
	assert.False(t, s.Clean, "a run that disagreed: %+v", s)
	assert.Contains(t, s.Summary, "disagreed with the Go models", "a run that disagreed: %+v", s)
	s = sanitizerOutcome("racecheck", "quick", nil, false, errors.New("timed out"))
	assert.False(t, s.Clean, "a failed run: %+v", s)
	assert.Equal(t, "run failed: timed out", s.Summary, "a failed run: %+v", s)
	s = sanitizerOutcome("racecheck", "quick", &Result{}, true, nil)
	assert.False(t, s.Clean, "no summary: %+v", s)
	assert.Equal(t, "no summary line from compute-sanitizer", s.Summary, "no summary: %+v", s)
}
