package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// check --property X on a case where X does not apply says so and exits
// non-zero (issue 10, item 5): judging nothing is not a pass. The same
// property on a case where it applies passes, so the refusal is about the
// case.
func TestCheckPropertyNotApplicable(t *testing.T) {
	odd := "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=65"
	code, _, stderr := runCLI("check", "--iterator", "reference", "--config", odd, "--ops", "load()", "--property", "P-align")
	if code != exitUsage || !strings.Contains(stderr, "P-align does not apply") {
		t.Errorf("P-align on an odd pitch: exit %d, stderr %q; want %d naming the property", code, stderr, exitUsage)
	}
	even := "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64"
	if code, out, stderr := runCLI("check", "--iterator", "reference", "--config", even, "--ops", "load()", "--property", "P-align"); code != exitPass {
		t.Errorf("P-align on an aligned pitch: exit %d, want %d\n%s%s", code, exitPass, out, stderr)
	}
}

// TestCheckJSONNotApplicableIsNoPass: with --format json, a --property that
// judged nothing exits 2 as in text, and the JSON a script reads says it
// was not judged: it printed "verdict": "pass" beside the exit status 2.
func TestCheckJSONNotApplicableIsNoPass(t *testing.T) {
	odd := "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=65"
	code, out, stderr := runCLI("check", "--format", "json", "--iterator", "reference", "--config", odd, "--ops", "load()", "--property", "P-align")
	if code != exitUsage || !strings.Contains(stderr, "P-align does not apply") {
		t.Errorf("exit %d, stderr %q; want %d naming the property", code, stderr, exitUsage)
	}
	var doc struct{ Verdict string }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("JSON: %v\n%s", err, out)
	}
	if doc.Verdict == "pass" {
		t.Errorf("JSON verdict %q for a property that judged nothing", doc.Verdict)
	}
}
