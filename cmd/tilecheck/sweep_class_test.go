package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
)

// One family class of one iterator is an ordinary report: the reference
// passes (exit 0), CUTLASS fails P-tile through the predicated cross terms
// (exit 1, SPEC §10), and the report names its class.
func TestSweepOneClass(t *testing.T) {
	code, out, errs := runCLI("sweep", "--iterator", "reference", "--class", "PredicatedTileIterator", "--format", "json")
	if code != exitPass {
		t.Fatalf("reference: exit %d, want 0; stderr %q", code, errs)
	}
	var r struct {
		Class string `json:"class"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Class != "PredicatedTileIterator" {
		t.Errorf("report class %q (%v), want PredicatedTileIterator", r.Class, err)
	}
	code, out, _ = runCLI("sweep", "--iterator", "cutlass", "--class", "predicatedtileaccessiterator")
	if code != exitFail || !strings.Contains(out, "PredicatedTileAccessIterator") {
		t.Errorf("cutlass: exit %d, want 1 with the class named:\n%s", code, out)
	}
}

// --class all with one iterator gives that iterator's matrix over the four
// classes; the status follows its verdicts (the reference passes them all).
func TestSweepAllClassesOfOneIterator(t *testing.T) {
	code, out, errs := runCLI("sweep", "--iterator", "reference", "--class", "all", "--format", "json")
	if code != exitPass {
		t.Fatalf("exit %d, want 0; stderr %q", code, errs)
	}
	var m struct {
		Reports []struct {
			Iterator, Class, Verdict string
			Properties               []struct{ ID string }
		} `json:"reports"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	want := []string{"RegularTileIterator", "RegularTileAccessIterator", "PredicatedTileAccessIterator", "PredicatedTileIterator"}
	if len(m.Reports) != len(want) {
		t.Fatalf("%d reports, want %d", len(m.Reports), len(want))
	}
	for i, r := range m.Reports {
		if r.Iterator != "reference" || r.Class != want[i] || r.Verdict != "pass" {
			t.Errorf("report %d: %s %s %s, want reference %s pass", i, r.Iterator, r.Class, r.Verdict, want[i])
		}
	}
	traverse := false
	for _, p := range m.Reports[3].Properties {
		traverse = traverse || p.ID == "P-traverse"
	}
	if !traverse {
		t.Errorf("the PredicatedTileIterator report has no P-traverse")
	}
}

func TestSweepUnknownClassExitsTwo(t *testing.T) {
	code, _, errs := runCLI("sweep", "--class", "TileIterator")
	if code != exitUsage || !strings.Contains(errs, "TileIterator") {
		t.Errorf("exit %d, stderr %q; want 2 naming the class", code, errs)
	}
}

// TestSweepClassesDefaults: sweep's --class defaults (one iterator: the
// RegularTileIterator; the matrix: every class), and the same lists as
// probe's --class when given.
func TestSweepClassesDefaults(t *testing.T) {
	for _, c := range []struct {
		name, iter string
		want       []iterator.Class
	}{
		{"", "reference", []iterator.Class{iterator.RegularTile}},
		{"", "", []iterator.Class{iterator.RegularTile, iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile}},
		{"family", "reference", []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile}},
		{"PredicatedTileIterator,RegularTileIterator", "", []iterator.Class{iterator.PredicatedTile, iterator.RegularTile}},
	} {
		got, err := sweepClasses(c.name, c.iter)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("sweepClasses(%q, %q) = %v, %v; want %v", c.name, c.iter, got, err, c.want)
		}
	}
	if _, err := sweepClasses("TileIterator", ""); err == nil || !strings.Contains(err.Error(), `--class "TileIterator"`) {
		t.Errorf("an unknown class: error %v, want one naming --class \"TileIterator\"", err)
	}
}
