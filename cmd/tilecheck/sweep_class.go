package main

import (
	"github.com/tilecheck/tilecheck/iterator"
)

// sweepClasses resolves --class with sweep's defaults: left out, one
// iterator is swept as a RegularTileIterator and the all-models matrix
// covers every class; given, it is read as probe's is (parseClasses).
func sweepClasses(name, iter string) ([]iterator.Class, error) {
	switch {
	case name == "" && iter != "":
		return []iterator.Class{iterator.RegularTile}, nil
	case name == "":
		return iterator.Classes(), nil
	}
	return parseClasses(name)
}
