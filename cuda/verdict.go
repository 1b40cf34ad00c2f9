package cuda

import "github.com/tilecheck/tilecheck/report"

// VerdictRule is the one rule verdicts come from (sweep.Verdict, which
// cuda does not import: the command hands it in): fail when failed; else
// weak when a row of the kill matrix misses its spec or unproven; else pass.
type VerdictRule func(failed bool, matrix []report.Control, unproven bool) report.Verdict

// Verdict is a probe's verdict by rule, given what the run found: failed on
// any disagreement with a Go model, an unexpected round trip, a dropped
// record or an error (OK); the kill matrix of its controls and identity
// copy (KillMatrix). A probe has nothing else to leave unproven.
func (r *Result) Verdict(rule VerdictRule) report.Verdict {
	return rule(!r.OK(), r.KillMatrix(), false)
}

// Report is the JSON form of a probe run (what reports/probe renders): r's
// result with its verdict by rule, its controls' outcomes and OK.
func (r *Result) Report(tool, version, preset string, rule VerdictRule) report.ProbeReport {
	return report.ProbeReport{Tool: tool, Version: version, Preset: preset, Verdict: r.Verdict(rule),
		OK: r.OK(), Controls: r.Controls(), ProbeResult: &r.ProbeResult}
}
