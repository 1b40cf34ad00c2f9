package cuda

import "github.com/tilecheck/tilecheck/report"

// JudgeEvidence sets e's result to r's, its controls' outcomes and its
// verdict by rule (sweep.Verdict): failed when the run failed (Result.OK: a
// disagreement with a Go model, an unexpected round trip, a dropped record,
// an error) or a sanitizer reported; weak when a row of the kill matrix
// misses its spec or a sanitizer asked for did not run (no evidence either
// way).
func (r *Result) JudgeEvidence(e *report.GPUEvidence, rule VerdictRule) {
	e.Result = &r.ProbeResult
	e.Controls = r.Controls()
	reported, missing := false, false
	for _, s := range e.Sanitizers {
		reported = reported || (s.Ran && !s.Clean)
		missing = missing || !s.Ran
	}
	e.Verdict = rule(!r.OK() || reported, r.KillMatrix(), missing)
}
