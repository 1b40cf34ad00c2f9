package cuda

import "github.com/tilecheck/tilecheck/report"

// Result is what one compiled run found: the reported schema
// (report.ProbeResult, which package probe counts into its own copy of
// and reports/proberender renders) and the raw facts it is counted from, which do not go to report.
type Result struct {
	report.ProbeResult

	// Runs are the raw facts of every program run, in the order run:
	// what the judging layer (package probe) judges and counts into a
	// copy of the result, leaving this one as it is.
	Runs []ProgramRun `json:"-"`

	compiled map[traceKey][]compiledThread
	why      map[traceKey]string
}

// whyUnavailable says why (case, program) did not run on the first variant.
func (r *Result) whyUnavailable(kase, prog int) string {
	if w, ok := r.why[traceKey{kase, 0, prog}]; ok {
		return w
	}
	return "unknown"
}
