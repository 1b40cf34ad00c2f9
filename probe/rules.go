package probe

import (
	"fmt"
	"slices"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// The rules over a probe's counts: whether it agreed (agreed), its controls
// as a kill matrix (killMatrix, controls) and the verdict the one rule
// (sweep.Verdict) reaches from them, for a probe (verdict, reportOf) and
// for the GPU evidence (judgeEvidence). They read a counted run: the counts
// filled into the judged result, and the raw facts they came from.

// agreedOnce counts r's raw facts and says whether it agreed: the
// cuda.Counter a sanitizer run is judged with. r is left as it is.
func agreedOnce(r *cuda.Result) bool {
	c, _ := count(r, false)
	return agreed(c)
}

// agreed reports whether every iterator and control agreed with its Go
// model on every access and no record was dropped. A run whose raw facts
// were not counted (judged) has not agreed: no count says it did.
func agreed(r *counted) bool {
	if r.Dropped > 0 || len(r.Errors) > 0 || !judged(r) {
		return false
	}
	for _, v := range r.Variants {
		if v.Mismatches > 0 || v.StoreRoundTrip.Unexpected > 0 || v.LoadRoundTrip.Unexpected > 0 {
			return false
		}
	}
	return true
}

// judged reports whether the run's raw facts were counted: each program
// run counts once in its variant's Programs. A result without raw facts
// (decoded from JSON, or made by hand) counts as judged.
func judged(r *counted) bool {
	if len(r.runs) == 0 {
		return true
	}
	n := 0
	for _, v := range r.Variants {
		n += v.Programs
	}
	return n > 0
}

// killMatrix is the probe's controls and identity copy as a sweep's kill
// matrix: the properties that killed each, read off what they found
// (P-roundtrip: a load or store round trip failed against the reference;
// P-companion: an access disagreed with its own Go model), its spec
// (props.ProbeControlSpec, props.ProbeIdentitySpec) and whether the kills
// meet it (props.ControlOK), as a sweep decides for its controls.
func killMatrix(r *counted) []report.Control {
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

// controls is killMatrix in the words of the probe's reports: each control
// must show mismatches against the reference, the identity copy none. A
// failed outcome makes the evidence weak.
func controls(r *counted) []report.ProbeControl {
	var out []report.ProbeControl
	rows := killMatrix(r)
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
func applies(r *counted, i int) bool {
	if r.Variants[i].Label != string(iterator.CLoadDiv) || len(r.runs) == 0 {
		return true
	}
	for _, run := range r.runs {
		if run.Variant == i && !run.Config.Class.Family() {
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

// verdict is a probe's verdict by the one rule, sweep.Verdict, given what
// the run found: failed on any disagreement with a Go model, an unexpected
// round trip, a dropped record or an error (agreed); the kill matrix of its
// controls and identity copy (killMatrix); unproven when an iterator under
// test compared nothing (unproven).
func verdict(r *counted) report.Verdict {
	return sweep.Verdict(!agreed(r), killMatrix(r), len(unproven(r)) > 0)
}

// unproven lists, one line each, the iterators under test that compared
// no access with their Go model: a run that compared nothing agrees
// vacuously, which is no evidence (a namespace without the class, a
// header that defines nothing, every path failing to compile).
func unproven(r *counted) []string {
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

// reportOf is the JSON form of a probe run (what reports/proberender renders):
// r's result with its verdict, its controls' outcomes, whether it agreed,
// the models its compiled accesses match (matches) and what j asked.
func reportOf(r *counted, j Judging, chosen []string) report.ProbeReport {
	rep := report.ProbeReport{Tool: "tilecheck", Version: report.Version(), Preset: string(j.Preset), Verdict: verdict(r),
		OK: agreed(r), Controls: controls(r), Unproven: unproven(r), ProbeResult: &r.ProbeResult}
	rep.Matches = matches(r)
	rep.MatchLines = slices.Clone(chosen)
	for _, m := range rep.Matches {
		rep.MatchLines = append(rep.MatchLines, matchLine(m))
	}
	for _, c := range j.Classes {
		rep.Classes = append(rep.Classes, c.String())
	}
	return rep
}

// judgeEvidence sets e's result to r's, its controls' outcomes and its
// verdict by the one rule (sweep.Verdict): failed when the run failed
// (agreed: a disagreement with a Go model, an unexpected round trip, a
// dropped record, an error) or a sanitizer reported; weak when a row of the
// kill matrix misses its spec, a sanitizer asked for did not run or an
// iterator under test compared nothing (no evidence either way).
func judgeEvidence(r *counted, e *report.GPUEvidence) {
	e.Result = &r.ProbeResult
	e.Controls = controls(r)
	reported, missing := false, false
	for _, s := range e.Sanitizers {
		reported = reported || (s.Ran && !s.Clean)
		missing = missing || !s.Ran
	}
	e.Unproven = unproven(r)
	e.Verdict = sweep.Verdict(!agreed(r) || reported, killMatrix(r), missing || len(e.Unproven) > 0)
}
