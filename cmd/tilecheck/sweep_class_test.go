package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
)

// One family class of one iterator is an ordinary report: the reference
// passes (exit 0), CUTLASS fails P-tile through the predicated cross terms
// (exit 1, docs/contract.md#cutlass), and the report names its class.
func TestSweepOneClass(t *testing.T) {
	code, out, errs := runCLI("sweep", "--iterator", "reference", "--class", "PredicatedTileIterator", "--format", "json")
	require.Equal(t, exitPass, code, "reference: exit %d, want 0; stderr %q", code, errs)
	var r struct {
		Class string `json:"class"`
	}
	err := json.Unmarshal([]byte(out), &r)
	assert.NoError(t, err, "report class %q (%v), want PredicatedTileIterator", r.Class, err)
	assert.Equal(t, "PredicatedTileIterator", r.Class, "report class %q (%v), want PredicatedTileIterator", r.Class, err)
	code, out, _ = runCLI("sweep", "--iterator", "cutlass", "--class", "predicatedtileaccessiterator")
	assert.Equal(t, exitFail, code, "cutlass: exit %d, want 1 with the class named:\n%s", code, out)
	assert.Contains(t, out, "PredicatedTileAccessIterator", "cutlass: exit %d, want 1 with the class named:\n%s", code, out)
}

// --class all with one iterator gives that iterator's matrix over the four
// classes; the status follows its verdicts (the reference passes them all).
func TestSweepAllClassesOfOneIterator(t *testing.T) {
	code, out, errs := runCLI("sweep", "--iterator", "reference", "--class", "all", "--format", "json")
	require.Equal(t, exitPass, code, "exit %d, want 0; stderr %q", code, errs)
	var m struct {
		Reports []struct {
			Iterator, Class, Verdict string
			Properties               []struct{ ID string }
		} `json:"reports"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	want := []string{"RegularTileIterator", "RegularTileAccessIterator", "PredicatedTileAccessIterator", "PredicatedTileIterator"}
	require.Len(t, m.Reports, len(want), "%d reports, want %d", len(m.Reports), len(want))
	for i, r := range m.Reports {
		assert.Equal(t, "reference", r.Iterator, "report %d: %s %s %s, want reference %s pass", i, r.Iterator, r.Class, r.Verdict, want[i])
		assert.Equal(t, want[i], r.Class, "report %d: %s %s %s, want reference %s pass", i, r.Iterator, r.Class, r.Verdict, want[i])
		assert.Equal(t, "pass", r.Verdict, "report %d: %s %s %s, want reference %s pass", i, r.Iterator, r.Class, r.Verdict, want[i])
	}
	traverse := false
	for _, p := range m.Reports[3].Properties {
		traverse = traverse || p.ID == "P-traverse"
	}
	assert.True(t, traverse, "the PredicatedTileIterator report has no P-traverse")
}

func TestSweepUnknownClassExitsTwo(t *testing.T) {
	code, _, errs := runCLI("sweep", "--class", "TileIterator")
	assert.Equal(t, exitUsage, code, "exit %d, stderr %q; want 2 naming the class", code, errs)
	assert.Contains(t, errs, "TileIterator", "exit %d, stderr %q; want 2 naming the class", code, errs)
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
		assert.NoError(t, err, "sweepClasses(%q, %q) = %v, %v; want %v", c.name, c.iter, got, err, c.want)
		assert.Equal(t, c.want, got, "sweepClasses(%q, %q) = %v, %v; want %v", c.name, c.iter, got, err, c.want)
	}
	_, err := sweepClasses("TileIterator", "")
	if assert.Error(t, err, "an unknown class: error %v, want one naming --class \"TileIterator\"", err) {
		assert.Contains(t, err.Error(), `--class "TileIterator"`, "an unknown class: error %v, want one naming --class \"TileIterator\"", err)
	}
}
