package main

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
)

// classFlagHelp documents --class for probe and gpu.
const classFlagHelp = "iterator classes to confirm: all, family (the three SPEC §10 classes), or a comma-separated list of RegularTileIterator, RegularTileAccessIterator, PredicatedTileAccessIterator, PredicatedTileIterator"

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
		if c != iterator.RegularTile {
			return true
		}
	}
	return false
}

// probeClassCases are the cases of a preset for the classes asked for:
// RegularTileIterator's as before (probeCases), each family class's from
// cuda.FamilyCases.
func probeClassCases(preset string, classes []iterator.Class) ([]cuda.Case, error) {
	var out []cuda.Case
	for _, c := range classes {
		if c == iterator.RegularTile {
			cs, err := probeCases(preset)
			if err != nil {
				return nil, err
			}
			out = append(out, cs...)
			continue
		}
		out = append(out, cuda.FamilyCases(c, preset)...)
	}
	return out, nil
}
