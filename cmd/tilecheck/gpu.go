package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/probejudge"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports/probe"
)

func init() {
	register("gpu", command{
		summary: "round trip of the compiled iterators on a GPU; writes committed evidence",
		run:     runGPU,
	})
}

const gpuUsage = `Usage: tilecheck gpu [--backend gpu|host] [--preset NAME] [--class all|family|NAMES]
                     [--sanitize [--sanitize-preset NAME] [--sanitize-timeout D]]
                     [--out-dir DIR] [--arch sm_90] [--jobs N] [--verbose]

Builds the C++ renditions of every built-in model, the controls and an identity copy into
one CUDA program (nvcc), runs it one CUDA thread per iterator thread, checks every address
and store round trip against the Go models, and writes the evidence as DIR/gpu-<date>.md
and .json. --sanitize adds compute-sanitizer's memcheck and racecheck. --backend host
rehearses the same run without a GPU (files host-<date>.*).

Examples:
  tilecheck gpu --preset quick --sanitize
  tilecheck gpu --preset representative --out-dir /tmp/evidence
  tilecheck gpu --backend host --class RegularTileIterator   # no GPU: a rehearsal

What it checks and writes: docs/own-cutlass.md#on-a-gpu.
Exit status: 0 pass, 1 a disagreement, dropped records or a sanitizer report, 2 bad usage
(nvcc or compute-sanitizer missing), 3 weak evidence, 4 internal error, 130 interrupted.

Flags:
`

func runGPU(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gpu", flag.ContinueOnError)
	preset := presetVar(fs, "preset", gen.Quick, true, "cases: representative, quick, release or exhaustive")
	sanitize := fs.Bool("sanitize", false, "also run under compute-sanitizer memcheck and racecheck")
	sanPreset := presetVar(fs, "sanitize-preset", gen.Representative, true, "cases for the sanitizer runs")
	sanTimeout := fs.Duration("sanitize-timeout", 4*time.Minute, "time limit of each sanitizer run")
	outDir := fs.String("out-dir", "evidence", "where the evidence files go")
	arch := fs.String("arch", "sm_90", "GPU architecture")
	jobs := fs.Int("jobs", 0, "translation units compiled in parallel (0: one per core)")
	backend := fs.String("backend", "gpu", "gpu; host runs the same protocol on the host (for testing the report)")
	class := fs.String("class", "all", classFlagHelp)
	verbose := fs.Bool("verbose", false, "log every build and run on stderr, also when it is not a terminal")
	if code, done := parseFlags(fs, args, gpuUsage, stdout, stderr); done {
		return code
	}
	var problems []string
	for _, p := range []string{preset.problem("preset"), sanPreset.problem("sanitize-preset")} {
		if p != "" {
			problems = append(problems, p)
		}
	}
	if *backend != "gpu" && *backend != "host" {
		problems = append(problems, fmt.Sprintf("--backend %q: want gpu or host", *backend))
	}
	if *jobs < 0 {
		problems = append(problems, fmt.Sprintf("--jobs %d: want 0 or more", *jobs))
	}
	classes, cerr := parseClasses(*class)
	if cerr != nil {
		problems = append(problems, cerr.Error())
	}
	if *backend == "host" && flagSet(fs, "arch") {
		problems = append(problems, "--arch needs --backend gpu (the host back end builds for the host)")
	}
	if *sanitize {
		// Asked for and impossible: bad usage, said now, not a weak
		// verdict after the whole protocol has run.
		if *backend != "gpu" {
			problems = append(problems, "--sanitize needs --backend gpu (compute-sanitizer checks CUDA programs; the host rehearsal has none)")
		} else if _, err := exec.LookPath("compute-sanitizer"); err != nil {
			problems = append(problems, "--sanitize: compute-sanitizer not found on PATH (it comes with the CUDA toolkit)")
		}
	}
	// The evidence is written after the whole run: a directory that cannot
	// take it must be found out now.
	if err := checkOutDir("--out-dir", *outDir); err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		return fail(stderr, "gpu", errors.New(strings.Join(problems, "; ")))
	}
	progress := newProgress(stderr, *verbose)
	log := progress.logf(*verbose, stderr, "tilecheck gpu: ")
	opts := cuda.Options{Toolchain: cuda.Toolchain{Backend: *backend, Arch: *arch}, Variants: cuda.Renditions(), Batches: *jobs,
		Log: log, Progress: progress.phase("gpu: translation units built and run")}
	if err := opts.Check(); err != nil {
		return fail(stderr, "gpu", err)
	}
	cases, err := gen.ProbeClassCases(preset.p, classes)
	if err != nil {
		return fail(stderr, "gpu", err)
	}
	if log != nil {
		log("building and running %d configurations (%s)", len(cases), preset)
	}
	res, err := cuda.Run(ctx, cases, opts)
	progress.finish()
	if ctx.Err() != nil {
		fmt.Fprintf(stderr, "tilecheck gpu: interrupted; compilers stopped, no evidence written\n")
		return exitInterrupted
	}
	if err != nil {
		return fail(stderr, "gpu", err)
	}
	// cuda.Run returns traces and raw facts; the judging layer counts them.
	probejudge.Count(res)
	if log != nil {
		log("%d translation units built in %.1fs (summed), run in %.1fs", len(res.SourceSHA256), res.BuildSeconds, res.RunSeconds)
	}
	ev := &report.GPUEvidence{Tool: "tilecheck", Version: report.Version(), Date: time.Now().UTC().Format("2006-01-02"), Preset: string(preset.p),
		Arch: *arch, Device: res.Device, Result: &res.ProbeResult}
	ev.GPU, ev.Driver, ev.Compiler = cuda.DeviceFacts(res, opts.Backend)
	if *backend == "host" {
		ev.Notes = append(ev.Notes, "run with --backend host: the protocol on the host compiler, not GPU evidence")
	}
	if *sanitize {
		// Write the run's evidence first: a sanitizer run cut short by a
		// time limit must not lose it (the sanitizer outcome then reads as
		// not run, and the verdict says so).
		pending := *ev
		pending.Sanitizers = cuda.PendingSanitizers(string(sanPreset.p))
		probejudge.JudgeEvidence(res, &pending)
		if err := writeEvidence(*outDir, &pending); err != nil {
			return fail(stderr, "gpu", err)
		}
		ev.Sanitizers = runSanitizers(ctx, sanPreset.p, classes, *sanTimeout, opts, progress)
		progress.finish()
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "tilecheck gpu: interrupted during the sanitizer runs; the evidence without them is in %s\n", *outDir)
			return exitInterrupted
		}
	}
	probejudge.JudgeEvidence(res, ev)
	if err := writeEvidence(*outDir, ev); err != nil {
		return fail(stderr, "gpu", err)
	}
	probe.Text(stdout, probejudge.Report(res, "tilecheck", report.Version(), string(preset.p)))
	for _, s := range ev.Sanitizers {
		fmt.Fprintf(stdout, "compute-sanitizer --tool %s (%s): ran=%v clean=%v — %s\n", s.Tool, s.Preset, s.Ran, s.Clean, s.Summary)
	}
	what := "GPU evidence"
	if *backend == "host" {
		what = "host rehearsal (no GPU ran: not GPU evidence)"
	}
	fmt.Fprintf(stdout, "Verdict: %s (%s), written to %s\n", strings.ToUpper(ev.Verdict.String()), what, *outDir)
	switch ev.Verdict {
	case report.Fail:
		return exitFail
	case report.Weak:
		return exitWeak
	}
	return exitPass
}

// runSanitizers lists the sanitizer runs' cases and runs them under
// compute-sanitizer (cuda.RunSanitizers), each tool with its own progress.
func runSanitizers(ctx context.Context, preset gen.Preset, classes []iterator.Class, limit time.Duration, opts cuda.Options,
	progress *progress) []report.Sanitizer {
	cases, err := gen.ProbeClassCases(preset, classes)
	if err != nil {
		return cuda.SanitizersNotRun(string(preset), err.Error())
	}
	return cuda.RunSanitizers(ctx, cases, string(preset), limit, opts, probejudge.CountOK, func(tool string) func(done, total int) {
		return progress.phase("gpu: compute-sanitizer --tool " + tool)
	})
}

func writeEvidence(dir string, ev *report.GPUEvidence) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	base, md, js, err := probe.EvidenceFiles(ev)
	if err != nil {
		return err
	}
	if err := writeBytesAtomic(filepath.Join(dir, base+".md"), md); err != nil {
		return err
	}
	return writeBytesAtomic(filepath.Join(dir, base+".json"), js)
}
