package baseline

import (
	"slices"

	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// A compiled probe's findings are where an iterator under test disagreed
// with its Go model: per class and program (P-companion, the program with
// its numbers left out as its law), and its round trips the model did not
// predict (P-roundtrip, per kind of round trip). Their source is
// SourceProbe, so a sweep's findings and a probe's never judge each other.

// Probe properties as a probe's findings name them.
const (
	probeCompanion = "P-companion"
	probeRoundTrip = "P-roundtrip"
	// roundTripClass is the class of a round-trip finding: the probe
	// counts round trips per variant, over every class probed.
	roundTripClass = "all classes probed"
)

// OfProbe lists the findings of a probe run: its iterators under test's
// disagreements with their Go models.
func OfProbe(r *report.ProbeReport) []report.Finding {
	if r.ProbeResult == nil {
		return nil
	}
	seen := map[key]bool{}
	var out []report.Finding
	add := func(f report.Finding) {
		if !seen[keyOf(f)] {
			seen[keyOf(f)] = true
			out = append(out, f)
		}
	}
	for _, v := range r.Variants {
		if v.Role != "iterator" {
			continue
		}
		for _, g := range v.MismatchGroups {
			add(report.Finding{Class: g.Class, Iterator: v.Label, Source: SourceProbe, Property: probeCompanion,
				Law: integer.ReplaceAllString(g.Ops, "·")})
		}
		for _, rt := range []struct {
			name string
			r    report.RoundTrip
		}{{"store round trip", v.StoreRoundTrip}, {"load round trip", v.LoadRoundTrip}} {
			if rt.r.Unexpected > 0 {
				add(report.Finding{Class: roundTripClass, Iterator: v.Label, Source: SourceProbe, Property: probeRoundTrip, Law: rt.name})
			}
		}
	}
	slices.SortFunc(out, compareFindings)
	return out
}

// ApplyProbe sorts a probe run's findings against f and sets its Baseline
// (file names the baseline in the report). A finding of f is fixed when
// its iterator ran in this probe, on its class (Classes), and no longer
// disagrees; one of an iterator or class not probed is none of the three.
func ApplyProbe(r *report.ProbeReport, f *File, file string) {
	out := &report.Findings{File: file, New: []report.Finding{}, Known: []report.Finding{}, Fixed: []report.Finding{}}
	now := OfProbe(r)
	failing := map[key]bool{}
	for _, x := range now {
		failing[keyOf(x)] = true
	}
	recorded := map[key]bool{}
	for _, e := range f.Findings {
		if e.Source != SourceProbe {
			continue
		}
		recorded[keyOf(e)] = true
		switch {
		case failing[keyOf(e)]:
			out.Known = append(out.Known, e)
		case probed(r, e):
			out.Fixed = append(out.Fixed, e)
		}
	}
	for _, x := range now {
		if !recorded[keyOf(x)] {
			out.New = append(out.New, x)
		}
	}
	out.Gate = probeGate(r, len(out.New) > 0)
	r.Baseline = out
}

// probed says whether r judged e: its iterator ran programs in r, and r
// probed e's class (a round-trip finding: any class).
func probed(r *report.ProbeReport, e report.Finding) bool {
	if r.ProbeResult == nil {
		return false
	}
	ran := false
	for _, v := range r.Variants {
		ran = ran || (v.Role == "iterator" && v.Label == e.Iterator && v.Programs > 0)
	}
	return ran && (e.Class == roundTripClass || slices.Contains(r.Classes, e.Class))
}

// probeGate is a probe's verdict by the one rule with its known findings
// discounted: it fails on a new finding, a dropped record, an error or
// a control's disagreement; else it is weak where the run is (a control not as it must be, an
// iterator that compared nothing); else it passes.
func probeGate(r *report.ProbeReport, fresh bool) report.Verdict {
	if r.Verdict != report.Fail {
		return r.Verdict
	}
	failed := fresh || r.ProbeResult == nil || r.Dropped > 0 || len(r.Errors) > 0
	for _, v := range r.Variants {
		// A control or the identity copy must agree with its Go model:
		// its disagreement is no finding of your code, but the probe's own.
		failed = failed || (v.Role != "iterator" && (v.Mismatches > 0 || v.StoreRoundTrip.Unexpected+v.LoadRoundTrip.Unexpected > 0))
	}
	var controls []report.Control
	for _, c := range r.Controls {
		controls = append(controls, report.Control{ID: c.Variant, OK: c.OK})
	}
	return sweep.Verdict(failed, controls, len(r.Unproven) > 0)
}

// ProbeVerdict is the verdict a probe's exit status follows: the gate when
// a baseline judged it, else its own.
func ProbeVerdict(r *report.ProbeReport) report.Verdict {
	if r.Baseline != nil {
		return r.Baseline.Gate
	}
	return r.Verdict
}
