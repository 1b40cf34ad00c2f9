package iterator

import (
	"slices"
	"testing"
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
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("ParseClasses(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"TileIterator", "RegularTileIterator,", ""} {
		if got, err := ParseClasses(bad); err == nil {
			t.Errorf("ParseClasses(%q) = %v, want an error", bad, got)
		}
	}
}
