package sweep

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
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
	assert.Equal(t, GCPercent, debug.SetGCPercent(GCPercent), "GC percent after TuneGC")
	assert.Equal(t, int64(MemoryLimit), debug.SetMemoryLimit(-1), "memory limit after TuneGC")
	restore()
	assert.Equal(t, 77, debug.SetGCPercent(77), "GC percent after restore")
	assert.Equal(t, int64(1<<40), debug.SetMemoryLimit(-1), "memory limit after restore")

	t.Setenv("GOGC", "150")
	t.Setenv("GOMEMLIMIT", "1GiB")
	restore = TuneGC()
	assert.Equal(t, 77, debug.SetGCPercent(77), "GOGC set: the user's GC percent untouched")
	assert.Equal(t, int64(1<<40), debug.SetMemoryLimit(-1), "GOMEMLIMIT set: the limit untouched")
	restore()
}
