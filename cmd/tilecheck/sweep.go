package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

func init() {
	register("sweep", command{
		summary: "run every property, control and coverage floor over generated cases",
		run:     runSweep,
	})
}

const sweepUsage = `Usage: tilecheck sweep [--iterator NAME] [--class all|family|NAMES]
                       [--preset quick|release|exhaustive] [--seed N]
                       [--format text|md|json|junit|github|html] [--out FILE|-] [--verbose]
                       [--svg-dir DIR] [--workers N] [--shard I/N] [--ptr-contract elements|bytes]
                       [--baseline FILE]
                       [--backend go|host|gpu [--include DIR... --namespace NS [--header PATH]...]
                                  [--cuda-include DIR]... [--arch sm_90]]

Runs every property over the preset's generated cases, every control (known-bad
variant) on the same cases, and checks the coverage floors. Without --iterator it sweeps
every built-in model and prints the model x property matrix, one per class (--class).
With --backend host or gpu the traces come from compiled C++: the renditions, or your
headers (--include, --namespace) compared with the Go model --iterator.

Examples:
  tilecheck sweep                                   # all models, quick preset, text matrix
  tilecheck sweep --iterator cutlass --format md    # paste into a GitHub issue
  tilecheck sweep --preset exhaustive --shard 2/8 --format json --out s2.json   # CI job 2 of 8
  tilecheck sweep --backend host --include ~/cutlass/include --namespace cutlass

Formats, shards, --baseline: docs/ci.md. Progress: docs/concepts.md. C++: docs/own-cutlass.md.
Exit status: 0 pass, 1 a property failed, 2 bad usage, 3 weak evidence, 4 internal error,
130 interrupted (docs/contract.md#exit-statuses).

Flags:
`

// sweepFlags are the parsed flags of one sweep invocation.
type sweepFlags struct {
	iterator, format, out, ptrContract, class, shardText string
	svgDir                                               string
	preset                                               *presetFlag
	seed                                                 int64
	workers                                              int
	verbose                                              bool
	shard                                                sweep.Shard
	contract                                             props.Contract // ptrContract, parsed
	baseline                                             baselineFlag
	backendFlags
}

// reportFormats are the formats of sweep and merge.
var reportFormats = []string{"text", "md", "json", "junit", "github", "html"}

func parseSweepFlags(args []string, stdout, stderr io.Writer) (sweepFlags, int, bool) {
	var f sweepFlags
	fs := flag.NewFlagSet("sweep", flag.ContinueOnError)
	fs.StringVar(&f.iterator, "iterator", "", "iterator `NAME` to sweep (default: every built-in model)")
	f.preset = presetVar(fs, "preset", gen.Quick, false, "generation preset: quick, release or exhaustive")
	fs.Int64Var(&f.seed, "seed", 1, "seed of the random phase: one seed, one report at any --workers")
	fs.StringVar(&f.format, "format", "text", "report `FORMAT`: text, md, json, junit, github or html")
	fs.StringVar(&f.out, "out", "", "write the report to `FILE` (-: stdout); its extension sets --format")
	fs.StringVar(&f.svgDir, "svg-dir", "", "write each counterexample's picture (SVG) into `DIR`, linked by --format md")
	fs.BoolVar(&f.verbose, "verbose", false, "text: every section; stderr: progress lines and build log, terminal or not")
	fs.StringVar(&f.shardText, "shard", "", "sweep part `I/N` of the preset; 'tilecheck merge' joins the N JSON reports")
	fs.IntVar(&f.workers, "workers", 0, "worker goroutines (0: one per core)")
	fs.StringVar(&f.class, "class", "", "iterator class `NAME`, several separated by commas, family or all (default: RegularTileIterator with --iterator, all without)")
	fs.StringVar(&f.ptrContract, "ptr-contract", "elements", "unit of pointer offsets judged: elements or bytes")
	f.backendFlags.register(fs, "go", "host", "gpu")
	f.baseline.register(fs)
	if code, done := parseFlags(fs, args, sweepUsage, stdout, stderr); done {
		return f, code, true
	}
	problems := f.backendFlags.validate()
	if p := f.preset.problem("preset"); p != "" {
		problems = append(problems, p)
	}
	if f.format == "markdown" {
		f.format = "md"
	}
	if !oneOf(f.format, reportFormats...) {
		problems = append(problems, fmt.Sprintf("--format %q: want text, md, json, junit, github or html", f.format))
	} else if err := outFormat("sweep", &f.format, flagSet(fs, "format"), f.out, reportFormats); err != nil {
		problems = append(problems, err.Error())
	}
	if f.workers < 0 {
		problems = append(problems, fmt.Sprintf("--workers %d: want 0 (one per core) or more", f.workers))
	}
	if c, err := props.ParseContract(f.ptrContract); err != nil {
		problems = append(problems, fmt.Sprintf("--ptr-contract %q: want elements or bytes", f.ptrContract))
	} else {
		f.contract = c
	}
	if _, err := sweepClasses(f.class, f.iterator); err != nil {
		problems = append(problems, err.Error())
	}
	if f.shardText != "" {
		s, err := sweep.ParseShard(f.shardText)
		switch {
		case err != nil:
			problems = append(problems, err.Error())
		case f.compiled() && s.Count > 1:
			problems = append(problems, "--shard: a compiled sweep is not sharded (its translation units are built at once); shard --backend go")
		case s.Count > 1 && f.format != "json":
			problems = append(problems, fmt.Sprintf("--shard %s: write the shard report with --format json (tilecheck merge reads it)", f.shardText))
		}
		f.shard = s
	}
	if err := checkOut("--out", f.out); err != nil {
		problems = append(problems, err.Error())
	}
	problems = append(problems, f.baseline.load(f.shard.Count > 1)...)
	if err := checkDir("--svg-dir", f.svgDir); err != nil {
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

func runSweep(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	f, code, done := parseSweepFlags(args, stdout, stderr)
	if done {
		return code
	}
	sweep.TuneGC()
	progress := newProgress(stderr, f.verbose)
	opts := sweep.Options{
		Iterator: f.iterator, Preset: f.preset.p, Seed: f.seed, Workers: f.workers,
		PtrContract: f.contract, Progress: progress.phase("sweep"), Shard: f.shard,
	}
	classes, _ := sweepClasses(f.class, f.iterator)
	if len(classes) == 1 {
		opts.Class = classes[0]
	}
	opts.Classes = classes
	var m *report.Matrix
	var err error
	switch {
	case f.compiled():
		if len(classes) > 1 && f.class != "" {
			return fail(stderr, "sweep", fmt.Errorf("--class %s: a compiled sweep takes one class", f.class))
		}
		m, err = runCompiledSweep(ctx, f, opts, stderr, progress)
	case f.iterator == "" || len(classes) > 1:
		m, err = sweep.RunAll(ctx, opts)
	default:
		var r *report.Report
		if r, err = sweep.Run(ctx, opts); err == nil {
			m = &report.Matrix{Preset: r.Preset, Seed: r.Seed, Reports: []*report.Report{r}}
		}
	}
	progress.finish()
	if err != nil {
		return sweepError(stderr, "sweep", ctx, err)
	}
	if len(m.Reports) == 0 {
		return fail(stderr, "sweep", errors.New("the engine swept no models"))
	}
	// One iterator (named, or the user's header) gets its report and its
	// verdict's status; the built-in models get the matrix.
	named := f.iterator != "" || f.namespace != ""
	single := named && len(m.Reports) == 1 && (f.compiled() || len(classes) == 1)
	warnModelErrors(stderr, m.Reports...)
	warnEmptyShard(stderr, f.shardText, m.Reports)
	if code, ok := writePictures(stderr, f.svgDir, m); !ok {
		return code
	}
	return emitReport(ctx, "sweep", m, &f.baseline, single, named, reportStyle{format: f.format, verbose: f.verbose, svgDir: f.svgDir}, f.out, stdout, stderr)
}

// emitReport renders m (one report when single) to --out, and returns the
// exit status: the verdict's (byVerdict: an iterator was named), the
// matrix's (only errors and weak evidence count), or 130 when interrupted.
func emitReport(ctx context.Context, cmd string, m *report.Matrix, b *baselineFlag, single, byVerdict bool, style reportStyle, out string, stdout, stderr io.Writer) int {
	if byVerdict && !single {
		// One iterator over several classes: its reports end with the
		// verdict the exit status follows, as one class's report does.
		m.Verdict = sweep.CombinedVerdict(m)
	}
	if !m.Reports[0].IsShard() {
		b.apply(m)
	}
	var buf bytes.Buffer
	if err := render(&buf, m, single, byVerdict, style); err != nil {
		return internalError(stderr, cmd, err)
	}
	if err := writeOut(out, buf.Bytes(), stdout); err != nil {
		return fail(stderr, cmd, err)
	}
	if interrupted(ctx, m) {
		where := "standard output"
		if !toStdout(out) {
			where = out
		}
		fmt.Fprintf(stderr, "tilecheck %s: interrupted; the partial report (marked interrupted) went to %s\n", cmd, where)
		return exitInterrupted
	}
	if m.Reports[0].IsShard() {
		return exitPass // a shard's part says nothing alone: merge judges
	}
	if gated(m) {
		return gateStatus(m, single, byVerdict)
	}
	switch {
	case single:
		return reportStatus(m.Reports[0])
	case byVerdict:
		return verdictStatus(m.Verdict)
	}
	return matrixStatus(m)
}

func interrupted(ctx context.Context, m *report.Matrix) bool {
	if ctx.Err() != nil {
		return true
	}
	for _, r := range m.Reports {
		if r.Interrupted != "" {
			return true
		}
	}
	return false
}

// sweepError maps an engine error to an exit status: a bug in tilecheck
// (a recovered panic) is an internal error, an interruption before there
// was anything to report is 130, anything else is bad input.
func sweepError(stderr io.Writer, cmd string, ctx context.Context, err error) int {
	var ie *sweep.InternalError
	switch {
	case errors.As(err, &ie):
		return internalError(stderr, cmd, ie.Value)
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "tilecheck %s: interrupted before anything was judged\n", cmd) // what failed was the interruption
		return exitInterrupted
	}
	return fail(stderr, cmd, err)
}

// runCompiledSweep sweeps compiled code: the renditions of every built-in
// model, one of them (--iterator), or the user's header (--namespace, with
// --iterator as its Go companion).
func runCompiledSweep(ctx context.Context, f sweepFlags, opts sweep.Options, stderr io.Writer, progress *progress) (*report.Matrix, error) {
	log := progress.logf(f.verbose, stderr, "tilecheck sweep: ")
	co := sweep.CompiledOptions{Options: opts, ReplayFlags: f.spec(nil, nil).ReplayFlags(), Log: log}
	if f.iterator == "" && f.namespace == "" {
		return sweep.RunAllCompiled(ctx, co, func(model string) (props.Source, error) {
			return f.source(ctx, model, log, progress.phase("sweep "+model+": compiling and running"))
		})
	}
	src, err := f.source(ctx, f.iterator, log, progress.phase("sweep: compiling and running"))
	if err != nil {
		return nil, err
	}
	co.Source, co.Companion, co.Iterator = src, src.Companion(), src.Companion()
	r, err := sweep.RunCompiled(ctx, co)
	if err != nil {
		return nil, err
	}
	return &report.Matrix{Preset: r.Preset, Seed: r.Seed, Reports: []*report.Report{r}}, nil
}

// warnModelErrors shows on stderr every model that errored during a sweep.
func warnModelErrors(stderr io.Writer, rs ...*report.Report) {
	for _, line := range sweep.ModelErrors(rs...) {
		fmt.Fprintf(stderr, "tilecheck sweep: %s\n", line)
	}
}

// warnEmptyShard says on stderr when --shard i/n picked no batch (n is
// more than the sweep's batches). The shard is not an error: merge needs
// every shard 1..n, so its (empty) JSON report is still written, exit 0.
func warnEmptyShard(stderr io.Writer, shard string, rs []*report.Report) {
	var empty []string
	most := 0
	for _, r := range rs {
		part, ok := sweep.ShardPart(r)
		if !ok {
			continue
		}
		most = max(most, part.Total)
		if part.Empty() {
			empty = append(empty, fmt.Sprintf("%s %s (%d batches)", r.Iterator, r.Class, part.Total))
		}
	}
	switch {
	case len(empty) == 0:
	case len(empty) == len(rs):
		per := ""
		if len(rs) > 1 {
			per = " per model and class"
		}
		fmt.Fprintf(stderr, "tilecheck sweep: --shard %s is empty: the sweep has only %d batches%s, so this shard judges nothing; "+
			"its report is written all the same (tilecheck merge needs every shard)\n", shard, most, per)
	default:
		fmt.Fprintf(stderr, "tilecheck sweep: --shard %s judges nothing of %s: fewer batches than shards; "+
			"its report is written all the same (tilecheck merge needs every shard)\n", shard, strings.Join(empty, ", "))
	}
}
