package sweep_test

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain lets the heap grow to five times its live size between
// collections (GOGC=400) unless GOGC says otherwise: the mutant catalogue
// traces each mutant thread by thread through Model.Trace, which allocates
// its buffers per call, and at the default goal collecting them costs
// about a third of the package's CPU.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(m.Run())
}
