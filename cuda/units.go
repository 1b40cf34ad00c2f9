package cuda

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"slices"
	"sync"
	"time"
)

// units are one Run's translation units, batch by batch: each one's
// source, binary, output and error, built and run in parallel, and the
// time spent building and running them.
type units struct {
	opts     Options
	variants []Variant
	batches  [][]*plannedCase
	res      *Result // its build counts are the units'
	steps    *stepper
	srcs     [][]byte
	bins     []string
	outs     []*rawOutput
	errs     []error
	// rebuilding is set once the first builds are done: a compile failure
	// counts as a progress step only when its unit is built again.
	rebuilding bool

	mu                 sync.Mutex // guards res's build counts, bins, outs, errs and the times
	runTime, buildTime time.Duration
}

// newUnits generates every batch's source and counts the progress steps:
// one build and one run per unit, plus a user's headers' check, done.
func newUnits(opts Options, variants []Variant, batches [][]*plannedCase, res *Result) *units {
	u := &units{opts: opts, variants: variants, batches: batches, res: res, steps: &stepper{report: opts.Progress},
		srcs: make([][]byte, len(batches)), bins: make([]string, len(batches)),
		outs: make([]*rawOutput, len(batches)), errs: make([]error, len(batches))}
	u.steps.total.Store(int64(2 * len(batches)))
	if len(opts.Headers) > 0 {
		u.steps.total.Add(1)
		u.steps.step() // the preflight, done
	}
	for b := range batches {
		u.generate(b)
	}
	return u
}

// forEach calls f for every unit, concurrently when parallel, and returns
// when all calls have.
func (u *units) forEach(parallel bool, f func(b int)) {
	var wg sync.WaitGroup
	for b := range u.batches {
		if !parallel {
			f(b)
			continue
		}
		wg.Add(1)
		go func(b int) { defer wg.Done(); f(b) }(b)
	}
	wg.Wait()
}

// generate writes unit b's source.
func (u *units) generate(b int) {
	var src bytes.Buffer
	Generate(&src, u.batches[b], u.variants, u.opts.Headers)
	u.srcs[b] = src.Bytes()
}

// build compiles unit b (through the cache), keeping its binary or error.
func (u *units) build(ctx context.Context, b int) {
	t0 := time.Now()
	bin, cached, err := u.opts.Build(ctx, u.srcs[b])
	var ce *CompileError
	if u.rebuilding || !errors.As(err, &ce) {
		u.steps.step() // a compile failure counts when rebuilt
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	u.buildTime += time.Since(t0)
	u.res.Builds++
	if cached {
		u.res.CachedBuilds++
	}
	u.bins[b], u.errs[b] = bin, err
	u.opts.logf("built translation unit %d/%d (%d configurations) in %.1fs, cached=%v", b+1, len(u.batches), len(u.batches[b]), time.Since(t0).Seconds(), cached)
}

// buildAll compiles every unit in parallel.
func (u *units) buildAll(ctx context.Context) {
	u.forEach(true, func(b int) { u.build(ctx, b) })
}

// rebuildUncompilable treats a path that does not compile as a finding,
// not a crash: for each unit that failed to compile it finds the (variant,
// program) pairs responsible, lists them as unavailable with the
// compiler's first diagnostic, and builds the rest again. A unit whose
// failure cannot be attributed is built again as it was, so that its
// compile error is the run's.
func (u *units) rebuildUncompilable(ctx context.Context) {
	var failed []int
	for b, err := range u.errs {
		var ce *CompileError
		if errors.As(err, &ce) {
			failed = append(failed, b)
		}
	}
	if len(failed) == 0 {
		return
	}
	u.opts.logf("%d of %d translation units do not compile; attributing the failures", len(failed), len(u.batches))
	var wg sync.WaitGroup
	for _, b := range failed {
		wg.Add(1)
		go func(b int) {
			defer wg.Done()
			if err := u.opts.attributeBatch(ctx, u.batches[b], u.variants); err != nil {
				u.opts.logf("attribution: %v", err)
				return // the build below reports the compile error itself
			}
			u.generate(b)
		}(b)
	}
	wg.Wait()
	u.rebuilding = true
	u.forEach(true, func(b int) {
		if slices.Contains(failed, b) {
			u.build(ctx, b)
		}
	})
}

// sourceHashes are the SHA-256 of every unit's final source, in order.
func (u *units) sourceHashes() []string {
	var hashes []string
	for _, src := range u.srcs {
		sum := sha256.Sum256(src)
		hashes = append(hashes, hex.EncodeToString(sum[:]))
	}
	return hashes
}

// runAll runs every unit that built, until ctx is done: on the host in
// parallel, on the GPU one program at a time.
func (u *units) runAll(ctx context.Context) {
	u.forEach(u.opts.Backend != "gpu", func(b int) {
		defer u.steps.step()
		if u.errs[b] != nil || ctx.Err() != nil {
			return
		}
		t0 := time.Now()
		out, err := execute(ctx, u.bins[b], u.batches[b], u.opts)
		u.mu.Lock()
		defer u.mu.Unlock()
		u.runTime += time.Since(t0)
		u.outs[b], u.errs[b] = out, err
		u.opts.logf("ran translation unit %d/%d in %.1fs", b+1, len(u.batches), time.Since(t0).Seconds())
	})
}

// collect returns the first unit's error, keeping the tool output it left;
// without one, it reads every unit's output into the result: the capacity
// used and dropped, the harness's errors, the device and every case's
// traces.
func (u *units) collect() error {
	res := u.res
	for b, err := range u.errs {
		if err != nil {
			if u.outs[b] != nil {
				res.ToolOutput = append(res.ToolOutput, u.outs[b].Tool...)
			}
			return err
		}
	}
	for b, batch := range u.batches {
		out := u.outs[b]
		res.Reserved += out.Reserved
		res.Capacity += out.Capacity
		res.Errors = append(res.Errors, out.Errors...)
		res.ToolOutput = append(res.ToolOutput, out.Tool...)
		for k, v := range out.Device {
			res.Device[k] = v
		}
		for _, pc := range batch {
			observe(pc, u.variants, out, res)
		}
	}
	if res.Reserved > res.Capacity {
		res.Dropped = res.Reserved - res.Capacity
	}
	return nil
}
