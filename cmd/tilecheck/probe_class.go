package main

import (
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
)

// classFlagHelp documents --class for probe, gpu and diff, naming every
// registered class.
var classFlagHelp = "iterator classes to confirm: all, family (RegularTileAccessIterator and the two predicated iterators), or a comma-separated list of " + classNames()

// classNames lists every registered class's name, separated by commas.
func classNames() string {
	var names []string
	for _, c := range iterator.Classes() {
		names = append(names, c.String())
	}
	return strings.Join(names, ", ")
}

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
