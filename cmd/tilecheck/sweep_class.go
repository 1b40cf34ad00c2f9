package main

import (
	"os"
	"runtime/debug"

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

// sweepGCPercent is the garbage collector's target for a sweep: a sweep's
// live heap is small (batches are bounded) but it allocates traces at a
// high rate, and collecting at 4× the live heap instead of 2× takes about a
// fifth off the quick all-classes sweep's CPU time. GOGC, when set, wins.
const sweepGCPercent = 400

// sweepMemoryLimit caps what that target lets the heap grow to: at 4× a
// large live heap (the exhaustive preset's enumeration, ~100 MB of
// configurations while judging) the heap would reach 1 GB, so near the
// limit the collector runs more often instead. GOMEMLIMIT, when set, wins.
const sweepMemoryLimit = 384 << 20

func tuneSweepGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(sweepGCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(sweepMemoryLimit)
	}
}
