package main

import (
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
)

// classFlagHelp documents --class for probe and gpu.
const classFlagHelp = "iterator classes to confirm: all, family (the three SPEC §10 classes), or a comma-separated list of RegularTileIterator, RegularTileAccessIterator, PredicatedTileAccessIterator, PredicatedTileIterator"

// parseClasses reads --class. "all" is every class; "family" the SPEC §10
// classes; otherwise class names separated by commas.
func parseClasses(s string) ([]iterator.Class, error) {
	family := []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile}
	switch s {
	case "all":
		return append([]iterator.Class{iterator.RegularTile}, family...), nil
	case "family":
		return family, nil
	}
	var out []iterator.Class
	for _, name := range strings.Split(s, ",") {
		c, err := iterator.ClassByName(strings.TrimSpace(name))
		if err != nil {
			return nil, fmt.Errorf("--class %q: want all, family or class names (RegularTileIterator, RegularTileAccessIterator, PredicatedTileAccessIterator, PredicatedTileIterator)", s)
		}
		out = append(out, c)
	}
	return out, nil
}

func hasFamily(classes []iterator.Class) bool {
	for _, c := range classes {
		if c != iterator.RegularTile {
			return true
		}
	}
	return false
}
