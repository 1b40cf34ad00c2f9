package cuda

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/tilecheck/tilecheck/report"
)

// Options configure a compiled run.
type Options struct {
	Toolchain
	Variants []Variant // default: Renditions()
	Headers  []string  // extra headers to include (a user's CUTLASS)
	Batches  int       // translation units compiled in parallel; default: CPUs
	// Wrap, when set, runs each built program under another command (for
	// compute-sanitizer): it returns the argv to execute.
	Wrap func(bin string) []string
	// Log, when set, receives progress lines.
	Log func(format string, args ...any)
	// Progress, when set, is told done of total steps after each one: the
	// check that a user's headers compile, one build and one run per
	// translation unit. The total is counted before the first build and
	// never grows (a unit rebuilt after attributing a compile failure
	// counts once, when its last build ends).
	Progress func(done, total int)
}

func (o Options) logf(format string, args ...any) {
	if o.Log != nil {
		o.Log(format, args...)
	}
}

// stepper counts Options.Progress steps from several goroutines.
type stepper struct {
	report      func(done, total int)
	done, total atomic.Int64
}

func (s *stepper) step() {
	if s.report != nil {
		s.report(int(s.done.Add(1)), int(s.total.Load()))
	}
}

// Run plans the cases, generates, builds and runs them, and returns the
// traces and raw facts they left (Result.Runs): it judges nothing and
// counts no access (the judging layer, package probe, does).
func Run(ctx context.Context, cases []Case, opts Options) (*Result, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	variants := opts.Variants
	if len(variants) == 0 {
		variants = Renditions()
	}
	res := newResult(opts, variants)
	opts.logToolchain()
	planned := planCases(res, cases, variants, opts.Backend == "gpu")
	if len(planned) == 0 {
		return res, noneProbed(res.Skipped)
	}
	if len(opts.Headers) > 0 {
		var err error
		if planned, err = opts.leaveOutUndeclared(ctx, res, variants, planned); err != nil {
			return res, err
		}
		if len(planned) == 0 {
			return res, noneProbed(res.Skipped)
		}
	}
	u := newUnits(opts, variants, splitBatches(planned, opts.Batches), res)
	u.buildAll(ctx)
	u.rebuildUncompilable(ctx)
	res.SourceSHA256 = u.sourceHashes()
	for _, pc := range planned {
		res.countUnavailable(pc, variants)
	}
	u.runAll(ctx)
	res.RunSeconds = u.runTime.Seconds()
	res.BuildSeconds = u.buildTime.Seconds()
	return res, u.collect()
}

// newResult is a run's result before anything is planned: the back end,
// the harness's hash and one entry per variant, in order.
func newResult(opts Options, variants []Variant) *Result {
	res := &Result{ProbeResult: report.ProbeResult{Backend: opts.Backend, HeaderSHA256: HeaderHash(), Device: map[string]string{}}, compiled: map[traceKey][]compiledThread{}, why: map[traceKey]string{}}
	for _, v := range variants {
		res.Variants = append(res.Variants, report.ProbeVariant{Label: v.Label(), Model: v.Model, Namespace: v.Namespace, Role: v.Role})
	}
	return res
}

// logToolchain logs how the units will be compiled: the command, and what
// host checks and a user's headers add to it.
func (o Options) logToolchain() {
	o.logf("compiler: %s", o.BuildCommand())
	if o.Backend == "gpu" {
		o.logf("host checks of failing units add nvcc's include directories: %v", nvccIncludeDirs(o.compiler()))
	}
	if len(o.Headers) > 0 {
		o.logf("your headers are included after %s (what nvcc declares implicitly, for host builds)", hostPrelude)
	}
}

// planCases plans every case, listing those that cannot be planned as
// skipped with their reason and counting the configurations and programs
// of the rest.
func planCases(res *Result, cases []Case, variants []Variant, strictAlign bool) []*plannedCase {
	var planned []*plannedCase
	for i, c := range cases {
		pc, why := plan(i, c, variants, strictAlign)
		if pc == nil {
			res.Skipped = append(res.Skipped, report.ProbeSkip{Config: c.Config.String(), Reason: why})
			continue
		}
		planned = append(planned, pc)
		res.Configs++
		res.Programs += len(pc.Programs)
	}
	return planned
}

// leaveOutUndeclared checks, before anything is instantiated, that a
// user's headers compile and declare the namespace and classes the units
// name, and leaves out the cases of element types they lack. A missing
// CUDA include, a wrong --include or a typo in --namespace would fail
// every unit the same way: it is said once, as the error.
func (o Options) leaveOutUndeclared(ctx context.Context, res *Result, variants []Variant, planned []*plannedCase) ([]*plannedCase, error) {
	lacks, err := o.preflight(ctx, variants, planned)
	if err != nil {
		return planned, err
	}
	return leaveOutLacking(res, planned, lacks), nil
}

// splitBatches deals cases into at most n translation units by a hash of
// the configuration, so a case stays in the same unit when others are added
// or removed and the build cache keeps hitting as presets grow.
func splitBatches(cases []*plannedCase, n int) [][]*plannedCase {
	if n <= 0 {
		n = runtime.NumCPU()
	}
	n = max(1, min(n, len(cases)))
	buckets := make([][]*plannedCase, n)
	for _, c := range cases {
		h := fnv.New32a()
		h.Write([]byte(c.Config.String()))
		b := int(h.Sum32() % uint32(n))
		buckets[b] = append(buckets[b], c)
	}
	out := buckets[:0]
	for _, b := range buckets {
		if len(b) > 0 {
			out = append(out, b)
		}
	}
	return out
}

func execute(ctx context.Context, bin string, batch []*plannedCase, opts Options) (*rawOutput, error) {
	argv := []string{bin}
	if opts.Wrap != nil {
		argv = opts.Wrap(bin)
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	KillGroupOnCancel(cmd) // compute-sanitizer runs the program as a child
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if opts.Wrap != nil {
		// Wrapping tools report on stdout and stderr alike.
		stdout.WriteString("\n")
		for _, l := range bytes.Split(stderr.Bytes(), []byte("\n")) {
			if bytes.HasPrefix(l, []byte("=========")) {
				stdout.Write(l)
				stdout.WriteString("\n")
			}
		}
	}
	out := newRawOutput()
	count := func(local int) int {
		if local < 0 || local >= len(batch) {
			return 0
		}
		return int(batch[local].Count)
	}
	if perr := out.parse(&stdout, count); perr != nil {
		return nil, perr
	}
	out.renumber(batch)
	if err != nil {
		return out, fmt.Errorf("probe program %s failed: %v: %s %s", bin, err, firstLines(stderr.String(), 5), firstLines(fmt.Sprint(out.Errors), 3))
	}
	if !out.sawEnd {
		return out, fmt.Errorf("probe program %s ended without its summary line", bin)
	}
	return out, nil
}

func firstLines(s string, n int) string {
	lines := bytes.SplitN([]byte(s), []byte("\n"), n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return string(bytes.Join(lines, []byte(" | ")))
}

// LacksElement begins the skip reason of a configuration whose element type
// your headers do not declare (the 6-bit floats before CUTLASS 4): the tree
// cannot express it, so it is left out, not reported as a finding.
const LacksElement = "your headers have no element type "

// leaveOutLacking moves the planned cases whose element type is in lacks
// (element name to C++ type) to the result's skipped configurations.
func leaveOutLacking(res *Result, planned []*plannedCase, lacks map[string]string) []*plannedCase {
	if len(lacks) == 0 {
		return planned
	}
	kept := planned[:0]
	for _, pc := range planned {
		if t, ok := lacks[pc.Config.Elem.Name]; ok {
			res.Skipped = append(res.Skipped, report.ProbeSkip{Config: pc.Config.String(), Reason: LacksElement + t + ": left out"})
			res.Configs--
			res.Programs -= len(pc.Programs)
			continue
		}
		kept = append(kept, pc)
	}
	return kept
}

// noneProbed is the error of a run that every configuration skipped, with
// the distinct reasons, so that a user sees what to change.
func noneProbed(skipped []report.ProbeSkip) error {
	var reasons []string
	for _, sk := range skipped {
		if !slices.Contains(reasons, sk.Reason) {
			reasons = append(reasons, sk.Reason)
		}
	}
	return fmt.Errorf("no configuration can be probed (%d skipped: %s)", len(skipped), strings.Join(reasons, "; "))
}
