package probe

import (
	"context"
	"time"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/report"
)

// EvidenceOptions is a GPU evidence run: the probe's (Options: the
// preset, classes and build), and the compute-sanitizer runs asked for.
type EvidenceOptions struct {
	Options
	// Sanitize runs the SanitizePreset's cases under compute-sanitizer
	// memcheck and racecheck, each within SanitizeTimeout.
	Sanitize        bool
	SanitizePreset  gen.Preset
	SanitizeTimeout time.Duration
	// SanitizerProgress, when set, gives each tool's run its own progress
	// callback.
	SanitizerProgress func(tool string) func(done, total int)
	// Pending, when set and the sanitizers are asked for, is handed the
	// evidence judged with them pending, before they run: written out, it
	// is what a run cut short (a time limit, an interruption) leaves, the
	// sanitizers then reading as not run. An error from it ends the run.
	Pending func(report.GPUEvidence) error
}

// EvidenceResult is a GPU evidence run judged: the evidence to commit and
// the probe it holds, judged as Run judges one. It does not change once
// made; each accessor returns a copy.
type EvidenceResult struct {
	evidence report.GPUEvidence
	probe    *Judged
}

// Evidence returns a copy of the judged evidence, its sanitizers' outcomes
// included.
func (e *EvidenceResult) Evidence() report.GPUEvidence { return cloneEvidence(e.evidence) }

// Probe is the run judged as a probe (its report is what the gpu command
// prints).
func (e *EvidenceResult) Probe() *Judged { return e.probe }

// Evidence runs the probe of opts on the GPU (or, with the host back end,
// rehearses it), judges it, names the device, driver and compiler it ran
// on, and runs the sanitizers asked for, judging each of their runs as a
// probe. The evidence's verdict is the one rule's (sweep.Verdict): failed
// on a disagreement or a sanitizer's report, weak on a control not caught,
// a sanitizer asked for that did not run or an iterator under test that
// compared nothing. It fails as Run does; interrupted (during the run or
// the sanitizers), it returns the context's error.
func Evidence(ctx context.Context, opts EvidenceOptions) (*EvidenceResult, error) {
	if err := opts.Cuda.Check(); err != nil {
		return nil, err
	}
	cases, err := gen.ProbeClassCases(opts.Preset, opts.Classes)
	if err != nil {
		return nil, err
	}
	log := opts.Cuda.Log
	if log != nil {
		log("building and running %d configurations (%s)", len(cases), opts.Preset)
	}
	res, err := cuda.Run(ctx, cases, opts.Cuda)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	judged := Judge(res, opts.Judging)
	if log != nil {
		log("%d translation units built in %.1fs (summed), run in %.1fs", len(res.SourceSHA256), res.BuildSeconds, res.RunSeconds)
	}
	ev := report.GPUEvidence{Tool: "tilecheck", Version: report.Version(), Date: time.Now().UTC().Format("2006-01-02"),
		Preset: string(opts.Preset), Arch: opts.Cuda.Arch, Device: res.Device}
	ev.GPU, ev.Driver, ev.Compiler = cuda.DeviceFacts(res, opts.Cuda.Backend)
	if opts.Cuda.Backend == "host" {
		ev.Notes = append(ev.Notes, "run with --backend host: the protocol on the host compiler, not GPU evidence")
	}
	if opts.Sanitize {
		if opts.Pending != nil {
			pending := ev
			pending.Sanitizers = cuda.PendingSanitizers(string(opts.SanitizePreset))
			judgeEvidence(judged.counted, &pending)
			if err := opts.Pending(cloneEvidence(pending)); err != nil {
				return nil, err
			}
		}
		ev.Sanitizers = runSanitizers(ctx, opts)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	judgeEvidence(judged.counted, &ev)
	return &EvidenceResult{evidence: ev, probe: judged}, nil
}

// runSanitizers lists the sanitizer runs' cases and runs them under
// compute-sanitizer (cuda.RunSanitizers), each run judged as a probe.
func runSanitizers(ctx context.Context, opts EvidenceOptions) []report.Sanitizer {
	preset := string(opts.SanitizePreset)
	cases, err := gen.ProbeClassCases(opts.SanitizePreset, opts.Classes)
	if err != nil {
		return cuda.SanitizersNotRun(preset, err.Error())
	}
	return cuda.RunSanitizers(ctx, cases, preset, opts.SanitizeTimeout, opts.Cuda, agreedOnce, opts.SanitizerProgress)
}
