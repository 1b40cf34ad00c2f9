package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/cutesweep"
	"github.com/tilecheck/tilecheck/cute/cxx"
	"github.com/tilecheck/tilecheck/cute/laws"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

func init() {
	register("cute", command{
		summary: "check CuTe's layout algebra and TiledCopy: 'cute sweep', 'cute check', 'cute copy'",
		run:     runCute,
	})
}

const cuteUsage = `Usage: tilecheck cute sweep [flags]     sweep the layout algebra's laws over generated cases
       tilecheck cute check --case CASE   judge one case (the replay of a counterexample)
       tilecheck cute copy sweep|check    the same for TiledCopy (partition_S/D, copy_if)

Run 'tilecheck cute sweep --help' or 'tilecheck cute check --help' for flags and examples.
`

func runCute(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, cuteUsage)
		return exitUsage
	}
	switch args[0] {
	case "sweep":
		return runCuteSweep(ctx, args[1:], stdout, stderr)
	case "check":
		return runCuteCheck(ctx, args[1:], stdout, stderr)
	case "copy":
		return runCuteCopy(ctx, args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, cuteUsage)
		return exitPass
	}
	fmt.Fprintf(stderr, "tilecheck cute: unknown subcommand %q (want sweep, check or copy)\n", args[0])
	return exitUsage
}

// cuteSourceFlags choose where a CuTe case's answers come from.
type cuteSourceFlags struct {
	backend, include, cxxCompiler, nvcc, arch string
	cudaIncludes                              multiFlag
	fs                                        *flag.FlagSet
}

func (f *cuteSourceFlags) register(fs *flag.FlagSet) {
	f.fs = fs
	fs.StringVar(&f.backend, "backend", "go", "where answers come from: go (the Go model), host (your CuTe, compiled with the C++17 compiler) or gpu (your CuTe, compiled with nvcc and run on the GPU, one thread a case)")
	fs.StringVar(&f.include, "include", "", "the include `DIR` of your CUTLASS checkout (holding cute/layout.hpp); needs --backend host or gpu")
	fs.StringVar(&f.cxxCompiler, "cxx", "", "the host C++ `COMPILER` (default: $CXX, else g++)")
	fs.StringVar(&f.nvcc, "nvcc", "", "the CUDA `COMPILER` for --backend gpu (default: nvcc)")
	fs.StringVar(&f.arch, "arch", "sm_90", "GPU architecture for --backend gpu")
	fs.Var(&f.cudaIncludes, "cuda-include", "extra include `DIR` for CUDA's headers when they are not in /usr/include (repeatable)")
}

func (f *cuteSourceFlags) validate() []string {
	var problems []string
	switch f.backend {
	case "go":
		if f.include != "" || len(f.cudaIncludes) > 0 || f.cxxCompiler != "" {
			problems = append(problems, "--include, --cxx and --cuda-include need --backend host or gpu")
		}
	case "host", "gpu":
		if f.include == "" {
			problems = append(problems, fmt.Sprintf("--backend %s needs --include DIR (your CUTLASS checkout's include/)", f.backend))
		} else if st, err := os.Stat(f.include); err != nil || !st.IsDir() {
			problems = append(problems, fmt.Sprintf("--include %q: not a directory", f.include))
		}
	default:
		problems = append(problems, fmt.Sprintf("--backend %q: want go, host or gpu", f.backend))
	}
	if f.backend != "gpu" && f.fs != nil && (flagSet(f.fs, "arch") || flagSet(f.fs, "nvcc")) {
		problems = append(problems, "--arch and --nvcc need --backend gpu")
	}
	return problems
}

// source is the chosen source, and the flags that reach it again in a
// replay command.
func (f *cuteSourceFlags) source(progress func(string)) (cutesweep.Source, string) {
	if f.backend == "go" {
		return cutesweep.Model{}, ""
	}
	opt := cxx.Options{Include: f.include, CXX: f.cxxCompiler, CUDAInclude: f.cudaIncludes, Progress: progress}
	flags := "--backend " + f.backend + " --include " + shellQuote(f.include)
	if f.backend == "gpu" {
		opt.GPU, opt.NVCC, opt.Arch = true, f.nvcc, f.arch
		if f.arch != "sm_90" {
			flags += " --arch " + shellQuote(f.arch)
		}
	}
	return cxx.Source{Opt: opt}, flags
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// parseOps reads a comma-separated list of operations ("" is every one).
func parseOps(s string) ([]cute.Op, error) {
	if s == "" {
		return nil, nil
	}
	var ops []cute.Op
	for _, name := range strings.Split(s, ",") {
		op, err := cute.ParseOp(strings.TrimSpace(name))
		if err != nil {
			return nil, fmt.Errorf("--ops: %w", err)
		}
		ops = append(ops, op)
	}
	return ops, nil
}

const cuteSweepUsage = `Usage: tilecheck cute sweep [--preset quick|release] [--cases N] [--seed N] [--ops OP,...]
                            [--format text|md|json|junit|github|html] [--out FILE|-] [--verbose]
                            [--backend go|host|gpu [--include DIR] [--cxx COMPILER]
                             [--cuda-include DIR]... [--nvcc COMPILER] [--arch sm_90]]
                            [--static-every N] [--shard I/N] [--baseline FILE]

Draws CuTe layout-algebra cases with rapid, asks the source for each result and judges every
documented law on it (composition, coalesce, complement, the divides and products, the
inverses, max_common_vector, the swizzle); known-bad controls must be killed and coverage
floors met, or the evidence is weak. With --backend host or gpu the answers come from your
CUTLASS checkout's CuTe, compiled, and are also held to the Go model (law L-model).

Examples:
  tilecheck cute sweep                                  # the Go model, quick
  tilecheck cute sweep --ops composition,complement --format md
  tilecheck cute sweep --backend host --include ~/cutlass/include --format json --out cute.json

Cases, laws, compiled CuTe and GPUs: docs/cute.md. Shards and formats: docs/ci.md.
Exit status: 0 pass, 1 a law failed, 2 bad usage, 3 weak evidence, 4 internal error,
130 interrupted; a shard exits 0 (docs/cute.md#exit-status-and-bad-input).

Flags:
`

func runCuteSweep(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cute sweep", flag.ContinueOnError)
	var src cuteSourceFlags
	src.register(fs)
	preset := fs.String("preset", "quick", "how many cases: quick or release")
	ncases := fs.Int("cases", 0, "draw `N` cases, whatever the preset")
	seed := fs.Int64("seed", 1, "seed of the cases drawn; a seed gives the same report")
	opsText := fs.String("ops", "", "sweep only these operations (`OP,...`; default every one)")
	format := fs.String("format", "text", "report `FORMAT`: text, md, json, junit, github or html")
	out := fs.String("out", "", "write the report to `FILE` (-: stdout); its extension sets --format")
	verbose := fs.Bool("verbose", false, "text: every section; stderr: progress lines even when not a terminal")
	shardText := fs.String("shard", "", "judge only part `I/N` of the cases (merge the N JSON reports with tilecheck merge)")
	var known baselineFlag
	known.register(fs)
	staticEvery := fs.Int("static-every", -1, "also ask every `N`-th case with static integers, 0 for none (default: 1 for go, 25 for host and gpu)")
	if code, done := parseFlags(fs, args, cuteSweepUsage, stdout, stderr); done {
		return code
	}
	problems := src.validate()
	ops, err := parseOps(*opsText)
	if err != nil {
		problems = append(problems, err.Error())
	}
	shard, more := checkCuteSweepFlags("cute sweep", fs, cutesweep.PresetCases, *preset, *ncases, format, *out, *shardText)
	problems = append(problems, more...)
	problems = append(problems, known.load(shard.Count > 1)...)
	if len(problems) > 0 {
		return fail(stderr, "cute sweep", errors.New(strings.Join(problems, "; ")))
	}
	if *staticEvery < 0 {
		*staticEvery = 1
		if src.backend != "go" {
			*staticEvery = 25
		}
	}
	progress := newProgress(stderr, *verbose)
	say := cuteProgress(progress, progress.logf(*verbose, stderr, "tilecheck cute sweep: "))
	source, replayFlags := src.source(say)
	res, err := cutesweep.Run(ctx, cutesweep.Options{
		Source: source, Preset: *preset, Cases: *ncases, Seed: *seed, Ops: ops,
		StaticEvery: *staticEvery, ReplayFlags: replayFlags, Progress: say, Shard: shard,
	})
	progress.finish()
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "tilecheck cute sweep: interrupted before anything was judged") // what failed was the interruption
			return exitInterrupted
		}
		return fail(stderr, "cute sweep", err)
	}
	r := res.Report()
	m := &report.Matrix{Preset: r.Preset, Seed: r.Seed, Reports: []*report.Report{r}}
	return emitReport(ctx, "cute sweep", m, &known, true, true, reportStyle{format: *format, verbose: *verbose}, *out, stdout, stderr)
}

// cuteProgress turns a CuTe sweep's phase messages into progress: log
// lines with --verbose, else the terminal's progress line (the phases
// counted as steps).
func cuteProgress(p *progress, log func(string, ...any)) func(string) {
	step := 0
	return func(s string) {
		if log != nil {
			log("%s", s)
			return
		}
		step++
		p.update("cute sweep: "+s, step, step+1)
	}
}

const cuteCheckUsage = `Usage: tilecheck cute check --case CASE [--law ID] [--backend go|host|gpu [--include DIR] ...]

Judges one case: prints the source's answer and the Go model's, then every
law that judges the case's operation (or only --law ID). A case is written
as a sweep's counterexample writes it: op=NAME A=LAYOUT and the operands the
operation takes (B=LAYOUT, T=[L0;L1;...] a tiler, P=PROFILE, M=COTARGET,
S=Sw<B,M,S>), layouts in CuTe's notation ("(4,6,8):(2,3,5)"; "_4" for a
static integer).

Exit status: 0 every law holds, 1 a law failed, 2 bad usage or invalid input
(a case that does not parse, an unknown law), 4 internal error.

Examples:
  tilecheck cute check --case 'op=composition A=(4,6,8):(2,3,5) B=6:3'
  tilecheck cute check --case 'op=complement A=(2,2):(1,6) M=24' --law L-complement
  tilecheck cute check --backend host --include ~/cutlass/include \
    --case 'op=composition A=(_4,_6,_8):(_2,_3,_5) B=_6:_3'
  tilecheck cute check --backend gpu --include ~/cutlass/include \
    --case 'op=composition A=(4,6,8):(2,3,5) B=6:3'

Flags:
`

func runCuteCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cute check", flag.ContinueOnError)
	var src cuteSourceFlags
	src.register(fs)
	caseText := fs.String("case", "", "the `CASE` to judge, e.g. 'op=composition A=(4,6,8):(2,3,5) B=6:3'")
	lawID := fs.String("law", "", "judge only this law `ID` (default: every law of the operation)")
	if code, done := parseFlags(fs, args, cuteCheckUsage, stdout, stderr); done {
		return code
	}
	problems := src.validate()
	if *caseText == "" {
		problems = append(problems, "--case is required")
	}
	c, err := cute.ParseCase(*caseText)
	if *caseText != "" && err != nil {
		problems = append(problems, err.Error())
	}
	var only *laws.Property
	if *lawID != "" {
		if only = laws.ByID(*lawID); only == nil {
			problems = append(problems, fmt.Sprintf("--law %q: no such law (see 'tilecheck cute sweep' for their ids)", *lawID))
		}
	}
	if len(problems) > 0 {
		return fail(stderr, "cute check", errors.New(strings.Join(problems, "; ")))
	}
	source, _ := src.source(nil)
	res, err := cutesweep.Check(ctx, source, c, only)
	if err != nil {
		return fail(stderr, "cute check", err)
	}
	if err := res.WriteText(stdout); err != nil {
		return internalError(stderr, "cute check", err)
	}
	if res.Failed() {
		return exitFail
	}
	return exitPass
}

// checkCuteSweepFlags checks the flags the CuTe sweeps share (--preset
// among presets, --cases, --format against --out's extension, --out,
// --shard with JSON) and returns the shard and the problems, in the words
// of cmd. It settles "markdown" as "md" in format.
func checkCuteSweepFlags(cmd string, fs *flag.FlagSet, presets map[string]int, preset string, ncases int, format *string, out, shardText string) (sweep.Shard, []string) {
	var problems []string
	if _, ok := presets[preset]; !ok {
		problems = append(problems, fmt.Sprintf("--preset %q: want quick or release", preset))
	}
	if ncases < 0 {
		problems = append(problems, fmt.Sprintf("--cases %d: want a positive count", ncases))
	}
	if *format == "markdown" {
		*format = "md"
	}
	if !oneOf(*format, reportFormats...) {
		problems = append(problems, fmt.Sprintf("--format %q: want text, md, json, junit, github or html", *format))
	} else if err := outFormat(cmd, format, flagSet(fs, "format"), out, reportFormats); err != nil {
		problems = append(problems, err.Error())
	}
	if err := checkOut("--out", out); err != nil {
		problems = append(problems, err.Error())
	}
	var shard sweep.Shard
	if shardText != "" {
		var err error
		switch shard, err = sweep.ParseShard(shardText); {
		case err != nil:
			problems = append(problems, err.Error())
		case shard.Count > 1 && *format != "json":
			problems = append(problems, fmt.Sprintf("--shard %s: write the shard report with --format json (tilecheck merge reads it)", shardText))
		}
	}
	return shard, problems
}
