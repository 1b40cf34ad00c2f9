package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/diff"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
)

func init() {
	register("diff", command{
		summary: "compare two CUTLASS trees (or a tree and a Go model) access by access",
		run:     runDiff,
	})
}

const diffUsage = `Usage: tilecheck diff (--include OLD | --model NAME) (--include NEW | --model NAME)
                      [--namespace NS] [--header PATH]... [--cuda-include DIR]...
                      [--backend host|gpu] [--arch sm_90] [--preset NAME]
                      [--class all|family|NAMES] [--config CFG --ops OPS]
                      [--format text|md|json] [--out FILE|-] [--jobs N] [--verbose]

Compares two sides on the probe's cases access by access (address, width, guard): each a
CUTLASS tree's include/ (--include, compiled) or a built-in Go model (--model); the first is
A (old), the second B (new). Changes are grouped by class, call path and configuration
class, smallest cases first with their replay, and each side is matched to a Go model.

Examples:
  tilecheck diff --include ~/cutlass-4.4.3/include --include ~/cutlass-4.7.0/include
  tilecheck diff --model cutlass-pre3049 --include ~/cutlass/include --class all --out diff.md

The report, read: docs/own-cutlass.md#what-a-release-changed.
Exit status: 0 no difference, 1 a difference (or a pair ran on one side only), 2 bad usage,
a compiler or header missing, or nothing compared, 4 internal error, 130 interrupted.

Flags:
`

// diffSide is one side as given: a tree's include directory or a model.
type diffSide struct {
	include, model string
}

func (s diffSide) label() string {
	if s.model != "" {
		return s.model
	}
	return s.include
}

func (s diffSide) flag() string {
	if s.model != "" {
		return "--model " + shellQuote(s.model)
	}
	return "--include " + shellQuote(s.include)
}

// sideFlag appends a side, in the order the flags are given.
type sideFlag struct {
	sides *[]diffSide
	model bool
}

// String lists the sides of the flag's kind given so far.
func (f sideFlag) String() string {
	if f.sides == nil {
		return ""
	}
	var out []string
	for _, s := range *f.sides {
		if (s.model != "") == f.model {
			out = append(out, s.label())
		}
	}
	return strings.Join(out, ",")
}

func (f sideFlag) Set(v string) error {
	if v == "" {
		return errors.New("empty value")
	}
	if f.model {
		*f.sides = append(*f.sides, diffSide{model: v})
	} else {
		*f.sides = append(*f.sides, diffSide{include: v})
	}
	return nil
}

type diffFlags struct {
	sides                           []diffSide
	backend, arch, namespace        string
	headers, cudaIncludes           multiFlag
	format, out, class, config, ops string
	preset                          *presetFlag
	jobs                            int
	verbose                         bool
	fs                              *flag.FlagSet
	classes                         []iterator.Class
	cases                           []cuda.Case
}

func (f *diffFlags) register(fs *flag.FlagSet) {
	f.fs = fs
	fs.Var(sideFlag{sides: &f.sides}, "include", "a side: the include `DIR` of a CUTLASS tree (its include/)")
	fs.Var(sideFlag{sides: &f.sides, model: true}, "model", "a side: the built-in Go model `NAME` ("+modelNames(", ")+")")
	fs.StringVar(&f.namespace, "namespace", "cutlass", "C++ namespace `NS` of both trees' iterators")
	fs.Var(&f.headers, "header", "header `PATH` to include, relative to --include (repeatable; default: CUTLASS's)")
	fs.Var(&f.cudaIncludes, "cuda-include", "extra include `DIR` for the build, e.g. the CUDA toolkit's include/ (repeatable)")
	fs.StringVar(&f.backend, "backend", "host", "where the trees are compiled: host (the C++17 compiler) or gpu (nvcc, run on the GPU)")
	fs.StringVar(&f.arch, "arch", "sm_90", "GPU architecture for --backend gpu")
	f.preset = presetVar(fs, "preset", gen.Representative, true, "cases: representative, quick, release or exhaustive")
	fs.StringVar(&f.class, "class", "RegularTileIterator", classFlagHelp)
	fs.StringVar(&f.config, "config", "", "compare only configuration `CFG` (with --ops)")
	fs.StringVar(&f.ops, "ops", "", "compare only op program `OPS` (with --config)")
	fs.StringVar(&f.format, "format", "text", "report format: text, md or json")
	fs.StringVar(&f.out, "out", "", "write the report to `FILE` (-: stdout); its extension sets --format")
	fs.IntVar(&f.jobs, "jobs", 0, "translation units compiled in parallel (0: one per core)")
	fs.BoolVar(&f.verbose, "verbose", false, "log the compiler command, builds and runs on stderr")
}

// validate lists what is wrong with the flags and reads the cases.
func (f *diffFlags) validate() []string {
	var problems []string
	if len(f.sides) != 2 {
		problems = append(problems, fmt.Sprintf("want two sides (--include DIR or --model NAME, each twice or one of each), got %d", len(f.sides)))
	}
	for _, s := range f.sides {
		if s.model != "" {
			if _, err := iterator.ModelByName(s.model); err != nil || iterator.KnownDefect(iterator.Defect(s.model)) {
				problems = append(problems, fmt.Sprintf("--model %q: want %s", s.model, modelNames(" or ")))
			}
		} else if st, err := os.Stat(s.include); err != nil || !st.IsDir() {
			problems = append(problems, fmt.Sprintf("--include %q: not a directory", s.include))
		}
	}
	trees := slices.ContainsFunc(f.sides, func(s diffSide) bool { return s.include != "" })
	for _, name := range []string{"backend", "arch", "namespace", "header", "cuda-include", "jobs"} {
		if !trees && flagSet(f.fs, name) {
			problems = append(problems, fmt.Sprintf("--%s needs a tree side (--include): two models are not compiled", name))
		}
	}
	if !oneOf(f.backend, "host", "gpu") {
		problems = append(problems, fmt.Sprintf("--backend %q: want host or gpu", f.backend))
	}
	if f.backend != "gpu" && flagSet(f.fs, "arch") {
		problems = append(problems, "--arch needs --backend gpu (it is nvcc's target architecture)")
	}
	if !cppNamespace.MatchString(f.namespace) {
		problems = append(problems, fmt.Sprintf("--namespace %q: not a C++ namespace name (e.g. cutlass)", f.namespace))
	}
	for _, d := range f.cudaIncludes {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			problems = append(problems, fmt.Sprintf("--cuda-include %q: not a directory", d))
		}
	}
	problems = append(problems, compiledReportProblems("diff", f.fs, f.preset, &f.format, f.out, f.jobs)...)
	return append(problems, f.readCases()...)
}

// readCases sets the classes and the cases: the one --config/--ops case, or
// the preset's of the classes.
func (f *diffFlags) readCases() []string {
	if (f.config == "") != (f.ops == "") {
		return []string{"--config and --ops go together (one case to compare)"}
	}
	if f.config == "" {
		classes, err := parseClasses(f.class)
		if err != nil {
			return []string{err.Error()}
		}
		cases, err := gen.ProbeClassCases(f.preset.p, classes)
		if err != nil {
			return []string{err.Error()}
		}
		f.classes, f.cases = classes, cases
		return nil
	}
	if flagSet(f.fs, "class") || flagSet(f.fs, "preset") {
		return []string{"--config/--ops compare one case: --class and --preset do not apply"}
	}
	cfg, err := iterator.ParseConfig(f.config)
	if err != nil {
		return []string{fmt.Sprintf("--config %q: %v", f.config, err)}
	}
	if _, err := iterator.Validate(cfg); err != nil {
		return []string{fmt.Sprintf("--config %q: %v", f.config, err)}
	}
	prog, err := iterator.ParseProgram(f.ops)
	if err != nil {
		return []string{fmt.Sprintf("--ops %q: %v", f.ops, err)}
	}
	f.classes, f.cases = []iterator.Class{cfg.Class}, []cuda.Case{{Config: cfg, Programs: []iterator.Program{prog}}}
	return nil
}

// buildFlags are the flags, beside the sides, a replay repeats.
func (f *diffFlags) buildFlags() string {
	var parts []string
	if f.namespace != "cutlass" {
		parts = append(parts, "--namespace "+shellQuote(f.namespace))
	}
	for _, h := range f.headers {
		parts = append(parts, "--header "+shellQuote(h))
	}
	for _, d := range f.cudaIncludes {
		parts = append(parts, "--cuda-include "+shellQuote(d))
	}
	if f.backend != "host" {
		parts = append(parts, "--backend "+f.backend, "--arch "+shellQuote(f.arch))
	}
	return strings.Join(parts, " ")
}

// options are the compiled run's options for a tree.
func (f *diffFlags) options(include string) cuda.Options {
	opts := cuda.Options{
		Toolchain: cuda.Toolchain{Backend: f.backend, Arch: f.arch},
		Variants:  []cuda.Variant{{Model: "cutlass", Namespace: f.namespace, Role: cuda.RoleIterator}},
		Batches:   f.jobs,
		Headers:   f.headers,
	}
	if len(opts.Headers) == 0 {
		opts.Headers = cuda.CutlassHeaders
		if hasFamily(f.classes) {
			opts.Headers = cuda.DefaultCutlassHeaders(f.backend)
		}
	}
	opts.IncludeDirs = append([]string{include}, f.cudaIncludes...)
	return opts
}

func runDiff(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var f diffFlags
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	f.register(fs)
	if code, done := parseFlags(fs, args, diffUsage, stdout, stderr); done {
		return code
	}
	if problems := f.validate(); len(problems) > 0 {
		return fail(stderr, "diff", errors.New(strings.Join(problems, "; ")))
	}
	progress := newProgress(stderr, f.verbose)
	sides := make([]diff.Side, 2)
	built := make([]bool, 2)
	for i, s := range f.sides {
		if s.model != "" {
			continue
		}
		opts := f.options(s.include)
		if err := opts.Check(); err != nil {
			return fail(stderr, "diff", err)
		}
		name := "AB"[i : i+1]
		opts.Log = progress.logf(f.verbose, stderr, "tilecheck diff: "+name+": ")
		opts.Progress = progress.phase("diff: " + name + ": translation units built and run")
		res, err := cuda.Run(ctx, f.cases, opts)
		progress.finish()
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "tilecheck diff: interrupted; compilers stopped, no report\n")
			return exitInterrupted
		}
		if err != nil {
			var ce *cuda.CompileError
			if errors.As(err, &ce) {
				fmt.Fprintf(stderr, "tilecheck diff: %s (%s): %v\n", name, s.include, err)
				return exitUsage
			}
			return fail(stderr, "diff", fmt.Errorf("%s (%s): %w", name, s.include, err))
		}
		sides[i], built[i] = diff.CompiledSide(s.label(), res, 0), true
	}
	// A model traces exactly the pairs a compiled side ran, so that what a
	// tree cannot instantiate is not reported as a change.
	pairs := diff.PairsOfCases(f.cases)
	for i := range sides {
		if built[i] {
			pairs = diff.PairsOf(sides[i].Runs)
			break
		}
	}
	for i, s := range f.sides {
		if s.model == "" {
			continue
		}
		m, err := iterator.ModelByName(s.model)
		if err != nil {
			return fail(stderr, "diff", err)
		}
		runs, left := diff.TraceModel(m, pairs)
		sides[i] = diff.Side{Label: s.label(), Runs: runs, Left: left}
	}
	replay := "tilecheck diff " + f.sides[0].flag() + " " + f.sides[1].flag()
	if b := f.buildFlags(); b != "" {
		replay += " " + b
	}
	rep := diff.Compare(sides[0], sides[1], diff.Options{Replay: replay})
	rep.Command = "tilecheck diff " + quoteArgs(args)
	if f.config == "" {
		rep.Preset = string(f.preset.p)
	}
	for _, c := range f.classes {
		rep.Classes = append(rep.Classes, c.String())
	}
	var buf bytes.Buffer
	switch f.format {
	case "json":
		if err := diff.JSON(&buf, rep); err != nil {
			return internalError(stderr, "diff", err)
		}
	case "md":
		diff.Markdown(&buf, rep)
	default:
		diff.Text(&buf, rep)
	}
	if err := writeOut(f.out, buf.Bytes(), stdout); err != nil {
		return fail(stderr, "diff", err)
	}
	switch {
	case rep.Pairs == 0:
		fmt.Fprintf(stderr, "tilecheck diff: nothing compared: the two sides ran no case in common\n")
		return exitUsage
	case rep.Differs():
		return exitFail
	}
	return exitPass
}

// quoteArgs is args as a shell command line.
func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = shellQuote(a)
	}
	return strings.Join(q, " ")
}
