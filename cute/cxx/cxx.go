// Package cxx makes the user's real CuTe (the cute/ headers of a CUTLASS
// checkout) answer cute.Case values: it renders cases as C++, builds them
// with the cuda package's cached toolchain, runs the programs and reads
// what cute::print and CuTe's own operator() printed back into
// cute.Answer.
//
// Cases of one structural profile (operation, nesting of the operands,
// which integers are static and the static ones' values) share one
// compiled function; their dynamic integers are read at run time, so one
// program answers thousands of dynamic cases. A static case is its own
// function. CuTe's refusals become rejections, case by case: a
// static_assert or other compile error is blamed on the case whose
// function the compiler's instantiation context names, and the program is
// rebuilt without it; a crash (SIGFPE from a division by zero in dynamic
// CuTe code, an abort) or hang is blamed on the case the program had begun
// and not ended, and the program is restarted at the next case.
package cxx

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/cute"
)

// Options say which CuTe to ask and how.
type Options struct {
	Include     string   // the CUTLASS include directory, holding cute/layout.hpp
	CXX         string   // the host compiler; empty: $CXX, else g++
	CUDAInclude []string // extra -I directories (CUDA's headers when not in /usr/include)
	CacheDir    string   // the build cache; empty: cuda.DefaultCacheDir()
	Ints        IntMode  // how integers are rendered; AsMarked by default
	Cap         int64    // how many of a result's values are computed; 0: 1024
	Jobs        int      // parallel builds and runs; 0: the number of CPUs
	CaseTimeout time.Duration
	// ChunkSize is how many distinct functions one translation unit holds;
	// 0: 48. Smaller units build in parallel and a failed one rebuilds less.
	ChunkSize int
	Progress  func(string) // told of each unit built and run; may be nil

	// GPU builds the same functions with nvcc and runs each case in its
	// own CUDA thread (include/tilecheck_cute_gpu.h says how); the host
	// compiler (CXX) is still used to blame a compile error that nvcc's
	// diagnostics leave unattributed.
	GPU  bool
	NVCC string // the CUDA compiler for GPU; empty: nvcc
	Arch string // nvcc's -arch for GPU; empty: sm_90
}

// Answer asks CuTe for each case: one answer per case, in order. A case CuTe
// refuses (compile error, crash, hang) is answered with Rejected set; the
// error is for infrastructure failures alone (no compiler, no CuTe under
// Include, a build error no case can be blamed for, a program that cannot
// run).
func Answer(ctx context.Context, opt Options, cases []cute.Case) ([]cute.Answer, error) {
	if opt.Cap <= 0 {
		opt.Cap = 1024
	}
	if opt.Jobs <= 0 {
		opt.Jobs = runtime.NumCPU()
	}
	if opt.CaseTimeout <= 0 {
		opt.CaseTimeout = 10 * time.Second
	}
	if opt.ChunkSize <= 0 {
		opt.ChunkSize = 48
	}
	nb, err := NewBuilder(ctx, opt)
	if err != nil {
		return nil, err
	}
	b := nb.b

	answers := make([]cute.Answer, len(cases))
	// Distinct entries, in a fixed order (by body) so that the same set of
	// profiles makes the same translation units: the cache finds them.
	index := map[entry]int{}
	var entries []entry
	rs := make([]rendered, len(cases))
	for i, c := range cases {
		r, err := render(c, opt.Ints)
		if err != nil {
			answers[i].Rejected = "not rendered: " + err.Error()
			continue
		}
		rs[i] = r
		if _, ok := index[r.entry]; !ok {
			index[r.entry] = -1
			entries = append(entries, r.entry)
		}
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].body < entries[j].body })
	for i, e := range entries {
		index[e] = i
	}
	nchunks := (len(entries) + opt.ChunkSize - 1) / opt.ChunkSize
	reqs := make([][]request, nchunks)
	for i := range cases {
		if answers[i].Rejected != "" {
			continue
		}
		e := index[rs[i].entry]
		reqs[e/opt.ChunkSize] = append(reqs[e/opt.ChunkSize], request{label: i, slot: e % opt.ChunkSize, vals: rs[i].vals})
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex
	var firstErr error
	sem := make(chan struct{}, opt.Jobs)
	var wg sync.WaitGroup
	for k := 0; k < nchunks; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			chunk := entries[k*opt.ChunkSize : min(len(entries), (k+1)*opt.ChunkSize)]
			err := answerChunk(ctx, b, opt, k, nchunks, chunk, reqs[k], cases, answers)
			if err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
					cancel()
				}
				mu.Unlock()
			}
		}(k)
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return answers, ctx.Err()
}

// builderFor is the builder opt asks for, with CuTe under inc: g++ (or
// CXX), or nvcc with the host compiler beside it.
func builderFor(opt Options, inc string) builder {
	host := cuda.Toolchain{Backend: "host", Compiler: opt.CXX, IncludeDirs: append([]string{inc}, opt.CUDAInclude...), CacheDir: opt.CacheDir}
	if !opt.GPU {
		return builder{tc: host}
	}
	gpu := cuda.Toolchain{Backend: "gpu", Compiler: opt.NVCC, Arch: opt.Arch, IncludeDirs: host.IncludeDirs, CacheDir: opt.CacheDir}
	return builder{tc: gpu, gpu: true, host: host}
}

// answerChunk builds one translation unit and answers its requests,
// writing only the answers of its own requests' cases.
func answerChunk(ctx context.Context, b builder, opt Options, k, n int, chunk []entry, reqs []request, cases []cute.Case, answers []cute.Answer) error {
	started := time.Now()
	p, err := buildEntries(ctx, b, chunk)
	if err != nil {
		return err
	}
	built := time.Since(started)
	var live []request
	for _, r := range reqs {
		if msg := p.rejected[r.slot]; msg != "" {
			answers[r.label].Rejected = msg
			continue
		}
		r.slot = p.slot[r.slot]
		live = append(live, r)
	}
	var replies map[int]*reply
	fellBack := false
	if b.gpu {
		replies, fellBack, err = serveGPU(ctx, p.bin, opt.Cap, opt.CaseTimeout, live)
	} else {
		replies, err = serve(ctx, p.bin, []string{strconv.FormatInt(opt.Cap, 10)}, 0, opt.CaseTimeout, live, false)
	}
	if err != nil {
		return err
	}
	for _, r := range live {
		answers[r.label] = toAnswer(cases[r.label], replies[r.label], opt.Cap)
	}
	if opt.Progress != nil {
		how := "built"
		if p.cached {
			how = "cached"
		}
		where := ""
		if b.gpu {
			where = " on the GPU, one thread each"
			if fellBack {
				where = " on the GPU, one launch each after a device fault"
			}
		}
		opt.Progress(fmt.Sprintf("cute/cxx: unit %d/%d: %d functions %s in %v, %d cases run%s in %v",
			k+1, n, len(chunk), how, built.Round(time.Millisecond), len(live), where, (time.Since(started) - built).Round(time.Millisecond)))
	}
	return nil
}

// toAnswer reads a reply in the form the case's operation gives.
func toAnswer(c cute.Case, r *reply, cap int64) cute.Answer {
	if r == nil {
		return cute.Answer{Rejected: "no reply"}
	}
	if r.crashed != "" {
		return cute.Answer{Rejected: r.crashed}
	}
	a := cute.Answer{Values: r.values, Truncated: r.size > cap}
	var err error
	switch c.Op {
	case cute.OpMaxCommonVector:
		a.Vector = r.vector
	case cute.OpSwizzle:
		a.Swizzled, err = cute.ParseSwizzled(r.layout)
		if l, lerr := cute.ParseLayout(r.layout); err != nil && lerr == nil {
			// CuTe drops a swizzle of no bits (the identity) and answers
			// the layout alone.
			a.Swizzled, err = cute.Swizzled{L: l}, nil
		}
	default:
		a.Layout, err = cute.ParseLayout(r.layout)
	}
	if err != nil {
		// CuTe answered with something tilecheck's notation cannot hold
		// (a zero extent, say): reported, not dropped.
		return cute.Answer{Rejected: fmt.Sprintf("result %q not read: %v", r.layout, err)}
	}
	return a
}
