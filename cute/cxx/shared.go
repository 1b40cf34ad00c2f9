package cxx

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// This file lends the package's machinery to another source of compiled
// CuTe (cute/tiledcopy/copycxx): the toolchains, the build that blames a
// compile error on the entry the compiler's instantiation context names
// and rebuilds without it, and the serving of requests that blames a crash
// or hang on the request begun and not ended. The protocol is this
// package's: requests "K F N v0 ... v(N-1)" on stdin, replies framed by
// "begin K" and "end K" on stdout.

// Builder builds translation units with the toolchain Options ask for.
type Builder struct{ b builder }

// NewBuilder checks that opt.Include holds CuTe and that the toolchain
// builds and runs the smallest CuTe program (on the device in the GPU
// mode), naming what is missing.
func NewBuilder(ctx context.Context, opt Options) (Builder, error) {
	if _, err := os.Stat(filepath.Join(opt.Include, "cute", "layout.hpp")); err != nil {
		return Builder{}, fmt.Errorf("cute/cxx: --include %q holds no cute/layout.hpp: give the include/ directory of a CUTLASS checkout (3.0 or later)", opt.Include)
	}
	inc, err := filepath.Abs(opt.Include)
	if err != nil {
		return Builder{}, err
	}
	b := builderFor(opt, inc)
	if err := preflight(ctx, b, opt.Include); err != nil {
		return Builder{}, err
	}
	return Builder{b: b}, nil
}

// GPU says the builder makes nvcc programs.
func (b Builder) GPU() bool { return b.b.gpu }

// Unit renders the translation unit of the entries kept (indices, in
// order, into the caller's n entries), nvcc's program where gpu is set.
// The code of the k-th kept entry must follow the directive
// `#line 1 "tc_entry_<k>"` and no other entry's may, so that a compile
// error is blamed on the entry whose code the compiler's instantiation
// context names.
type Unit func(keep []int, gpu bool) []byte

// Program is a built unit of n entries: its binary, whether the build
// cache held it, and per entry its index in the program's table (Slot, -1
// where refused) or why the compiler refused it (Rejected).
type Program struct {
	Bin      string
	Cached   bool
	Slot     []int
	Rejected []string
}

// Build builds unit u of n entries, leaving out each entry the compiler
// refuses (a static_assert, any compile error its context names). An error
// is an infrastructure failure: a compile error blamed on no entry, or no
// compiler.
func (b Builder) Build(ctx context.Context, n int, u Unit) (*Program, error) {
	p, err := buildUnit(ctx, b.b, n, u)
	if err != nil {
		return nil, err
	}
	return &Program{Bin: p.bin, Cached: p.cached, Slot: p.slot, Rejected: p.rejected}, nil
}

// Request is one request for a program: Label (echoed in begin and end),
// Slot (the program's table index) and the dynamic integers.
type Request struct {
	Label int
	Slot  int
	Vals  []int64
}

// Reply is what a program printed between one request's begin and end, or
// why it died or hung inside it (Crashed: "crashed: SIGFPE", "crashed:
// device fault: ...", "timed out after 10s").
type Reply struct {
	Lines   []string
	Crashed string
}

// GPUStartup is how long a GPU program may take before its first reply,
// beyond one request's limit: CUDA's initialisation.
const GPUStartup = gpuStartup

// Serve runs bin with args on reqs, restarting it after a request it
// crashed or hung in; startup is added to the first request's limit,
// perCase is each request's. Replies are keyed by Label. An error is an
// infrastructure failure: the program cannot start, or dies outside any
// request.
func Serve(ctx context.Context, bin string, args []string, startup, perCase time.Duration, reqs []Request) (map[int]Reply, error) {
	rs := make([]request, len(reqs))
	for i, r := range reqs {
		rs[i] = request{label: r.Label, slot: r.Slot, vals: r.Vals}
	}
	got, err := serve(ctx, bin, args, startup, perCase, rs, true)
	if err != nil {
		return nil, err
	}
	out := make(map[int]Reply, len(got))
	for k, r := range got {
		out[k] = Reply{Lines: r.lines, Crashed: r.crashed}
	}
	return out, nil
}
