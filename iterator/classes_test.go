package iterator

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestParseClasses: all, family and lists of names, spelled in any case;
// an unknown name is an error.
func TestParseClasses(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []Class
	}{
		{"all", []Class{RegularTile, RegularTileAccess, PredicatedTileAccess, PredicatedTile}},
		{"ALL", []Class{RegularTile, RegularTileAccess, PredicatedTileAccess, PredicatedTile}},
		{"family", []Class{RegularTileAccess, PredicatedTileAccess, PredicatedTile}},
		{"PredicatedTileIterator", []Class{PredicatedTile}},
		{"regulartileiterator, PredicatedTileAccessIterator", []Class{RegularTile, PredicatedTileAccess}},
	} {
		got, err := ParseClasses(c.in)
		assert.NoError(t, err, "ParseClasses(%q) = %v, %v; want %v", c.in, got, err, c.want)
		assert.Equal(t, c.want, got, "ParseClasses(%q) = %v, %v; want %v", c.in, got, err, c.want)
	}
	for _, bad := range []string{"TileIterator", "RegularTileIterator,", ""} {
		got, err := ParseClasses(bad)
		assert.Error(t, err, "ParseClasses(%q) = %v, want an error", bad, got)
	}
}

// TestClassText pins that a class travels in JSON by its name and that
// decoding rejects a name that is not a class (a shard report's state).
func TestClassText(t *testing.T) {
	for _, c := range Classes() {
		b, err := json.Marshal(c)
		assert.NoError(t, err, "Marshal(%v) = %s, %v", c, b, err)
		assert.Equal(t, `"`+c.String()+`"`, string(b), "Marshal(%v) = %s, %v", c, b, err)
		var back Class
		err = json.Unmarshal(b, &back)
		assert.NoError(t, err, "Unmarshal(%s) = %v, %v", b, back, err)
		assert.Equal(t, c, back, "Unmarshal(%s) = %v, %v", b, back, err)
	}
	var c Class
	err := json.Unmarshal([]byte(`"RegularTileIter"`), &c)
	assert.Error(t, err, "Unmarshal of a misspelt class succeeded")
	_, err = json.Marshal(Class(9))
	assert.Error(t, err, "Marshal(Class(9)) succeeded")
}
