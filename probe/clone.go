package probe

import (
	"maps"
	"slices"

	"github.com/tilecheck/tilecheck/report"
)

// cloneResult is a copy of r sharing nothing that counting writes or a
// caller could change: every slice and map is copied (nil stays nil, so
// the JSON form is the same).
func cloneResult(r report.ProbeResult) report.ProbeResult {
	r.Variants = slices.Clone(r.Variants)
	for i := range r.Variants {
		v := &r.Variants[i]
		v.ClassModels = maps.Clone(v.ClassModels)
		v.Examples = slices.Clone(v.Examples)
		v.MismatchGroups = slices.Clone(v.MismatchGroups)
		v.StoreRoundTrip.Examples = slices.Clone(v.StoreRoundTrip.Examples)
		v.LoadRoundTrip.Examples = slices.Clone(v.LoadRoundTrip.Examples)
	}
	r.Skipped = slices.Clone(r.Skipped)
	r.UnavailableReasons = slices.Clone(r.UnavailableReasons)
	r.Uncompilable = slices.Clone(r.Uncompilable)
	r.SourceSHA256 = slices.Clone(r.SourceSHA256)
	r.Device = maps.Clone(r.Device)
	r.Errors = slices.Clone(r.Errors)
	r.ToolOutput = slices.Clone(r.ToolOutput)
	return r
}

// cloneReport is a copy of r sharing nothing with it, its result included.
func cloneReport(r report.ProbeReport) report.ProbeReport {
	if r.ProbeResult != nil {
		res := cloneResult(*r.ProbeResult)
		r.ProbeResult = &res
	}
	r.Controls = slices.Clone(r.Controls)
	r.Unproven = slices.Clone(r.Unproven)
	r.Matches = slices.Clone(r.Matches)
	r.MatchLines = slices.Clone(r.MatchLines)
	r.Classes = slices.Clone(r.Classes)
	return r
}

// cloneEvidence is a copy of e sharing nothing with it, its result included.
func cloneEvidence(e report.GPUEvidence) report.GPUEvidence {
	if e.Result != nil {
		res := cloneResult(*e.Result)
		e.Result = &res
	}
	e.Device = maps.Clone(e.Device)
	e.Controls = slices.Clone(e.Controls)
	e.Unproven = slices.Clone(e.Unproven)
	e.Notes = slices.Clone(e.Notes)
	e.Sanitizers = slices.Clone(e.Sanitizers)
	for i := range e.Sanitizers {
		e.Sanitizers[i].Reports = slices.Clone(e.Sanitizers[i].Reports)
	}
	return e
}
