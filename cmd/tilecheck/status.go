package main

import (
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// reportStatus maps one iterator's verdict to its exit status.
func reportStatus(r *report.Report) int { return verdictStatus(r.Verdict) }

// verdictStatus maps a verdict to its exit status (docs/contract.md#exit-statuses).
func verdictStatus(verdict report.Verdict) int {
	switch verdict {
	case report.Pass:
		return exitPass
	case report.Fail:
		return exitFail
	case report.Interrupted:
		return exitInterrupted
	}
	return exitWeak // weak, or never judged: no evidence either way
}

// matrixStatus is the exit status of an all-models sweep: 3 when the sweep
// says its evidence is weak (sweep.MatrixWeak), else 0.
func matrixStatus(m *report.Matrix) int {
	if sweep.MatrixWeak(m) {
		return exitWeak
	}
	return exitPass
}
