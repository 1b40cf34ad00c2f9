package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/tilecheck/tilecheck/cute/cxx"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copycxx"
	"io"
	"strings"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copyprops"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copysweep"
	"github.com/tilecheck/tilecheck/report"
)

const cuteCopyUsage = `Usage: tilecheck cute copy sweep [flags]     sweep TiledCopy's properties over generated cases
       tilecheck cute copy check --case CASE   judge one TiledCopy case (the replay of a counterexample)

Run 'tilecheck cute copy sweep --help' or 'tilecheck cute copy check --help' for flags and examples.
`

func runCuteCopy(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, cuteCopyUsage)
		return exitUsage
	}
	switch args[0] {
	case "sweep":
		return runCuteCopySweep(ctx, args[1:], stdout, stderr)
	case "check":
		return runCuteCopyCheck(ctx, args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, cuteCopyUsage)
		return exitPass
	}
	fmt.Fprintf(stderr, "tilecheck cute copy: unknown subcommand %q (want sweep or check)\n", args[0])
	return exitUsage
}

const cuteCopySweepUsage = `Usage: tilecheck cute copy sweep [--preset quick|release] [--cases N] [--seed N]
                                 [--format text|md|json|junit|github|html] [--out FILE|-]
                                 [--verbose] [--shard I/N] [--baseline FILE]
                                 [--backend go|host|gpu --include DIR [--cxx COMPILER]
                                  [--cuda-include DIR]... [--nvcc COMPILER] [--arch sm_90]]

Draws CuTe TiledCopy cases with rapid (every copy atom, element widths down to uint4b_t,
padded, swizzled and register tensors, partial tiles under copy_if), partitions and runs
each copy on tagged data, and judges every property (each element copied once, whole
aligned vectors, copy_if inside its extent, ...); known-bad controls must be killed and
coverage floors met. With --backend host or gpu your CuTe answers, held to the Go model.

Examples:
  tilecheck cute copy sweep
  tilecheck cute copy sweep --preset release --format json --out copy.json
  tilecheck cute copy sweep --backend host --include ~/cutlass/include --cases 40

Cases, properties and controls: docs/cute.md#copies-tiledcopy. Shards: docs/ci.md.
Exit status: 0 pass, 1 a property failed, 2 bad usage, 3 weak evidence, 4 internal error,
130 interrupted; a shard exits 0 (docs/cute.md#exit-status-and-bad-input).

Flags:
`

func runCuteCopySweep(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cute copy sweep", flag.ContinueOnError)
	preset := fs.String("preset", "quick", "how many cases: quick or release")
	ncases := fs.Int("cases", 0, "draw `N` cases, whatever the preset")
	seed := fs.Int64("seed", 1, "seed of the cases drawn; a seed gives the same report")
	format := fs.String("format", "text", "report `FORMAT`: text, md, json, junit, github or html")
	out := fs.String("out", "", "write the report to `FILE` (-: stdout); its extension sets --format")
	verbose := fs.Bool("verbose", false, "text: every section; stderr: progress lines even when not a terminal")
	shardText := fs.String("shard", "", "judge only part `I/N` of the cases (merge the N JSON reports with tilecheck merge)")
	var known baselineFlag
	known.register(fs)
	var srcFlags cuteSourceFlags
	srcFlags.register(fs)
	if code, done := parseFlags(fs, args, cuteCopySweepUsage, stdout, stderr); done {
		return code
	}
	problems := srcFlags.validate()
	shard, more := checkCuteSweepFlags("cute copy sweep", fs, copysweep.PresetCases, *preset, *ncases, format, *out, *shardText)
	problems = append(problems, more...)
	problems = append(problems, known.load(shard.Count > 1)...)
	if len(problems) > 0 {
		return fail(stderr, "cute copy sweep", errors.New(strings.Join(problems, "; ")))
	}
	progress := newProgress(stderr, *verbose)
	say := cuteProgress(progress, progress.logf(*verbose, stderr, "tilecheck cute copy sweep: "))
	src, replay := srcFlags.copySource(say)
	res, err := copysweep.Run(ctx, copysweep.Options{Source: src, ReplayFlags: replay, Preset: *preset, Cases: *ncases, Seed: *seed, Progress: say, Shard: shard})
	progress.finish()
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "tilecheck cute copy sweep: interrupted before anything was judged") // what failed was the interruption
			return exitInterrupted
		}
		return fail(stderr, "cute copy sweep", err)
	}
	r := res.Report()
	m := &report.Matrix{Preset: r.Preset, Seed: r.Seed, Reports: []*report.Report{r}}
	return emitReport(ctx, "cute copy sweep", m, &known, true, true, reportStyle{format: *format, verbose: *verbose}, *out, stdout, stderr)
}

const cuteCopyCheckUsage = `Usage: tilecheck cute copy check --case CASE [--property ID] [--control ID]
                                 [--backend go|host|gpu --include DIR [--cxx COMPILER]
                                  [--cuda-include DIR]... [--nvcc COMPILER] [--arch sm_90]]

Judges one TiledCopy case: prints a summary of its trace, thread 0's partition_S and
partition_D (element@offset), and every property's verdict (or only --property ID).
--control ID answers with a known-bad control instead of the model, to see what kills it.

A case is one line of key=value tokens, as a sweep's counterexample writes it:
  atom=ATOM elem=TYPE thr=LAYOUT val=LAYOUT src=TENSOR dst=TENSOR [extent=MxN]

Examples:
  tilecheck cute copy check --case 'atom=UniversalCopy<uint128_t> elem=half_t
    thr=(4,8):(8,1) val=(1,8):(8,1) src=(4,64):(68,1) dst=Sw<3,3,3>o(4,64):(64,1)'
  tilecheck cute copy check --control C-swizzle-one-side --case ...

Atoms, types and layouts of a case: docs/cute.md#copy-cases.
Exit status: 0 every property holds, 1 a property failed, 2 bad usage or invalid input,
4 internal error.

Flags:
`

func runCuteCopyCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cute copy check", flag.ContinueOnError)
	caseText := fs.String("case", "", "the `CASE` to judge")
	propID := fs.String("property", "", "judge only this property `ID` (default: every property)")
	controlID := fs.String("control", "", "answer with this known-bad control `ID` instead of the model")
	var srcFlags cuteSourceFlags
	srcFlags.register(fs)
	if code, done := parseFlags(fs, args, cuteCopyCheckUsage, stdout, stderr); done {
		return code
	}
	problems := srcFlags.validate()
	if *caseText == "" {
		problems = append(problems, "--case is required")
	}
	c, err := tiledcopy.ParseCase(*caseText)
	if *caseText != "" && err != nil {
		problems = append(problems, err.Error())
	}
	var only *copyprops.Property
	if *propID != "" {
		if only = copyprops.ByID(*propID); only == nil {
			problems = append(problems, fmt.Sprintf("--property %q: no such property (see 'tilecheck cute copy sweep' for their ids)", *propID))
		}
	}
	src, _ := srcFlags.copySource(nil)
	if *controlID != "" && srcFlags.backend != "go" {
		problems = append(problems, "--control answers with a Go model: leave out --backend")
	} else if *controlID != "" {
		k := copysweep.ByID(*controlID)
		if k == nil {
			problems = append(problems, fmt.Sprintf("--control %q: no such control", *controlID))
		} else {
			src = k.AsSource()
		}
	}
	if len(problems) > 0 {
		return fail(stderr, "cute copy check", errors.New(strings.Join(problems, "; ")))
	}
	res, err := copysweep.Check(ctx, src, c, only)
	if err != nil {
		return fail(stderr, "cute copy check", err)
	}
	if err := res.WriteText(stdout); err != nil {
		return internalError(stderr, "cute copy check", err)
	}
	if res.Failed() {
		return exitFail
	}
	return exitPass
}

// copySource is the TiledCopy sweep's source the flags choose, and the flags
// that reach it again in a replay command. Compiled CuTe is asked with every
// integer of the tensors static: CuTe vectorises only what it can prove at
// compile time, and a drawn case's dynamic strides would make it refuse
// copies the model (and a kernel with static layouts) performs.
func (f *cuteSourceFlags) copySource(progress func(string)) (copysweep.Source, string) {
	if f.backend == "go" {
		return copysweep.Model{}, ""
	}
	opt := copycxx.Options{Include: f.include, CXX: f.cxxCompiler, CUDAInclude: f.cudaIncludes, Progress: progress, Ints: cxx.AllStatic}
	flags := "--backend " + f.backend + " --include " + shellQuote(f.include)
	if f.backend == "gpu" {
		opt.GPU, opt.NVCC, opt.Arch = true, f.nvcc, f.arch
		if f.arch != "sm_90" {
			flags += " --arch " + shellQuote(f.arch)
		}
	}
	return copycxx.Source{Opt: opt}, flags
}
