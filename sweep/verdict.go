package sweep

import "github.com/tilecheck/tilecheck/report"

// Verdict is the one rule every verdict of a run comes from: a sweep's
// report (aggregate), a compiled probe's and the GPU evidence's (the
// command calls it through package probe, which reads a cuda.Result). It
// fails when failed says anything did (a property's violation on the code
// under test, or what the judgement needs lost: dropped records, errors, a
// sanitizer's report); else it is weak when a row of the kill matrix misses
// its spec (a control not killed as props.ControlOK requires, or killed by
// a property it must survive) or unproven says the evidence proves less
// than it claims (a property that judged nothing, a coverage floor missed,
// a model error, a sanitizer asked for but not run); else it passes.
func Verdict(failed bool, matrix []report.Control, unproven bool) report.Verdict {
	switch {
	case failed:
		return report.Fail
	case unproven:
		return report.Weak
	}
	for _, c := range matrix {
		if !c.OK {
			return report.Weak
		}
	}
	return report.Pass
}
