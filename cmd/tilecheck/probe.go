package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/tilecheck/tilecheck/baseline"
	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/probe"
	"github.com/tilecheck/tilecheck/reports/proberender"
)

func init() {
	register("probe", command{
		summary: "confirm the Go models against compiled C++ (host compiler or GPU)",
		run:     runProbe,
	})
}

const probeUsage = `Usage: tilecheck probe [--backend host|gpu] [--arch sm_90] [--preset NAME]
                       [--iterator NAME] [--class all|family|NAMES]
                       [--include DIR --namespace NS [--header PATH]...]
                       [--cuda-include DIR]... [--format text|md|json] [--out FILE|-]
                       [--jobs N] [--verbose] [--baseline FILE]

Compiles the iterators as C++ (host compiler or nvcc), runs every op program on every
thread, recovers each access from the bytes it moved and compares it with the Go model of
the same name; the controls must differ from the reference, an identity copy must not.
Presets: representative (the probe's own list), quick, release, exhaustive.

Examples:
  tilecheck probe                                     # host g++, all renditions
  tilecheck probe --preset quick --format json --out probe.json
  tilecheck probe --include ~/cutlass/include --namespace cutlass   # your CUTLASS

Your CUTLASS, CUDA's headers, classes and the build cache: docs/own-cutlass.md.
Exit status: 0 every access agrees, 1 a disagreement, 2 bad usage or a missing compiler or
header, 3 weak evidence, 4 internal error, 130 interrupted (docs/contract.md#exit-statuses).

Flags:
`

type multiFlag []string

func (m *multiFlag) String() string { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error {
	if v == "" {
		return errors.New("empty value")
	}
	*m = append(*m, v)
	return nil
}

type probeFlags struct {
	backendFlags                 // host or gpu, and your headers
	iterator, format, out, class string
	preset                       *presetFlag
	jobs                         int
	verbose                      bool
	baseline                     baselineFlag
}

func (f *probeFlags) register(fs *flag.FlagSet) {
	f.backendFlags.register(fs, "host", "gpu")
	f.preset = presetVar(fs, "preset", gen.Representative, true, "cases: representative, quick, release or exhaustive")
	fs.StringVar(&f.iterator, "iterator", "", "Go model `NAME` to compare with (default: every built-in rendition; with --namespace, per class the model your code matches)")
	fs.StringVar(&f.format, "format", "text", "report format: text, md or json")
	fs.StringVar(&f.out, "out", "", "write the report to `FILE` (-: stdout); its extension sets --format")
	fs.IntVar(&f.jobs, "jobs", 0, "translation units compiled in parallel (0: one per core)")
	fs.BoolVar(&f.verbose, "verbose", false, "log the compiler command (flags and pre-includes chosen for your headers), builds and runs on stderr")
	fs.StringVar(&f.class, "class", "", classFlagHelp+" (default: all; RegularTileIterator with --namespace)")
	f.baseline.register(fs)
}

func (f *probeFlags) validate() []string {
	problems := f.backendFlags.validate()
	problems = append(problems, compiledReportProblems("probe", f.fs, f.preset, &f.format, f.out, f.jobs)...)
	if f.class == "" {
		f.class = "all"
		if f.namespace != "" {
			f.class = "RegularTileIterator"
		}
	}
	if _, err := parseClasses(f.class); err != nil {
		problems = append(problems, err.Error())
	}
	return append(problems, f.baseline.load(false)...)
}

// options turns the flags into the probe's options: with no --iterator,
// each class of the user's namespace is compared with the model it
// matches; a model named is a claim to judge as is.
func (f *probeFlags) options() (probe.Options, error) {
	variants, err := cuda.VariantsFor(f.iterator, f.namespace)
	if err != nil {
		return probe.Options{}, err
	}
	classes, err := parseClasses(f.class)
	if err != nil {
		return probe.Options{}, err
	}
	opts := cuda.Options{
		Toolchain: cuda.Toolchain{Backend: f.backend, Arch: f.arch},
		Variants:  variants,
		Batches:   f.jobs,
	}
	if len(f.includes) > 0 {
		opts.IncludeDirs = append(opts.IncludeDirs, f.includes...)
		opts.Headers = f.headers
		if len(opts.Headers) == 0 {
			opts.Headers = cuda.CutlassHeaders
			if hasFamily(classes) {
				opts.Headers = cuda.DefaultCutlassHeaders(f.backend)
			}
		}
	}
	opts.IncludeDirs = append(opts.IncludeDirs, f.cudaIncludes...)
	return probe.Options{Judging: probe.Judging{Preset: f.preset.p, Classes: classes, ChooseModels: f.iterator == ""}, Cuda: opts}, nil
}

func runProbe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var f probeFlags
	fs := flag.NewFlagSet("probe", flag.ContinueOnError)
	f.register(fs)
	if code, done := parseFlags(fs, args, probeUsage, stdout, stderr); done {
		return code
	}
	if problems := f.validate(); len(problems) > 0 {
		return fail(stderr, "probe", errors.New(strings.Join(problems, "; ")))
	}
	opts, err := f.options()
	if err != nil {
		return fail(stderr, "probe", err)
	}
	progress := newProgress(stderr, f.verbose)
	opts.Cuda.Log = progress.logf(f.verbose, stderr, "tilecheck probe: ")
	opts.Cuda.Progress = progress.phase("probe: translation units built and run")
	judged, err := probe.Run(ctx, opts)
	progress.finish()
	if err != nil && ctx.Err() != nil {
		// The comparison needs every unit's output: an interrupted probe
		// has nothing to report, but its compilers are gone.
		fmt.Fprintf(stderr, "tilecheck probe: interrupted; compilers stopped, no report (the probe compares after every unit has run)\n")
		return exitInterrupted
	}
	if err != nil {
		var ce *cuda.CompileError
		if errors.As(err, &ce) {
			fmt.Fprintf(stderr, "tilecheck probe: %v\n", err)
			return exitUsage
		}
		return fail(stderr, "probe", err)
	}
	rep := judged.Report()
	f.baseline.applyProbe(&rep)
	var buf bytes.Buffer
	switch f.format {
	case "json":
		if err := proberender.JSON(&buf, rep); err != nil {
			return internalError(stderr, "probe", err)
		}
	case "md":
		proberender.Markdown(&buf, rep)
	default:
		proberender.Text(&buf, rep)
	}
	if err := writeOut(f.out, buf.Bytes(), stdout); err != nil {
		return fail(stderr, "probe", err)
	}
	return verdictStatus(baseline.ProbeVerdict(&rep))
}

// compiledReportProblems checks the flags the compiled commands' reports
// share: the preset, --format (text, md or json; markdown reads md; a
// --out extension chooses it when not given), --jobs and --out.
func compiledReportProblems(cmd string, fs *flag.FlagSet, preset *presetFlag, format *string, out string, jobs int) []string {
	var problems []string
	if p := preset.problem("preset"); p != "" {
		problems = append(problems, p)
	}
	if *format == "markdown" {
		*format = "md"
	}
	formats := []string{"text", "md", "json"}
	if !oneOf(*format, formats...) {
		problems = append(problems, fmt.Sprintf("--format %q: want text, md or json", *format))
	} else if err := outFormat(cmd, format, flagSet(fs, "format"), out, formats); err != nil {
		problems = append(problems, err.Error())
	}
	if jobs < 0 {
		problems = append(problems, fmt.Sprintf("--jobs %d: want 0 or more", jobs))
	}
	if err := checkOut("--out", out); err != nil {
		problems = append(problems, err.Error())
	}
	return problems
}
