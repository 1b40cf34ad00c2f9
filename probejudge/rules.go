package probejudge

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// The rules over a probe's counts: whether it agreed (OK), its controls as
// a kill matrix (KillMatrix, Controls) and the verdict the one rule
// (sweep.Verdict) reaches from them, for a probe (Verdict, Report) and for
// the GPU evidence (JudgeEvidence). They read the counts Count filled into
// the report.ProbeResult a cuda.Result holds, and its raw facts (Judged).

// CountOK counts r's raw facts (Count) and says whether it agreed (OK): the
// cuda.Counter a sanitizer run is judged with.
func CountOK(r *cuda.Result) bool {
	Count(r)
	return OK(r)
}

// OK reports whether every iterator and control agreed with its Go model on
// every access and no record was dropped. A run whose raw facts nobody has
// counted (Judged) is not OK: no count says it agreed.
func OK(r *cuda.Result) bool {
	if r.Dropped > 0 || len(r.Errors) > 0 || !Judged(r) {
		return false
	}
	for _, v := range r.Variants {
		if v.Mismatches > 0 || v.StoreRoundTrip.Unexpected > 0 || v.LoadRoundTrip.Unexpected > 0 {
			return false
		}
	}
	return true
}

// Judged reports whether the judging layer (Count) has counted
// the run's raw facts: each program run counts once in its variant's
// Programs. A result without raw facts (decoded from JSON, or made by
// hand) counts as judged.
func Judged(r *cuda.Result) bool {
	if len(r.Runs) == 0 {
		return true
	}
	n := 0
	for _, v := range r.Variants {
		n += v.Programs
	}
	return n > 0
}

// KillMatrix is the probe's controls and identity copy as a sweep's kill
// matrix: the properties that killed each, read off what they found
// (P-roundtrip: a load or store round trip failed against the reference;
// P-companion: an access disagreed with its own Go model), its spec
// (props.ProbeControlSpec, props.ProbeIdentitySpec) and whether the kills
// meet it (props.ControlOK), as a sweep decides for its controls.
func KillMatrix(r *cuda.Result) []report.Control {
	var out []report.Control
	for i, v := range r.Variants {
		spec, _, judged := roleRule(v.Role)
		if !judged || !applies(r, i) {
			continue
		}
		noRoundTrips := v.LoadRoundTrip.Cases+v.StoreRoundTrip.Cases == 0
		if v.Role == cuda.RoleControl && noRoundTrips {
			// The classes probed have no round trip (the access
			// iterators): the control's accesses must differ from the
			// reference's instead.
			spec = props.ControlSpec{MustKill: []string{oracleID}}
		}
		c := report.Control{ID: v.Label, MustKill: spec.MustKill, MustSurvive: spec.MustSurvive, KilledBy: []string{}}
		if v.LoadRoundTrip.Failed > 0 || v.StoreRoundTrip.Failed > 0 {
			c.KilledBy = append(c.KilledBy, props.RoundTripID)
		}
		if v.Mismatches > 0 {
			c.KilledBy = append(c.KilledBy, props.CompanionID)
		}
		if noRoundTrips && v.VsReference > 0 {
			c.KilledBy = append(c.KilledBy, oracleID)
		}
		c.Killed = len(c.KilledBy) > 0
		c.OK = props.ControlOK(spec, c.KilledBy)
		out = append(out, c)
	}
	return out
}

// oracleID is the property that compares accesses with the reference's:
// what kills a probe control where no round trip can.
const oracleID = "P-oracle"

// Controls is KillMatrix in the words of the probe's reports: each control
// must show mismatches against the reference, the identity copy none. A
// failed outcome makes the evidence weak.
func Controls(r *cuda.Result) []report.ProbeControl {
	var out []report.ProbeControl
	rows := KillMatrix(r)
	row := 0
	for i, v := range r.Variants {
		_, must, judged := roleRule(v.Role)
		switch {
		case !judged:
		case !applies(r, i):
			out = append(out, report.ProbeControl{Variant: v.Label, OK: true, Detail: fmtCounts(v),
				Must: "show mismatches where its defect lies, RegularTileIterator's load, which this run did not probe (not judged)"})
		default:
			out = append(out, report.ProbeControl{Variant: v.Label, Must: must, OK: rows[row].OK, Detail: fmtCounts(v)})
			row++
		}
	}
	return out
}

// applies says whether variant i of r can show its defect on what r ran:
// C-load-div's lies in RegularTileIterator's load alone, so a probe of the
// other classes only cannot catch it, and does not judge it. A run whose
// raw facts are not at hand (no Runs) judges every control.
func applies(r *cuda.Result, i int) bool {
	if r.Variants[i].Label != string(iterator.CLoadDiv) || len(r.Runs) == 0 {
		return true
	}
	for _, run := range r.Runs {
		if run.Variant == i && run.Config.Class == iterator.RegularTile {
			return true
		}
	}
	return false
}

// roleRule is what a variant of role must do, as a kill-matrix spec and in
// the reports' words; judged is false for the iterators under test, which
// the kill matrix does not list.
func roleRule(role cuda.Role) (spec props.ControlSpec, must string, judged bool) {
	switch role {
	case cuda.RoleControl:
		return props.ProbeControlSpec, "show mismatches against the reference", true
	case cuda.RoleIdentity:
		return props.ProbeIdentitySpec, "show no mismatch", true
	}
	return props.ControlSpec{}, "", false
}

func fmtCounts(v report.ProbeVariant) string {
	return fmt.Sprintf("%d of %d accesses compared with the reference differ from it; store round trips failed %d of %d",
		v.VsReference, v.ComparedWithReference, v.StoreRoundTrip.Failed, v.StoreRoundTrip.Cases)
}

// Verdict is a probe's verdict by the one rule, sweep.Verdict, given what the run found: failed on
// any disagreement with a Go model, an unexpected round trip, a dropped
// record or an error (OK); the kill matrix of its controls and identity
// copy (KillMatrix); unproven when an iterator under test compared
// nothing (Unproven).
func Verdict(r *cuda.Result) report.Verdict {
	return sweep.Verdict(!OK(r), KillMatrix(r), len(Unproven(r)) > 0)
}

// Unproven lists, one line each, the iterators under test that compared
// no access with their Go model: a run that compared nothing agrees
// vacuously, which is no evidence (a namespace without the class, a
// header that defines nothing, every path failing to compile).
func Unproven(r *cuda.Result) []string {
	var out []string
	for _, v := range r.Variants {
		if v.Role != cuda.RoleIterator || v.Accesses > 0 {
			continue
		}
		why := "none of its programs ran"
		if len(r.Uncompilable) > 0 {
			why = fmt.Sprintf("none of its programs ran (%d paths do not compile, listed above)", len(r.Uncompilable))
		}
		out = append(out, fmt.Sprintf("%s (namespace %s) compared no access with its Go model: %s", v.Label, v.Namespace, why))
	}
	return out
}

// Report is the JSON form of a probe run (what reports/probe renders): r's
// result with its verdict, its controls' outcomes and OK.
func Report(r *cuda.Result, tool, version, preset string) report.ProbeReport {
	rep := report.ProbeReport{Tool: tool, Version: version, Preset: preset, Verdict: Verdict(r),
		OK: OK(r), Controls: Controls(r), Unproven: Unproven(r), ProbeResult: &r.ProbeResult}
	rep.Matches = Matches(r)
	for _, m := range rep.Matches {
		rep.MatchLines = append(rep.MatchLines, matchLine(m))
	}
	return rep
}

// JudgeEvidence sets e's result to r's, its controls' outcomes and its
// verdict by the one rule (sweep.Verdict): failed when the run failed (OK: a
// disagreement with a Go model, an unexpected round trip, a dropped record,
// an error) or a sanitizer reported; weak when a row of the kill matrix
// misses its spec, a sanitizer asked for did not run or an iterator under
// test compared nothing (no evidence either way).
func JudgeEvidence(r *cuda.Result, e *report.GPUEvidence) {
	e.Result = &r.ProbeResult
	e.Controls = Controls(r)
	reported, missing := false, false
	for _, s := range e.Sanitizers {
		reported = reported || (s.Ran && !s.Clean)
		missing = missing || !s.Ran
	}
	e.Unproven = Unproven(r)
	e.Verdict = sweep.Verdict(!OK(r) || reported, KillMatrix(r), missing || len(e.Unproven) > 0)
}
