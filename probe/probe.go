// Package probe owns the compiled probe: it lists a run's cases, has cuda
// build and run them (cuda.Run: traces and raw facts only), judges each
// variant's runs through the sweep engine (sweep.go: sweep.Run over the
// runs as given cases, the run's traces as the source, P-companion,
// P-recovered and P-roundtrip), decides from the evidence and the Go model
// how each access counts (see.go: compared, guard differs, guarded off,
// hidden), counts the engine's outcomes (count.go) and reaches the verdict
// by the one rule (rules.go). Its entry points are one per command: Run
// for tilecheck probe, Evidence for tilecheck gpu; Judge judges a run
// already made. What they return is judged whole and never changes; the
// cuda.Result judged is read, never written. cuda does not import it: the
// sanitizer runs are handed the probe's judgement as a cuda.Counter.
package probe

import (
	"context"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// Judging is what a probe is asked beside its build: the preset and the
// classes its cases come from, as its report names them, and whether each
// class of a user's namespace is compared with the Go model it matches
// (ChooseModels: no model named) rather than the variant's own (a model
// named is a claim to judge as is).
type Judging struct {
	Preset       gen.Preset
	Classes      []iterator.Class
	ChooseModels bool
}

// Options is a probe run: what it asks (Judging) and how cuda builds and
// runs it (toolchain, variants, headers, include directories, log and
// progress).
type Options struct {
	Judging
	Cuda cuda.Options
}

// Run probes opts' classes at its preset on compiled code and judges the
// run. It fails on bad options or cases (before anything is built) and on
// a failed run; a cuda.CompileError is returned as is, wrapped by nothing.
// An interrupted run has nothing to judge (the comparison needs every
// unit's output): Run returns the context's error, its compilers stopped.
func Run(ctx context.Context, opts Options) (*Judged, error) {
	if err := opts.Cuda.Check(); err != nil {
		return nil, err
	}
	cases, err := gen.ProbeClassCases(opts.Preset, opts.Classes)
	if err != nil {
		return nil, err
	}
	res, err := cuda.Run(ctx, cases, opts.Cuda)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	return Judge(res, opts.Judging), nil
}

// Judged is a compiled probe judged: its counts, controls, verdict, the
// models its compiled accesses match and the lines saying which model each
// class was compared with. It does not change once made; each accessor
// returns a copy the caller may change (a baseline applied to the report).
type Judged struct {
	counted *counted
	report  report.ProbeReport
}

// Judge judges a compiled run's raw facts as j asks: it counts them into
// its own copy of res's result (res is read, never written), so judging
// the same run twice gives equal results. A result made by hand or decoded
// (no raw facts) keeps its counts and is judged by the same rules.
func Judge(res *cuda.Result, j Judging) *Judged {
	c, chosen := count(res, j.ChooseModels)
	return &Judged{counted: c, report: reportOf(c, j, chosen)}
}

// Report is the probe's judged report (what reports/proberender renders), ready
// for a baseline to sort its disagreements (baseline.ApplyProbe).
func (j *Judged) Report() report.ProbeReport {
	return cloneReport(j.report)
}

// Result is the judged result: the run's accounting and its counts.
func (j *Judged) Result() report.ProbeResult {
	return cloneResult(j.counted.ProbeResult)
}
