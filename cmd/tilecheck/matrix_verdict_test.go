package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOneIteratorOverClassesEndsWithItsVerdict: `sweep --iterator cutlass
// --class family` prints the model × property matrix of its classes and,
// as a one-class sweep does, ends with the verdict its exit status
// follows (a user pass found no verdict line there); JSON carries it.
func TestOneIteratorOverClassesEndsWithItsVerdict(t *testing.T) {
	code, out, stderr := runCLI("sweep", "--iterator", "cutlass", "--class", "family")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Equal(t, exitFail, code, "exit %d, last line %q (stderr %q); want exit 1 and \"Verdict: FAIL\"", code, lines[len(lines)-1], stderr)
	require.Equal(t, "Verdict: FAIL", lines[len(lines)-1], "exit %d, last line %q (stderr %q); want exit 1 and \"Verdict: FAIL\"", code, lines[len(lines)-1], stderr)
	code, out, _ = runCLI("sweep", "--iterator", "reference", "--class", "family", "--format", "json")
	var m struct {
		Verdict string `json:"verdict"`
	}
	err := json.Unmarshal([]byte(out), &m)
	require.NoError(t, err, "reference: exit %d, verdict %q (%v); want 0 and pass", code, m.Verdict, err)
	require.Equal(t, exitPass, code, "reference: exit %d, verdict %q (%v); want 0 and pass", code, m.Verdict, err)
	require.Equal(t, "pass", m.Verdict, "reference: exit %d, verdict %q (%v); want 0 and pass", code, m.Verdict, err)
	code, out, _ = runCLI("sweep", "--format", "json")
	var all map[string]json.RawMessage
	err = json.Unmarshal([]byte(out), &all)
	require.NoError(t, err, "every model: exit %d (%v); want 0", code, err)
	require.Equal(t, exitPass, code, "every model: exit %d (%v); want 0", code, err)
	v, ok := all["verdict"]
	require.False(t, ok, "every model: the matrix carries verdict %s; want none (its exit follows another rule)", v)
}
