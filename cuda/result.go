package cuda

import (
	"fmt"

	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// Result is what one compiled run found: the reported schema
// (report.ProbeResult, which probejudge.Count fills and reports/probe
// renders) and the raw facts it is counted from, which do not go to report.
type Result struct {
	report.ProbeResult

	// Runs are the raw facts of every program run, in the order run:
	// what the judging layer (probejudge.Count) judges and counts into
	// Variants.
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

// OK reports whether every iterator and control agreed with its Go model on
// every access and no record was dropped. A run whose raw facts nobody has
// counted (Judged) is not OK: no count says it agreed.
func (r *Result) OK() bool {
	if r.Dropped > 0 || len(r.Errors) > 0 || !r.Judged() {
		return false
	}
	for _, v := range r.Variants {
		if v.Mismatches > 0 || v.StoreRoundTrip.Unexpected > 0 || v.LoadRoundTrip.Unexpected > 0 {
			return false
		}
	}
	return true
}

// Judged reports whether the judging layer (probejudge.Count) has counted
// the run's raw facts: each program run counts once in its variant's
// Programs. A result without raw facts (decoded from JSON, or made by
// hand) counts as judged.
func (r *Result) Judged() bool {
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
func (r *Result) KillMatrix() []report.Control {
	var out []report.Control
	for _, v := range r.Variants {
		var spec props.ControlSpec
		switch v.Role {
		case RoleControl:
			spec = props.ProbeControlSpec
		case RoleIdentity:
			spec = props.ProbeIdentitySpec
		default:
			continue
		}
		c := report.Control{ID: v.Label, MustKill: spec.MustKill, MustSurvive: spec.MustSurvive, KilledBy: []string{}}
		if v.LoadRoundTrip.Failed > 0 || v.StoreRoundTrip.Failed > 0 {
			c.KilledBy = append(c.KilledBy, props.RoundTripID)
		}
		if v.Mismatches > 0 {
			c.KilledBy = append(c.KilledBy, props.CompanionID)
		}
		c.Killed = len(c.KilledBy) > 0
		c.OK = props.ControlOK(spec, c.KilledBy)
		out = append(out, c)
	}
	return out
}

// Controls is KillMatrix in the words of the probe's reports: each control
// must show mismatches against the reference, the identity copy none. A
// failed outcome makes the evidence weak.
func (r *Result) Controls() []report.ProbeControl {
	var out []report.ProbeControl
	rows := r.KillMatrix()
	for _, v := range r.Variants {
		must := "show mismatches against the reference"
		switch v.Role {
		case RoleControl:
		case RoleIdentity:
			must = "show no mismatch"
		default:
			continue
		}
		out = append(out, report.ProbeControl{Variant: v.Label, Must: must, OK: rows[len(out)].OK, Detail: fmtCounts(v)})
	}
	return out
}

func fmtCounts(v report.ProbeVariant) string {
	return fmt.Sprintf("%d of %d accesses differ from the reference; store round trips failed %d of %d",
		v.VsReference, v.Accesses, v.StoreRoundTrip.Failed, v.StoreRoundTrip.Cases)
}
