package baseline_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/baseline"
	"github.com/tilecheck/tilecheck/report"
)

func TestParseRefusesABadFileNamingTheProblem(t *testing.T) {
	for name, c := range map[string]struct{ text, want string }{
		"not json":      {`{"tilecheck_baseline": 1,`, "not a baseline file"},
		"other version": {`{"tilecheck_baseline": 2, "findings": []}`, "tilecheck_baseline 2"},
		"no version":    {`{"findings": []}`, "tilecheck_baseline 0"},
		"unknown field": {`{"tilecheck_baseline": 1, "findings": [], "extra": 1}`, `unknown field "extra"`},
		"no property":   {`{"tilecheck_baseline": 1, "findings": [{"class": "C", "iterator": "i", "source": "model"}]}`, "finding 1: class, iterator and property are required"},
		"bad source":    {`{"tilecheck_baseline": 1, "findings": [{"class": "C", "iterator": "i", "source": "gpu", "property": "P-sym"}]}`, `finding 1: source "gpu"`},
		"twice": {`{"tilecheck_baseline": 1, "findings": [{"class": "C", "iterator": "i", "source": "model", "property": "P-sym"},
			{"class": "C", "iterator": "i", "source": "model", "property": "P-sym", "note": "again"}]}`, "finding 2 repeats finding 1"},
		"two values": {`{"tilecheck_baseline": 1, "findings": []} {}`, "more than one JSON value"},
	} {
		_, err := baseline.Parse([]byte(c.text))
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), c.want, name)
	}
}

func TestReadNamesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.json")
	require.NoError(t, os.WriteFile(path, []byte(`[]`), 0o644))
	_, err := baseline.Read(path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), path)
	_, err = baseline.Read(filepath.Join(t.TempDir(), "none.json"))
	assert.ErrorContains(t, err, "none.json")
}

func TestEncodeIsSortedAndReadsBack(t *testing.T) {
	f := &baseline.File{Findings: []report.Finding{
		{Class: "RegularTileIterator", Iterator: "cutlass", Source: "model", Property: "P-tile", Law: "b"},
		{Class: "RegularTileIterator", Iterator: "cutlass", Source: "model", Property: "P-tile", Law: "a", Note: "why"},
		{Class: "PredicatedTileIterator", Iterator: "cutlass", Source: "compiled", Property: "P-sym"},
	}}
	b := f.Encode()
	assert.Equal(t, `{
  "tilecheck_baseline": 1,
  "findings": [
    {
      "class": "PredicatedTileIterator",
      "iterator": "cutlass",
      "source": "compiled",
      "property": "P-sym",
      "note": ""
    },
    {
      "class": "RegularTileIterator",
      "iterator": "cutlass",
      "source": "model",
      "property": "P-tile",
      "law": "a",
      "note": "why"
    },
    {
      "class": "RegularTileIterator",
      "iterator": "cutlass",
      "source": "model",
      "property": "P-tile",
      "law": "b",
      "note": ""
    }
  ]
}
`, string(b))
	back, err := baseline.Parse(b)
	require.NoError(t, err)
	assert.Len(t, back.Findings, 3)
	assert.Equal(t, "a", back.Findings[1].Law)
}
