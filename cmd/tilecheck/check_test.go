package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// check --property X on a case where X does not apply says so and exits
// non-zero: judging nothing is not a pass. The same
// property on a case where it applies passes, so the refusal is about the
// case.
func TestCheckPropertyNotApplicable(t *testing.T) {
	odd := "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=65"
	code, _, stderr := runCLI("check", "--iterator", "reference", "--config", odd, "--ops", "load()", "--property", "P-align")
	assert.Equal(t, exitUsage, code, "P-align on an odd pitch: exit %d, stderr %q; want %d naming the property", code, stderr, exitUsage)
	assert.Contains(t, stderr, "P-align does not apply", "P-align on an odd pitch: exit %d, stderr %q; want %d naming the property", code, stderr, exitUsage)
	even := "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64"
	evenCode, evenOut, evenErr := runCLI("check", "--iterator", "reference", "--config", even, "--ops", "load()", "--property", "P-align")
	assert.Equal(t, exitPass, evenCode, "P-align on an aligned pitch: exit %d, want %d\n%s%s", evenCode, exitPass, evenOut, evenErr)
}

// TestCheckJSONNotApplicableIsNoPass: with --format json, a --property that
// judged nothing exits 2 as in text, and the JSON a script reads says it
// was not judged: it printed "verdict": "pass" beside the exit status 2.
func TestCheckJSONNotApplicableIsNoPass(t *testing.T) {
	odd := "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=65"
	code, out, stderr := runCLI("check", "--format", "json", "--iterator", "reference", "--config", odd, "--ops", "load()", "--property", "P-align")
	assert.Equal(t, exitUsage, code, "exit %d, stderr %q; want %d naming the property", code, stderr, exitUsage)
	assert.Contains(t, stderr, "P-align does not apply", "exit %d, stderr %q; want %d naming the property", code, stderr, exitUsage)
	var doc struct{ Verdict string }
	err := json.Unmarshal([]byte(out), &doc)
	require.NoError(t, err, "JSON: %v\n%s", err, out)
	assert.NotEqual(t, "pass", doc.Verdict, "JSON verdict %q for a property that judged nothing", doc.Verdict)
}
