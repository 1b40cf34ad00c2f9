package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestOneIteratorOverClassesEndsWithItsVerdict: `sweep --iterator cutlass
// --class family` prints the model × property matrix of its classes and,
// as a one-class sweep does, ends with the verdict its exit status
// follows (a user pass found no verdict line there); JSON carries it.
func TestOneIteratorOverClassesEndsWithItsVerdict(t *testing.T) {
	code, out, stderr := runCLI("sweep", "--iterator", "cutlass", "--class", "family")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitFail || lines[len(lines)-1] != "Verdict: FAIL" {
		t.Fatalf("exit %d, last line %q (stderr %q); want exit 1 and \"Verdict: FAIL\"", code, lines[len(lines)-1], stderr)
	}
	code, out, _ = runCLI("sweep", "--iterator", "reference", "--class", "family", "--format", "json")
	var m struct {
		Verdict string `json:"verdict"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil || code != exitPass || m.Verdict != "pass" {
		t.Fatalf("reference: exit %d, verdict %q (%v); want 0 and pass", code, m.Verdict, err)
	}
	code, out, _ = runCLI("sweep", "--format", "json")
	var all map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &all); err != nil || code != exitPass {
		t.Fatalf("every model: exit %d (%v); want 0", code, err)
	}
	if v, ok := all["verdict"]; ok {
		t.Fatalf("every model: the matrix carries verdict %s; want none (its exit follows another rule)", v)
	}
}
