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
                                 [--backend go|host|gpu --include DIR]

Draws TiledCopy cases with rapid (every copy atom: UniversalCopy,
cp.async, ldmatrix with and without .trans, stmatrix; element widths down
to uint4b_t; row- and column-major tensors, padded pitches, swizzled
shared memory, register fragments, partial tiles predicated by copy_if),
partitions each with the Go model of make_tiled_copy, runs the copy on
tagged data by each instruction's own semantics, and judges: every
element copied once (P-copy-once), load and store naming the same element
(P-same-element), whole aligned contiguous vectors (P-vector), copy_if
inside its extent (P-predicate), swizzled layouts staying bijections
(P-swizzle-bijection), addresses that are the tensor's (P-address) and
whole atom calls (P-calls). Known-bad controls must be killed in the same
run and coverage floors met, or the evidence is weak.

Your CuTe: --backend host --include DIR compiles each case against the
CUTLASS checkout's include/ (g++; tensors' integers static, as kernels
write them), records partition_S and partition_D and runs the copy on
tagged data with sentinels; P-model then holds every answer to the Go
model. --backend gpu builds with nvcc and copies global -> shared -> global
(cp.async, ldmatrix and stmatrix as the atom says) on the device.

CI: --shard i/n judges the i-th of n parts of the cases (write it with
--format json); 'tilecheck merge' joins the n reports into the report of the
unsharded sweep.

Exit status: 0 pass, 1 a property failed, 2 bad usage, 3 weak evidence (a
control survived or a floor was missed), 4 internal error, 130
interrupted; a shard exits 0 (merge judges).

Examples:
  tilecheck cute copy sweep
  tilecheck cute copy sweep --preset release --format json --out copy.json
  tilecheck cute copy sweep --backend host --include ~/cutlass/include --cases 40
`

func runCuteCopySweep(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cute copy sweep", flag.ContinueOnError)
	preset := fs.String("preset", "quick", "how many cases: quick or release")
	ncases := fs.Int("cases", 0, "draw `N` cases, whatever the preset")
	seed := fs.Int64("seed", 1, "seed of the cases drawn; a seed gives the same report")
	format := fs.String("format", "text", "report `FORMAT`: text, md, json, junit, github or html")
	out := fs.String("out", "", "write the report to `FILE` (- or left out: standard output); its extension .json, .md, .xml or .txt chooses --format when not given")
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

Judges one TiledCopy case: prints a summary of the trace, thread 0's
partition_S and partition_D (element@offset), and every property's
verdict (or only --property ID). --control ID answers the case with a
known-bad control instead of the model, to see what kills it.

A case is one line of key=value tokens, as a sweep's counterexample
writes it:
  atom=ATOM elem=TYPE thr=LAYOUT val=LAYOUT src=TENSOR dst=TENSOR [extent=MxN]
ATOM is a CuTe copy atom (UniversalCopy<uint8_t..uint128_t>,
SM80_CP_ASYNC_CACHEALWAYS<uint32_t|uint64_t|uint128_t>,
SM75_U32x{1,2,4}_LDSM_N, SM75_U16x{2,4,8}_LDSM_T, SM90_U32x4_STSM_N),
TYPE an element type (uint4b_t, uint8_t, half_t, float, double, ...),
thr and val make_tiled_copy's (m,n) thread and value layouts, src and dst
layouts of the tile's shape in elements (CuTe's notation), a swizzled
one written Sw<B,M,S>o LAYOUT, and extent copy_if's predicate. Spaces and
newlines separate the tokens.

Exit status: 0 every property holds, 1 a property failed, 2 bad usage or
invalid input (a case that does not parse, an unknown property), 4
internal error.

Examples:
  tilecheck cute copy check --case 'atom=UniversalCopy<uint128_t> elem=half_t
    thr=(4,8):(8,1) val=(1,8):(8,1) src=(4,64):(68,1) dst=Sw<3,3,3>o(4,64):(64,1)'
  tilecheck cute copy check --property P-same-element --case 'atom=SM75_U32x4_LDSM_N
    elem=half_t thr=(8,4):(4,1) val=(4,2):(2,1) src=((4,8),8):((64,8),1)
    dst=((4,8),(2,4)):((2,32),(1,8))'
  tilecheck cute copy check --control C-swizzle-one-side --case ...
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
