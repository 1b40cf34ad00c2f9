package sweep

import (
	"runtime/debug"
	"testing"
)

// TestTuneGCRestores: the command's collector settings are applied and
// undone, and GOGC / GOMEMLIMIT set by the user win.
func TestTuneGCRestores(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before, limit := debug.SetGCPercent(77), debug.SetMemoryLimit(1<<40)
	defer debug.SetGCPercent(before)
	defer debug.SetMemoryLimit(limit)
	restore := TuneGC()
	if got := debug.SetGCPercent(GCPercent); got != GCPercent {
		t.Errorf("GC percent %d after TuneGC, want %d", got, GCPercent)
	}
	if got := debug.SetMemoryLimit(-1); got != MemoryLimit {
		t.Errorf("memory limit %d after TuneGC, want %d", got, MemoryLimit)
	}
	restore()
	if got := debug.SetGCPercent(77); got != 77 {
		t.Errorf("GC percent %d after restore, want 77", got)
	}
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("memory limit %d after restore, want %d", got, int64(1<<40))
	}

	t.Setenv("GOGC", "150")
	t.Setenv("GOMEMLIMIT", "1GiB")
	restore = TuneGC()
	if got := debug.SetGCPercent(77); got != 77 {
		t.Errorf("GOGC set: GC percent %d, want the user's 77 untouched", got)
	}
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("GOMEMLIMIT set: limit %d, want untouched", got)
	}
	restore()
}
