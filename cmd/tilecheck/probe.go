package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/sweep"
)

func init() {
	register("probe", command{
		summary: "confirm the Go models against compiled C++ (host compiler or GPU)",
		run:     runProbe,
	})
}

const probeUsage = `Usage: tilecheck probe [--backend host|gpu] [--arch sm_90] [--preset NAME]
                       [--iterator NAME] [--include DIR --namespace NS [--header H]...]
                       [--cuda-include DIR]... [--format text|md|json] [--out FILE] [--jobs N]

Generates one C++ translation unit per batch that instantiates
RegularTileIterator for every configuration of the preset, runs every op
program on every thread, recovers each access's address from the bytes it
moved (digit passes: the code under test is never asked), and compares every
access with the Go model of the same name. The controls C-load-div and
C-pitch-plus-one and a layout-only identity copy are compiled into the same
program: the controls must differ from the reference, the identity copy must
not.

Presets: representative (the probe's own list: SPEC worked examples, every
width class, map, layout and rank), or quick, release, exhaustive (the
configurations a sweep of that preset generates, with the probe's programs).

Your own CUTLASS: --include DIR --namespace cutlass instantiates
cutlass::transform::threadblock::RegularTileIterator from DIR (its include/
directory) and compares it with the Go model --iterator (default cutlass).
The host build of CUTLASS also needs the CUDA toolkit's headers:
--cuda-include /usr/local/cuda/include.

Classes: --class all (the default) also probes the rest of the family of
SPEC §10 (RegularTileAccessIterator, PredicatedTileAccessIterator,
PredicatedTileIterator, pitch-linear) on configurations from the family
generator: every accesses() pass's get() and valid(), every predicated
load's and store's guards and addresses. With --namespace the default is
RegularTileIterator; name the family classes to probe them in your headers.

Exit status: 0 every access agrees, 1 a disagreement (or dropped records),
2 bad usage or the compiler is missing, 3 weak evidence (a control showed no
mismatch, or the identity copy showed one).

Examples:
  tilecheck probe                                     # host g++, all renditions
  tilecheck probe --preset quick --format json --out probe.json
  tilecheck probe --backend gpu --arch sm_90
  tilecheck probe --include ~/cutlass/include --namespace cutlass --cuda-include /usr/local/cuda/include

Flags:
`

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

type probeFlags struct {
	backend, arch, preset, iterator, include, namespace, format, out string
	class                                                            string
	headers, cudaIncludes                                            multiFlag
	jobs                                                             int
	verbose                                                          bool
}

func (f *probeFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.backend, "backend", "host", "where the compiled code runs: host (C++17 compiler) or gpu (nvcc)")
	fs.StringVar(&f.arch, "arch", "sm_90", "GPU architecture for --backend gpu")
	fs.StringVar(&f.preset, "preset", "representative", "cases: representative, quick, release or exhaustive")
	fs.StringVar(&f.iterator, "iterator", "", "Go model `NAME` to compare with (default: every built-in rendition)")
	fs.StringVar(&f.include, "include", "", "include `DIR` of your own iterator headers (e.g. a CUTLASS checkout's include/)")
	fs.StringVar(&f.namespace, "namespace", "", "C++ namespace of your headers (e.g. cutlass); needs --include")
	fs.Var(&f.headers, "header", "header to include from --include (repeatable; default: CUTLASS's)")
	fs.Var(&f.cudaIncludes, "cuda-include", "extra include `DIR` for the build, e.g. the CUDA toolkit's (repeatable)")
	fs.StringVar(&f.format, "format", "text", "report format: text, md or json")
	fs.StringVar(&f.out, "out", "", "write the report to `FILE`")
	fs.IntVar(&f.jobs, "jobs", 0, "translation units compiled in parallel (0: one per core)")
	fs.BoolVar(&f.verbose, "verbose", false, "log the compiler command (flags and pre-includes chosen for your headers), builds and runs on stderr")
	fs.StringVar(&f.class, "class", "", classFlagHelp+" (default: all; RegularTileIterator with --namespace)")
}

func (f *probeFlags) validate() []string {
	var problems []string
	if f.backend != "host" && f.backend != "gpu" {
		problems = append(problems, fmt.Sprintf("--backend %q: want host or gpu", f.backend))
	}
	if !oneOf(f.preset, "representative", "quick", "release", "exhaustive") {
		problems = append(problems, fmt.Sprintf("--preset %q: want representative, quick, release or exhaustive", f.preset))
	}
	if f.format == "markdown" {
		f.format = "md"
	}
	if !oneOf(f.format, "text", "md", "json") {
		problems = append(problems, fmt.Sprintf("--format %q: want text, md or json", f.format))
	}
	if (f.include == "") != (f.namespace == "") {
		problems = append(problems, "--include and --namespace go together (your headers' directory and their namespace)")
	}
	if f.jobs < 0 {
		problems = append(problems, fmt.Sprintf("--jobs %d: want 0 or more", f.jobs))
	}
	if f.class == "" {
		f.class = "all"
		if f.namespace != "" {
			f.class = "RegularTileIterator"
		}
	}
	if _, err := parseClasses(f.class); err != nil {
		problems = append(problems, err.Error())
	}
	if f.include != "" {
		if st, err := os.Stat(f.include); err != nil || !st.IsDir() {
			problems = append(problems, fmt.Sprintf("--include %q: not a directory", f.include))
		}
	}
	return problems
}

// options turns the flags into the probe's options.
func (f *probeFlags) options() (cuda.Options, error) {
	variants, err := cuda.VariantsFor(f.iterator, f.namespace)
	if err != nil {
		return cuda.Options{}, err
	}
	opts := cuda.Options{
		Toolchain: cuda.Toolchain{Backend: f.backend, Arch: f.arch},
		Variants:  variants,
		Batches:   f.jobs,
	}
	if f.include != "" {
		opts.IncludeDirs = append(opts.IncludeDirs, f.include)
		opts.Headers = f.headers
		if len(opts.Headers) == 0 {
			opts.Headers = cuda.CutlassHeaders
			if classes, _ := parseClasses(f.class); hasFamily(classes) {
				opts.Headers = cuda.DefaultCutlassHeaders(f.backend)
			}
		}
	}
	opts.IncludeDirs = append(opts.IncludeDirs, f.cudaIncludes...)
	return opts, nil
}

func runProbe(args []string, stdout, stderr io.Writer) int {
	var f probeFlags
	fs := flag.NewFlagSet("probe", flag.ContinueOnError)
	f.register(fs)
	if code, done := parseCommandFlags(fs, probeUsage, args, stdout, stderr); done {
		return code
	}
	if fs.NArg() > 0 {
		return fail(stderr, "probe", fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	if problems := f.validate(); len(problems) > 0 {
		return fail(stderr, "probe", errors.New(strings.Join(problems, "; ")))
	}
	opts, err := f.options()
	if err != nil {
		return fail(stderr, "probe", err)
	}
	if err := opts.Check(); err != nil {
		return fail(stderr, "probe", err)
	}
	classes, _ := parseClasses(f.class)
	cases, err := probeClassCases(f.preset, classes)
	if err != nil {
		return fail(stderr, "probe", err)
	}
	if f.verbose {
		opts.Log = func(format string, args ...any) { fmt.Fprintf(stderr, "tilecheck probe: "+format+"\n", args...) }
	}
	res, err := cuda.Run(context.Background(), cases, opts)
	if err != nil {
		var ce *cuda.CompileError
		if errors.As(err, &ce) {
			fmt.Fprintf(stderr, "tilecheck probe: %v\n", err)
			return exitUsage
		}
		return fail(stderr, "probe", err)
	}
	w, closeOut, err := openOut(f.out, stdout)
	if err != nil {
		return fail(stderr, "probe", err)
	}
	defer closeOut()
	if f.format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(probeReport{Tool: "tilecheck", Version: Version, Preset: f.preset, Result: res, Controls: res.Controls(), OK: res.OK()}); err != nil {
			return fail(stderr, "probe", err)
		}
	} else if f.format == "md" {
		fmt.Fprintf(w, "## tilecheck probe — backend %s, preset %s\n\n%d configurations, %d programs; records %d reserved, %d dropped; C++ headers sha256 `%s`.\n\n",
			res.Backend, f.preset, res.Configs, res.Programs, res.Reserved, res.Dropped, res.HeaderSHA256)
		res.WriteMarkdownTables(w, res.Controls())
	} else {
		writeProbeText(w, f.preset, res)
	}
	return probeExit(res)
}

// probeReport is the JSON form of a probe run.
type probeReport struct {
	Tool     string                `json:"tool"`
	Version  string                `json:"version"`
	Preset   string                `json:"preset"`
	OK       bool                  `json:"ok"`
	Controls []cuda.ControlOutcome `json:"controls"`
	*cuda.Result
}

func probeExit(res *cuda.Result) int {
	if !res.OK() {
		return exitFail
	}
	for _, c := range res.Controls() {
		if !c.OK {
			return exitWeak
		}
	}
	return exitPass
}

func openOut(path string, stdout io.Writer) (io.Writer, func(), error) {
	if path == "" {
		return stdout, func() {}, nil
	}
	fh, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	return fh, func() { fh.Close() }, nil
}

func writeProbeText(w io.Writer, preset string, res *cuda.Result) {
	fmt.Fprintf(w, "tilecheck probe — backend %s, preset %s: %d configurations, %d programs (%d skipped configurations, %d variant-program pairs not run)\n\n",
		res.Backend, preset, res.Configs, res.Programs, len(res.Skipped), res.Unavailable)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "variant\tnamespace\trole\taccesses\tmismatches\tvs reference\tstore round trips (failed/predicted/unexpected)\tload round trips (failed/predicted/unexpected)")
	for _, v := range res.Variants {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%d: %d/%d/%d\t%d: %d/%d/%d\n", v.Label, v.Namespace, v.Role, v.Accesses, v.Mismatches, v.VsReference,
			v.StoreRoundTrip.Cases, v.StoreRoundTrip.Failed, v.StoreRoundTrip.Predicted, v.StoreRoundTrip.Unexpected,
			v.LoadRoundTrip.Cases, v.LoadRoundTrip.Failed, v.LoadRoundTrip.Predicted, v.LoadRoundTrip.Unexpected)
	}
	tw.Flush()
	for _, v := range res.Variants {
		for _, m := range v.Examples {
			fmt.Fprintf(w, "\nMISMATCH %s: config %q ops %q thread %d op %d access %d: Go model %d, compiled %d %s",
				v.Label, m.Config, m.Ops, m.Thread, m.Op, m.Access, m.Expected, m.Actual, m.Detail)
		}
		for _, e := range append(v.StoreRoundTrip.Examples, v.LoadRoundTrip.Examples...) {
			if strings.HasPrefix(e, "UNEXPECTED") {
				fmt.Fprintf(w, "\nROUND TRIP %s: %s", v.Label, e)
			}
		}
	}
	fmt.Fprintln(w, "\n\nControls (same binary, same launch):")
	for _, c := range res.Controls() {
		status := "ok"
		if !c.OK {
			status = "WEAK"
		}
		fmt.Fprintf(w, "  %-18s must %s: %s (%s)\n", c.Variant, c.Must, status, c.Detail)
	}
	fmt.Fprintf(w, "Records: %d reserved, capacity %d, dropped %d.\n", res.Reserved, res.Capacity, res.Dropped)
	fmt.Fprintf(w, "C++ sources: headers sha256 %s; %d translation units (%d built, %d cached), build %.1fs, run %.1fs.\n",
		res.HeaderSHA256, len(res.SourceSHA256), res.Builds-res.CachedBuilds, res.CachedBuilds, res.BuildSeconds, res.RunSeconds)
	if len(res.Skipped) > 0 {
		reasons := map[string]int{}
		for _, s := range res.Skipped {
			r := s.Reason
			if i := strings.Index(r, " ("); i > 0 {
				r = r[:i]
			}
			reasons[r]++
		}
		keys := slices.Sorted(maps.Keys(reasons))
		fmt.Fprintln(w, "Skipped configurations:")
		for _, k := range keys {
			fmt.Fprintf(w, "  %3d  %s\n", reasons[k], k)
		}
	}
	if len(res.Uncompilable) > 0 {
		fmt.Fprintln(w, "Paths that do not compile when instantiated (listed, not run):")
		for _, u := range res.Uncompilable {
			fmt.Fprintf(w, "  %s\n", u)
		}
	}
	for _, e := range res.Errors {
		fmt.Fprintf(w, "ERROR: %s\n", e)
	}
	if res.OK() {
		fmt.Fprintln(w, "Verdict: every compiled access agrees with its Go model.")
	} else {
		fmt.Fprintln(w, "Verdict: the compiled code and the Go models DISAGREE (see above).")
	}
}

// probeCases are the cases of a preset: the probe's representative list, or
// every configuration a sweep of the preset asks a trace source for (seen
// through a recording source, so the probe follows the sweep's generator
// exactly), each with the probe's programs and round trips.
func probeCases(preset string) ([]cuda.Case, error) {
	if preset == "representative" {
		return cuda.RepresentativeCases(), nil
	}
	ref, err := iterator.ModelByName("reference")
	if err != nil {
		return nil, err
	}
	rec := &recordingSource{Source: props.ModelSource(ref), seen: map[string]iterator.Config{}}
	if _, err := sweep.Run(sweep.Options{Iterator: "reference", Preset: preset, Source: rec}); err != nil {
		return nil, fmt.Errorf("listing the %s preset: %v", preset, err)
	}
	keys := slices.Sorted(maps.Keys(rec.seen))
	cfgs := make([]iterator.Config, 0, len(keys))
	for _, k := range keys {
		cfgs = append(cfgs, rec.seen[k])
	}
	progs, err := cuda.ProbePrograms()
	if err != nil {
		return nil, err
	}
	return cuda.CasesFrom(cfgs, progs), nil
}

// recordingSource answers with a Go model and remembers every
// configuration it was asked about.
type recordingSource struct {
	props.Source
	mu   sync.Mutex
	seen map[string]iterator.Config
}

func (r *recordingSource) Traces(reqs []props.Request) ([]props.Response, error) {
	r.mu.Lock()
	for _, q := range reqs {
		if q.Config.Class == iterator.RegularTile {
			r.seen[q.Config.String()] = q.Config
		}
	}
	r.mu.Unlock()
	return r.Source.Traces(reqs)
}
