package sweep

import (
	"os"
	"runtime/debug"
)

// GCPercent is the garbage collector's target `tilecheck sweep` runs the
// engine with: a sweep's live heap is small (batches are bounded) but it
// allocates traces at a high rate, and collecting at 5× the live heap
// instead of 2× takes about a fifth off the quick all-classes sweep's CPU
// time.
const GCPercent = 400

// MemoryLimit caps what GCPercent lets the heap grow to: at 5× a large
// live heap (the exhaustive preset's enumeration while it is built) the
// heap would pass 1 GB, so near the limit the collector runs more often
// instead.
const MemoryLimit = 384 << 20

// TuneGC sets the process's collector to GCPercent and MemoryLimit, except
// where the user set GOGC or GOMEMLIMIT, and returns what undoes it. The
// package never calls it: a program embedding the engine decides its own
// collector. The command calls it before a sweep, and the ratio benchmark
// does, so that it measures the engine as the command runs it.
func TuneGC() (restore func()) {
	var undo []func()
	if os.Getenv("GOGC") == "" {
		was := debug.SetGCPercent(GCPercent)
		undo = append(undo, func() { debug.SetGCPercent(was) })
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		was := debug.SetMemoryLimit(MemoryLimit)
		undo = append(undo, func() { debug.SetMemoryLimit(was) })
	}
	return func() {
		for _, f := range undo {
			f()
		}
	}
}
