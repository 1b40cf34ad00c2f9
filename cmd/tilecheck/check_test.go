package main

import (
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
