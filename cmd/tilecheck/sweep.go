package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/reports"
	"github.com/tilecheck/tilecheck/sweep"
)

func init() {
	register("sweep", command{
		summary: "run every property, control and coverage floor over generated cases",
		run:     runSweep,
	})
}

const sweepUsage = `Usage: tilecheck sweep [--iterator NAME] [--class NAME|all] [--preset quick|release|exhaustive] [--seed N]
                       [--format text|md|json] [--out FILE] [--workers N]
                       [--ptr-contract elements|bytes]
                       [--backend go|host|gpu [--include DIR... --namespace NS] [--cuda-include DIR]... [--arch sm_90]]

Runs every property of SPEC §5 over the preset's generated configurations and
op programs, runs every control (known-bad variant) on the same generator and
checks the coverage floors. Without --iterator it sweeps every built-in model
and prints the model × property matrix, one per iterator class (--class).

With --backend host or gpu the iterator's traces come from compiled C++: the
project's rendition of each built-in model, or your own header (--include
DIR --namespace NS, compared with the Go model --iterator, default cutlass).
Every request of the preset is built at once, in parallel, with a build
cache; the oracle (reference) and the controls stay Go models. Paths that do
not compile are listed as unavailable with the compiler's first diagnostic.

Exit status: 0 pass, 1 a property failed, 2 bad usage or invalid input,
3 weak evidence (a control survived or a coverage floor was missed). Without
--iterator a built-in model failing is the expected finding: the status then
reflects only errors (2) and weak evidence (3).

Examples:
  tilecheck sweep                                   # all models, quick preset, text matrix
  tilecheck sweep --iterator cutlass --format md    # paste into a GitHub issue
  tilecheck sweep --iterator reference --preset release --format json --out ref.json
  tilecheck sweep --iterator cutlass --ptr-contract bytes   # judge add_pointer_offset as bytes
  tilecheck sweep --backend host                    # the C++ renditions, compiled with g++
  tilecheck sweep --backend host --include ~/cutlass/include --namespace cutlass \
    --cuda-include /usr/local/cuda/include          # your CUTLASS checkout

Flags:
`

// sweepFlags are the parsed flags of one sweep invocation.
type sweepFlags struct {
	iterator, preset, format, out, ptrContract, class string
	seed                                              int64
	workers                                           int
	backendFlags
}

func parseSweepFlags(args []string, stdout, stderr io.Writer) (sweepFlags, int, bool) {
	var f sweepFlags
	fs := flag.NewFlagSet("sweep", flag.ContinueOnError)
	fs.StringVar(&f.iterator, "iterator", "", "iterator `NAME` to sweep (default: every built-in model)")
	fs.StringVar(&f.preset, "preset", "quick", "generation preset: quick, release or exhaustive")
	fs.Int64Var(&f.seed, "seed", 1, "seed of the random phase; a seed gives the same report whatever the worker count")
	fs.StringVar(&f.format, "format", "text", "report format: text, md or json")
	fs.StringVar(&f.out, "out", "", "write the report to `FILE` instead of standard output")
	fs.IntVar(&f.workers, "workers", 0, "worker goroutines (0: one per core)")
	fs.StringVar(&f.class, "class", "", "iterator class `NAME` (RegularTileIterator, RegularTileAccessIterator,\nPredicatedTileAccessIterator, PredicatedTileIterator) or all\n(default: RegularTileIterator with --iterator, all without)")
	fs.StringVar(&f.ptrContract, "ptr-contract", "elements", "documented unit of pointer offsets to judge against: elements or bytes")
	f.backendFlags.register(fs)
	if code, done := parseFlags(fs, args, sweepUsage, stdout, stderr); done {
		return f, code, true
	}
	problems := f.backendFlags.validate()
	if !oneOf(f.preset, "quick", "release", "exhaustive") {
		problems = append(problems, fmt.Sprintf("--preset %q: want quick, release or exhaustive", f.preset))
	}
	if f.format == "markdown" {
		f.format = "md"
	}
	if !oneOf(f.format, "text", "md", "json") {
		problems = append(problems, fmt.Sprintf("--format %q: want text, md or json", f.format))
	}
	if f.workers < 0 {
		problems = append(problems, fmt.Sprintf("--workers %d: want 0 (one per core) or more", f.workers))
	}
	if !oneOf(f.ptrContract, "elements", "bytes") {
		problems = append(problems, fmt.Sprintf("--ptr-contract %q: want elements or bytes", f.ptrContract))
	}
	if _, err := sweepClasses(f.class, f.iterator); err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		return f, fail(stderr, "sweep", errors.New(strings.Join(problems, "; "))), true
	}
	return f, 0, false
}

func oneOf(s string, allowed ...string) bool {
	for _, a := range allowed {
		if s == a {
			return true
		}
	}
	return false
}

func runSweep(args []string, stdout, stderr io.Writer) int {
	f, code, done := parseSweepFlags(args, stdout, stderr)
	if done {
		return code
	}
	tuneSweepGC()
	progress := newProgress(stderr)
	opts := sweep.Options{
		Iterator: f.iterator, Preset: f.preset, Seed: f.seed, Workers: f.workers,
		PtrContract: f.ptrContract, Progress: progress.update,
	}
	var buf bytes.Buffer
	var status int
	classes, _ := sweepClasses(f.class, f.iterator)
	if len(classes) == 1 {
		opts.Class = classes[0]
	}
	opts.Classes = classes
	if f.compiled() {
		if len(classes) > 1 && f.class != "" {
			return fail(stderr, "sweep", fmt.Errorf("--class %s: a compiled sweep takes one class", f.class))
		}
		status, err := runCompiledSweep(f, opts, &buf, stderr, progress)
		if err != nil {
			return fail(stderr, "sweep", err)
		}
		if err := writeOutput(f.out, buf.Bytes(), stdout); err != nil {
			return fail(stderr, "sweep", err)
		}
		return status
	}
	if f.iterator == "" || len(classes) > 1 {
		m, err := sweep.RunAll(opts)
		progress.finish()
		if err != nil {
			return fail(stderr, "sweep", err)
		}
		if len(m.Reports) == 0 {
			return fail(stderr, "sweep", errors.New("the engine swept no models"))
		}
		if err := renderMatrix(&buf, m, f.format); err != nil {
			return fail(stderr, "sweep", err)
		}
		status = matrixStatus(m)
		if f.iterator != "" {
			status = matrixVerdictStatus(m)
		}
	} else {
		r, err := sweep.Run(opts)
		progress.finish()
		if err != nil {
			return fail(stderr, "sweep", err)
		}
		if !oneOf(r.Verdict, "pass", "fail", "weak") {
			return fail(stderr, "sweep", fmt.Errorf("the engine returned verdict %q (want pass, fail or weak)", r.Verdict))
		}
		if err := renderReport(&buf, r, f.format); err != nil {
			return fail(stderr, "sweep", err)
		}
		status = reportStatus(r)
	}
	if err := writeOutput(f.out, buf.Bytes(), stdout); err != nil {
		return fail(stderr, "sweep", err)
	}
	return status
}

// runCompiledSweep sweeps compiled code: the renditions of every built-in
// model, one of them (--iterator), or the user's header (--namespace, with
// --iterator as its Go companion).
func runCompiledSweep(f sweepFlags, opts sweep.Options, buf *bytes.Buffer, stderr io.Writer, progress *progress) (int, error) {
	log := func(format string, args ...any) { fmt.Fprintf(stderr, "tilecheck sweep: "+format+"\n", args...) }
	co := sweep.CompiledOptions{Options: opts, ReplayFlags: f.spec(nil).ReplayFlags(), Log: log}
	if f.iterator == "" && f.namespace == "" {
		m, err := sweep.RunAllCompiled(co, func(model string) (props.Source, error) { return f.source(model, log) })
		progress.finish()
		if err != nil {
			return 0, err
		}
		if err := renderMatrix(buf, m, f.format); err != nil {
			return 0, err
		}
		return matrixStatus(m), nil
	}
	src, err := f.source(f.iterator, log)
	if err != nil {
		progress.finish()
		return 0, err
	}
	co.Source, co.Companion, co.Iterator = src, src.Companion(), src.Companion()
	r, err := sweep.RunCompiled(co)
	progress.finish()
	if err != nil {
		return 0, err
	}
	if err := renderReport(buf, r, f.format); err != nil {
		return 0, err
	}
	return reportStatus(r), nil
}

// stampReport fills the tool name and version when the engine left them out,
// so that every report says which tilecheck made it.
func stampReport(r *reports.Report) {
	if r.Tool == "" {
		r.Tool = "tilecheck"
	}
	if r.Version == "" {
		r.Version = Version
	}
}

func stampMatrix(m *reports.Matrix) {
	for _, r := range m.Reports {
		stampReport(r)
	}
}

// renderReport stamps r and renders it in the chosen format.
func renderReport(w io.Writer, r *reports.Report, format string) error {
	stampReport(r)
	switch format {
	case "md":
		return reports.Markdown(w, r)
	case "json":
		return reports.JSON(w, r)
	}
	return reports.Text(w, r)
}

// renderMatrix stamps every report of m and renders it in the chosen format.
func renderMatrix(w io.Writer, m *reports.Matrix, format string) error {
	stampMatrix(m)
	switch format {
	case "md":
		return reports.MarkdownMatrix(w, m)
	case "json":
		return reports.JSONMatrix(w, m)
	}
	return reports.TextMatrix(w, m)
}

// writeOutput writes the rendered report to path, or to stdout when path is
// empty. The report is rendered in full first, so a failed render never
// leaves half a file behind.
func writeOutput(path string, data []byte, stdout io.Writer) error {
	if path == "" {
		_, err := stdout.Write(data)
		return err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	return nil
}

// reportStatus maps one iterator's verdict (already checked to be pass, fail
// or weak) to SPEC §8's exit status.
func reportStatus(r *reports.Report) int {
	switch r.Verdict {
	case "pass":
		return exitPass
	case "fail":
		return exitFail
	}
	return exitWeak
}

// matrixStatus is the exit status of an all-models sweep: models are expected
// to fail (that is the finding), so only weak evidence counts — a weak
// verdict, or any model's run in which a control was not killed as required
// or a coverage floor was missed.
func matrixStatus(m *reports.Matrix) int {
	for _, r := range m.Reports {
		if r.Verdict == "weak" {
			return exitWeak
		}
		for _, c := range r.Controls {
			if !c.OK {
				return exitWeak
			}
		}
		for _, c := range r.Coverage {
			if !c.OK {
				return exitWeak
			}
		}
	}
	return exitPass
}
