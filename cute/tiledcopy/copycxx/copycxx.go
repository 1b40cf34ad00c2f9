// Package copycxx makes the user's real CuTe answer tiledcopy.Case values:
// each case becomes make_tiled_copy(Copy_Atom<Atom, Element>{}, Thr, Val)
// over the case's source and destination layouts (a swizzle composed in
// where given), compiled with cute/cxx's builder against the user's
// CUTLASS include/ tree, and every thread's partition_S and partition_D
// are printed by CuTe's own code: each slot's logical coordinate (the
// slot's element of an int tensor of the tile's compact colexicographic
// layout) and offset (the slot's element of an int tensor over the side's
// layout holding each offset at that offset). Where the atom executes on
// the host (the universal copies), CuTe's copy (copy_if with the extent's
// predicate) runs on tagged data with sentinels around both tiles and the
// destination's memory is read back into Trace.Landed. In the GPU mode
// (Options.GPU, nvcc) the copy runs on the device for every atom as a
// round trip through shared memory (include/tilecheck_copy_gpu.h), so a
// lost, duplicated or misplaced element shows in the bytes.
//
// The thread and value layouts are always static (make_tiled_copy needs
// them so); the tensors' integers are static where the case marks them, else
// read at run time, with the extent: cases that differ only there share one
// compiled entry. A compile error (a static_assert in make_tiled_copy or
// copy, an element whose width is not the case's) is blamed on its case and
// the unit rebuilt without it; a crash or hang (on the device: a fault) is
// blamed on the case begun and not ended, and the program restarted at the
// next. Both come back as Trace.Rejected.
package copycxx

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/tilecheck/tilecheck/cute/cxx"
	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// Options say which CuTe to ask and how; the fields are cute/cxx's.
type Options struct {
	Include     string        // the CUTLASS include directory, holding cute/layout.hpp
	CXX         string        // the host compiler; empty: $CXX, else g++
	CUDAInclude []string      // extra -I directories (CUDA's headers when not in /usr/include)
	CacheDir    string        // the build cache; empty: cuda.DefaultCacheDir()
	Jobs        int           // parallel builds and runs; 0: the number of CPUs
	CaseTimeout time.Duration // one case's limit (a hang is blamed on it); 0: 30s
	// ChunkSize is how many distinct entries one translation unit holds;
	// 0: 16. Each TiledCopy instantiates much of CuTe: a unit of 16 takes
	// g++ about a minute at -O0.
	ChunkSize int
	Progress  func(string) // told of each unit built and run; may be nil

	// Ints says how the tensors' integers are rendered (cute/cxx's modes):
	// as the case marks them (the default), all static, or all dynamic. The
	// thread and value layouts are static whatever it says.
	Ints cxx.IntMode

	// Wrap, when not empty, is a command run in front of each program, the
	// program's path its last argument (compute-sanitizer and its flags;
	// give it a --log-file, so that its reports stay out of the replies).
	Wrap []string

	// GPU builds with nvcc and runs the copy on the device for every atom.
	GPU  bool
	NVCC string // empty: nvcc
	Arch string // nvcc's -arch; empty: sm_90
}

// Result is compiled CuTe's answer for one case: the trace, and what the
// trace's fields cannot hold.
type Result struct {
	tiledcopy.Trace
	// Sentinels lists the destination offsets where the copy put a source
	// element from outside the tile (memory no tile coordinate reaches, or
	// the guards around the source); Landed holds -1 there, as the model's
	// source memory outside the tile holds -1.
	Sentinels []int64
	// Below lists the copy's writes before the destination's offset 0,
	// within the guard elements the harness puts there (writes past the
	// tile's largest offset extend Landed).
	Below []Stray
	// Controls are what the known-bad copies run in the same launch landed
	// (the GPU round trip alone runs them): each must differ from what the
	// copy should land, or the round trip could not see such a defect.
	Controls []Control
}

// Control is one known-bad copy's outcome, read as Result's own fields are:
// "dst+16B" (the destination moved by 16 bytes, a misplaced write) or
// "src+16B" (the source moved so, a wrong read).
type Control struct {
	Name      string
	Landed    []int64
	Sentinels []int64
	Below     []Stray
}

// Stray is one destination element before offset 0 that the copy wrote:
// its offset and what landed there, read as Landed is.
type Stray struct {
	Offset int64
	Landed int64
}

// Answer asks CuTe for each case: one result per case, in order. A case CuTe
// refuses is answered with Rejected set; the error is for infrastructure
// failures alone (no compiler, no CuTe under Include, a build error no case
// can be blamed for, a program that cannot run).
func Answer(ctx context.Context, opt Options, cases []tiledcopy.Case) ([]Result, error) {
	if opt.Jobs <= 0 {
		opt.Jobs = runtime.NumCPU()
	}
	if opt.CaseTimeout <= 0 {
		opt.CaseTimeout = 30 * time.Second
	}
	if opt.ChunkSize <= 0 {
		opt.ChunkSize = 16
	}
	b, err := cxx.NewBuilder(ctx, cxx.Options{
		Include: opt.Include, CXX: opt.CXX, CUDAInclude: opt.CUDAInclude, CacheDir: opt.CacheDir,
		GPU: opt.GPU, NVCC: opt.NVCC, Arch: opt.Arch,
	})
	if err != nil {
		return nil, err
	}
	results := make([]Result, len(cases))
	index := map[entry]int{}
	var entries []entry
	rs := make([]rendered, len(cases))
	for i, c := range cases {
		r, err := render(c, opt.Ints)
		if err != nil {
			results[i].Rejected = "not rendered: " + err.Error()
			continue
		}
		rs[i] = r
		if _, ok := index[r.entry]; !ok {
			index[r.entry] = -1
			entries = append(entries, r.entry)
		}
	}
	// A fixed order, so that the same cases make the same units, which the
	// build cache finds.
	sort.Slice(entries, func(i, j int) bool { return entries[i].body < entries[j].body })
	for i, e := range entries {
		index[e] = i
	}
	nchunks := (len(entries) + opt.ChunkSize - 1) / opt.ChunkSize
	reqs := make([][]cxx.Request, nchunks)
	for i := range cases {
		if results[i].Rejected != "" {
			continue
		}
		e := index[rs[i].entry]
		reqs[e/opt.ChunkSize] = append(reqs[e/opt.ChunkSize], cxx.Request{Label: i, Slot: e % opt.ChunkSize, Vals: rs[i].vals})
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
			if err := answerChunk(ctx, b, opt, k, nchunks, chunk, reqs[k], cases, results); err != nil {
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
	return results, ctx.Err()
}

// answerChunk builds one unit and answers its requests, writing only its
// own requests' results.
func answerChunk(ctx context.Context, b cxx.Builder, opt Options, k, n int, chunk []entry, reqs []cxx.Request, cases []tiledcopy.Case, results []Result) error {
	started := time.Now()
	p, err := b.Build(ctx, len(chunk), func(keep []int, gpu bool) []byte {
		es := make([]entry, len(keep))
		for j, i := range keep {
			es[j] = chunk[i]
		}
		return source(es, gpu)
	})
	if err != nil {
		return err
	}
	built := time.Since(started)
	var live []cxx.Request
	for _, r := range reqs {
		if msg := p.Rejected[r.Slot]; msg != "" {
			results[r.Label].Rejected = msg
			continue
		}
		r.Slot = p.Slot[r.Slot]
		live = append(live, r)
	}
	startup := time.Duration(0)
	if b.GPU() {
		startup = cxx.GPUStartup
	}
	bin, args := p.Bin, []string(nil)
	if len(opt.Wrap) > 0 {
		bin, args = opt.Wrap[0], append(append([]string(nil), opt.Wrap[1:]...), p.Bin)
	}
	replies, err := cxx.Serve(ctx, bin, args, startup, opt.CaseTimeout, live)
	if err != nil {
		return err
	}
	for _, r := range live {
		reply, ok := replies[r.Label]
		switch {
		case !ok:
			results[r.Label].Rejected = "no reply"
		case reply.Crashed != "":
			results[r.Label].Rejected = reply.Crashed
		default:
			res, err := parse(reply.Lines, cases[r.Label])
			if err != nil {
				return fmt.Errorf("cute/tiledcopy/copycxx: case %d: %w", r.Label, err)
			}
			results[r.Label] = res
		}
	}
	if opt.Progress != nil {
		how := "built"
		if p.Cached {
			how = "cached"
		}
		where := "host"
		if b.GPU() {
			where = "GPU"
		}
		opt.Progress(fmt.Sprintf("cute/tiledcopy/copycxx: unit %d/%d: %d entries %s in %v, %d cases run on the %s in %v",
			k+1, n, len(chunk), how, built.Round(time.Millisecond), len(live), where, (time.Since(started) - built).Round(time.Millisecond)))
	}
	return nil
}
