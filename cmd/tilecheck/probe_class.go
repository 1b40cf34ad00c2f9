package main

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
)

// classFlagHelp documents --class for probe and gpu.
const classFlagHelp = "iterator classes to confirm: all, family (RegularTileAccessIterator and the two predicated iterators), or a comma-separated list of RegularTileIterator, RegularTileAccessIterator, PredicatedTileAccessIterator, PredicatedTileIterator"

// parseClasses reads --class (probe, gpu and sweep): "all", "family" or
// class names separated by commas (iterator.ParseClasses).
func parseClasses(s string) ([]iterator.Class, error) {
	classes, err := iterator.ParseClasses(s)
	if err != nil {
		return nil, fmt.Errorf("--class %q: %v", s, err)
	}
	return classes, nil
}

func hasFamily(classes []iterator.Class) bool {
	for _, c := range classes {
		if c.Family() {
			return true
		}
	}
	return false
}
