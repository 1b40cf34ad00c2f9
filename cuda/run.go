package cuda

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

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
	res := &Result{ProbeResult: report.ProbeResult{Backend: opts.Backend, HeaderSHA256: HeaderHash(), Device: map[string]string{}}, compiled: map[traceKey][]compiledThread{}, why: map[traceKey]string{}}
	for _, v := range variants {
		res.Variants = append(res.Variants, report.ProbeVariant{Label: v.Label(), Model: v.Model, Namespace: v.Namespace, Role: v.Role})
	}
	opts.logf("compiler: %s", opts.BuildCommand())
	if opts.Backend == "gpu" {
		opts.logf("host checks of failing units add nvcc's include directories: %v", nvccIncludeDirs(opts.compiler()))
	}
	if len(opts.Headers) > 0 {
		opts.logf("your headers are included after %s (what nvcc declares implicitly, for host builds)", hostPrelude)
	}
	var planned []*plannedCase
	for i, c := range cases {
		pc, why := plan(i, c, variants, opts.Backend == "gpu")
		if pc == nil {
			res.Skipped = append(res.Skipped, report.ProbeSkip{Config: c.Config.String(), Reason: why})
			continue
		}
		planned = append(planned, pc)
		res.Configs++
		res.Programs += len(pc.Programs)
	}
	if len(planned) == 0 {
		return res, noneProbed(res.Skipped)
	}
	if len(opts.Headers) > 0 {
		// A user's headers: do they compile, and declare the namespace and
		// classes the units name, before anything is instantiated? If not
		// (a missing CUDA include, a wrong --include, a typo in
		// --namespace), every unit would fail the same way: say so once.
		lacks, err := opts.preflight(ctx, variants, planned)
		if err != nil {
			return res, err
		}
		planned = leaveOutLacking(res, planned, lacks)
		if len(planned) == 0 {
			return res, noneProbed(res.Skipped)
		}
	}
	batches := splitBatches(planned, opts.Batches)
	steps := &stepper{report: opts.Progress}
	steps.total.Store(int64(2 * len(batches)))
	if len(opts.Headers) > 0 {
		steps.total.Add(1)
		steps.step() // the preflight, done
	}
	outs := make([]*rawOutput, len(batches))
	errs := make([]error, len(batches))
	bins := make([]string, len(batches))
	var mu sync.Mutex
	var runTime, buildTime time.Duration
	// Build every translation unit in parallel, then run: on the host in
	// parallel too, on the GPU one program at a time.
	forEach := func(parallel bool, f func(b int)) {
		var wg sync.WaitGroup
		for b := range batches {
			if !parallel {
				f(b)
				continue
			}
			wg.Add(1)
			go func(b int) { defer wg.Done(); f(b) }(b)
		}
		wg.Wait()
	}
	srcs := make([][]byte, len(batches))
	generate := func(b int) {
		var src bytes.Buffer
		Generate(&src, batches[b], variants, opts.Headers)
		srcs[b] = src.Bytes()
	}
	rebuilding := false
	build := func(b int) {
		t0 := time.Now()
		bin, cached, err := opts.Build(ctx, srcs[b])
		var ce *CompileError
		if rebuilding || !errors.As(err, &ce) {
			steps.step() // a compile failure counts when rebuilt below
		}
		mu.Lock()
		defer mu.Unlock()
		buildTime += time.Since(t0)
		res.Builds++
		if cached {
			res.CachedBuilds++
		}
		bins[b], errs[b] = bin, err
		opts.logf("built translation unit %d/%d (%d configurations) in %.1fs, cached=%v", b+1, len(batches), len(batches[b]), time.Since(t0).Seconds(), cached)
	}
	for b := range batches {
		generate(b)
	}
	forEach(true, build)
	// A path that does not compile is a finding, not a crash: find the
	// (variant, program) pairs responsible, list them as unavailable with
	// the compiler's first diagnostic, and build the rest again.
	var failed []int
	for b, err := range errs {
		var ce *CompileError
		if errors.As(err, &ce) {
			failed = append(failed, b)
		}
	}
	if len(failed) > 0 {
		opts.logf("%d of %d translation units do not compile; attributing the failures", len(failed), len(batches))
		var wg sync.WaitGroup
		for _, b := range failed {
			wg.Add(1)
			go func(b int) {
				defer wg.Done()
				if err := opts.attributeBatch(ctx, batches[b], variants); err != nil {
					opts.logf("attribution: %v", err)
					return // the build below reports the compile error itself
				}
				generate(b)
			}(b)
		}
		wg.Wait()
		rebuilding = true
		forEach(true, func(b int) {
			if slices.Contains(failed, b) {
				build(b)
			}
		})
	}
	for _, src := range srcs {
		sum := sha256.Sum256(src)
		res.SourceSHA256 = append(res.SourceSHA256, hex.EncodeToString(sum[:]))
	}
	for _, pc := range planned {
		res.countUnavailable(pc, variants)
	}
	forEach(opts.Backend != "gpu", func(b int) {
		defer steps.step()
		if errs[b] != nil || ctx.Err() != nil {
			return
		}
		t0 := time.Now()
		out, err := execute(ctx, bins[b], batches[b], opts)
		mu.Lock()
		defer mu.Unlock()
		runTime += time.Since(t0)
		outs[b], errs[b] = out, err
		opts.logf("ran translation unit %d/%d in %.1fs", b+1, len(batches), time.Since(t0).Seconds())
	})
	res.RunSeconds = runTime.Seconds()
	res.BuildSeconds = buildTime.Seconds()
	for b, err := range errs {
		if err != nil {
			if outs[b] != nil {
				res.ToolOutput = append(res.ToolOutput, outs[b].Tool...)
			}
			return res, err
		}
	}
	for b, batch := range batches {
		out := outs[b]
		res.Reserved += out.Reserved
		res.Capacity += out.Capacity
		res.Errors = append(res.Errors, out.Errors...)
		res.ToolOutput = append(res.ToolOutput, out.Tool...)
		for k, v := range out.Device {
			res.Device[k] = v
		}
		for _, pc := range batch {
			observe(pc, variants, out, res)
		}
	}
	if res.Reserved > res.Capacity {
		res.Dropped = res.Reserved - res.Capacity
	}
	return res, nil
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
