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
	"github.com/tilecheck/tilecheck/probe"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports/proberender"
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

// gpuFlags are tilecheck gpu's flags.
type gpuFlags struct {
	preset, sanPreset            *presetFlag
	sanitize, verbose            bool
	sanTimeout                   time.Duration
	outDir, arch, backend, class string
	jobs                         int
	classes                      []iterator.Class
	fs                           *flag.FlagSet
}

func (f *gpuFlags) register(fs *flag.FlagSet) {
	f.fs = fs
	f.preset = presetVar(fs, "preset", gen.Quick, true, "cases: representative, quick, release or exhaustive")
	fs.BoolVar(&f.sanitize, "sanitize", false, "also run under compute-sanitizer memcheck and racecheck")
	f.sanPreset = presetVar(fs, "sanitize-preset", gen.Representative, true, "cases for the sanitizer runs")
	fs.DurationVar(&f.sanTimeout, "sanitize-timeout", 4*time.Minute, "time limit of each sanitizer run")
	fs.StringVar(&f.outDir, "out-dir", "evidence", "where the evidence files go")
	fs.StringVar(&f.arch, "arch", "sm_90", "GPU architecture")
	fs.IntVar(&f.jobs, "jobs", 0, "translation units compiled in parallel (0: one per core)")
	fs.StringVar(&f.backend, "backend", "gpu", "gpu; host runs the same protocol on the host (for testing the report)")
	fs.StringVar(&f.class, "class", "all", classFlagHelp)
	fs.BoolVar(&f.verbose, "verbose", false, "log every build and run on stderr, also when it is not a terminal")
}

// validate lists what is wrong with the flags, everything found before
// anything is built: the evidence is written after the whole run.
func (f *gpuFlags) validate() []string {
	var problems []string
	for _, p := range []string{f.preset.problem("preset"), f.sanPreset.problem("sanitize-preset")} {
		if p != "" {
			problems = append(problems, p)
		}
	}
	if f.backend != "gpu" && f.backend != "host" {
		problems = append(problems, fmt.Sprintf("--backend %q: want gpu or host", f.backend))
	}
	if f.jobs < 0 {
		problems = append(problems, fmt.Sprintf("--jobs %d: want 0 or more", f.jobs))
	}
	classes, cerr := parseClasses(f.class)
	if cerr != nil {
		problems = append(problems, cerr.Error())
	}
	f.classes = classes
	if f.backend == "host" && flagSet(f.fs, "arch") {
		problems = append(problems, "--arch needs --backend gpu (the host back end builds for the host)")
	}
	if f.sanitize {
		// Asked for and impossible: bad usage, said now, not a weak
		// verdict after the whole protocol has run.
		if f.backend != "gpu" {
			problems = append(problems, "--sanitize needs --backend gpu (compute-sanitizer checks CUDA programs; the host rehearsal has none)")
		} else if _, err := exec.LookPath("compute-sanitizer"); err != nil {
			problems = append(problems, "--sanitize: compute-sanitizer not found on PATH (it comes with the CUDA toolkit)")
		}
	}
	// A directory that cannot take the evidence must be found out now.
	if err := checkOutDir("--out-dir", f.outDir); err != nil {
		problems = append(problems, err.Error())
	}
	return problems
}

// options turns the flags into the evidence run's options, its log and
// progress drawn by progress.
func (f *gpuFlags) options(progress *progress, stderr io.Writer) probe.EvidenceOptions {
	return probe.EvidenceOptions{
		Options: probe.Options{Judging: probe.Judging{Preset: f.preset.p, Classes: f.classes},
			Cuda: cuda.Options{Toolchain: cuda.Toolchain{Backend: f.backend, Arch: f.arch}, Variants: cuda.Renditions(), Batches: f.jobs,
				Log: progress.logf(f.verbose, stderr, "tilecheck gpu: "), Progress: progress.phase("gpu: translation units built and run")}},
		Sanitize: f.sanitize, SanitizePreset: f.sanPreset.p, SanitizeTimeout: f.sanTimeout,
		SanitizerProgress: func(tool string) func(done, total int) {
			return progress.phase("gpu: compute-sanitizer --tool " + tool)
		},
	}
}

func runGPU(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var f gpuFlags
	fs := flag.NewFlagSet("gpu", flag.ContinueOnError)
	f.register(fs)
	if code, done := parseFlags(fs, args, gpuUsage, stdout, stderr); done {
		return code
	}
	if problems := f.validate(); len(problems) > 0 {
		return fail(stderr, "gpu", errors.New(strings.Join(problems, "; ")))
	}
	progress := newProgress(stderr, f.verbose)
	opts := f.options(progress, stderr)
	// The evidence judged before the sanitizers run is written first: a
	// sanitizer run cut short must not lose it.
	pendingWritten := false
	opts.Pending = func(ev report.GPUEvidence) error {
		progress.finish()
		if err := writeEvidence(f.outDir, &ev); err != nil {
			return err
		}
		pendingWritten = true
		return nil
	}
	run, err := probe.Evidence(ctx, opts)
	progress.finish()
	if err != nil && ctx.Err() != nil {
		if pendingWritten {
			fmt.Fprintf(stderr, "tilecheck gpu: interrupted during the sanitizer runs; the evidence without them is in %s\n", f.outDir)
		} else {
			fmt.Fprintf(stderr, "tilecheck gpu: interrupted; compilers stopped, no evidence written\n")
		}
		return exitInterrupted
	}
	if err != nil {
		return fail(stderr, "gpu", err)
	}
	ev := run.Evidence()
	if err := writeEvidence(f.outDir, &ev); err != nil {
		return fail(stderr, "gpu", err)
	}
	proberender.Text(stdout, run.Probe().Report())
	for _, s := range ev.Sanitizers {
		fmt.Fprintf(stdout, "compute-sanitizer --tool %s (%s): ran=%v clean=%v — %s\n", s.Tool, s.Preset, s.Ran, s.Clean, s.Summary)
	}
	what := "GPU evidence"
	if f.backend == "host" {
		what = "host rehearsal (no GPU ran: not GPU evidence)"
	}
	fmt.Fprintf(stdout, "Verdict: %s (%s), written to %s\n", strings.ToUpper(ev.Verdict.String()), what, f.outDir)
	return verdictStatus(ev.Verdict)
}

func writeEvidence(dir string, ev *report.GPUEvidence) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	base, md, js, err := proberender.EvidenceFiles(ev)
	if err != nil {
		return err
	}
	if err := writeBytesAtomic(filepath.Join(dir, base+".md"), md); err != nil {
		return err
	}
	return writeBytesAtomic(filepath.Join(dir, base+".json"), js)
}
