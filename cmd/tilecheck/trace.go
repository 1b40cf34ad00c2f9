package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
	"github.com/tilecheck/tilecheck/reports"
)

func init() {
	register("trace", command{
		summary: "print the byte address of every access a model makes, as JSON lines",
		run:     runTrace,
	})
}

const traceUsage = `Usage: tilecheck trace --iterator NAME --config CFG --ops OPS [--threads all|0,5,31]

Runs the op program on one iterator per thread and prints, as one JSON line per thread and
load, store or accesses() call, the byte address of each access in fragment order:
  {"thread":5,"op":1,"kind":"load","access_bytes":16,"addrs":[336,848,1360,1872]}
Predicated classes add "valid". Warnings (a fragment overrun, an int32 the C++ wraps, a
bit-to-byte conversion that truncates) go to stderr.

Examples:
  # add_tile_offset moves whole tiles; thread 5's second load
  tilecheck trace --iterator cutlass \
    --config 'elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64' \
    --ops 'load();add_tile_offset(1,0);load()' --threads 5
  # the pre-#3049 asymmetry: load(1,0) and store(1,0) disagree
  tilecheck trace --iterator cutlass-pre3049 \
    --config 'elem=f32 shape=64x8 threads=32 access=4 stride=64' \
    --ops 'load(1,0);store(1,0)' --threads 0,5

Models: docs/concepts.md#models. Configuration keys: docs/concepts.md#configurations.
Ops: docs/concepts.md#op-programs.
Exit status: 0 traced, 2 bad usage or invalid input (docs/contract.md#exit-statuses).

Flags:
`

func runTrace(_ context.Context, args []string, stdout, stderr io.Writer) int {
	var iterName, cfgText, opsText, threadsText string
	fs := flag.NewFlagSet("trace", flag.ContinueOnError)
	fs.StringVar(&iterName, "iterator", "", "model `NAME`: "+modelNames(", ")+" or a control id (required)")
	fs.StringVar(&cfgText, "config", "", "configuration `CFG`, e.g. 'elem=f32 shape=64x8 threads=32 access=4' (required)")
	fs.StringVar(&opsText, "ops", "", "op program `OPS`, e.g. 'load();add_tile_offset(1,0);load()' (required)")
	fs.StringVar(&threadsText, "threads", "all", "threads to trace: `all` or a comma-separated list such as 0,5,31")
	if code, done := parseFlags(fs, args, traceUsage, stdout, stderr); done {
		return code
	}
	for _, req := range []struct{ name, value string }{{"iterator", iterName}, {"config", cfgText}, {"ops", opsText}} {
		if req.value == "" {
			return fail(stderr, "trace", fmt.Errorf("--%s is required (see tilecheck trace --help)", req.name))
		}
	}
	// The parsers' messages start with "config:" or "ops:" and point at the bad token.
	cfg, err := iterator.ParseConfig(cfgText)
	if err != nil {
		return fail(stderr, "trace", err)
	}
	prog, err := iterator.ParseProgram(opsText)
	if err != nil {
		return fail(stderr, "trace", err)
	}
	model, err := iterator.ModelByName(iterName)
	if err != nil {
		return fail(stderr, "trace", err)
	}
	tmap, err := iterator.Validate(cfg)
	if err != nil {
		return fail(stderr, "trace", err)
	}
	threads, err := parseThreads(threadsText, cfg.Threads)
	if err != nil {
		return fail(stderr, "trace", err)
	}
	if err := checkTraceSize(cfg, tmap, prog, len(threads)); err != nil {
		return fail(stderr, "trace", err)
	}
	// The fragment overrun (P-frag) is of a class whose accesses are
	// Alignment-wide (RegularTileIterator's): the family classes move
	// their own AccessType.
	if cfg.Class.Info().AlignedAccess && iterator.FragmentOverrun(cfg, tmap) {
		a := int64(iterator.InstanceAccessBytes(cfg))
		why := "sizeof(AccessType) rounds up past the packed vector"
		if cfg.Align != 0 {
			why = fmt.Sprintf("align=%d is above the natural access size", cfg.Align)
		}
		fmt.Fprintf(stderr, "tilecheck trace: warning: the accesses overrun the fragment: %d accesses of A=%d bytes write %d bytes into a %d-byte fragment (%s); tracing anyway\n",
			tmap.Count(), a, tmap.Count()*a, iterator.FragmentBytes(cfg, tmap), why)
	}
	traces, err := iterator.TraceThreads(model, cfg, prog, threads)
	if err != nil {
		return fail(stderr, "trace", err)
	}
	out := reports.NewTraceWriter(stdout, cfg.Class.Predicated())
	for _, tr := range traces {
		for _, r := range tr.Records {
			if err := out.Write(r); err != nil {
				return fail(stderr, "trace", err)
			}
		}
	}
	if err := out.Flush(); err != nil {
		return fail(stderr, "trace", err)
	}
	warnArithmetic(stderr, traces)
	return exitPass
}

// maxTraceAddrs bounds the addresses one trace may print (16 Mi, about
// 300 MB of JSON): a configuration the grammar accepts, such as threads=2^31
// or a 2^30-element tile, would otherwise exhaust memory instead of failing.
const maxTraceAddrs = 1 << 24

// checkTraceSize rejects a trace larger than maxTraceAddrs before any of it
// is computed. Each recording op makes Iter.count accesses per thread, or
// V/access_elems times as many in the predicated classes.
func checkTraceSize(cfg iterator.Config, m iterator.ThreadMap, prog iterator.Program, threads int) error {
	records := int64(0)
	for _, op := range prog {
		if op.Records() {
			records++
		}
	}
	records = max(records, 1) // a program that records nothing still walks the iterator
	perRecord := m.Count()
	if cfg.Class.Predicated() {
		perRecord *= int64(cfg.Access / cfg.ElemsPerAccessType())
	}
	total, err := layout.Mul(perRecord, records)
	if err == nil {
		total, err = layout.Mul(total, int64(threads))
	}
	if err != nil || total > maxTraceAddrs {
		return fmt.Errorf("trace too large: %d threads x %d records x %d accesses exceeds %d addresses; trace fewer threads (--threads 0,5) or a smaller tile", threads, records, perRecord, maxTraceAddrs)
	}
	return nil
}

// parseThreads parses --threads: "all", or thread ids separated by commas,
// each in 0..n-1. The result is sorted, because the trace is in thread order.
func parseThreads(s string, n int) ([]int, error) {
	if strings.TrimSpace(s) == "all" {
		if n > maxTraceAddrs {
			return nil, fmt.Errorf("--threads all: threads=%d is too many to trace; name some with --threads 0,5", n)
		}
		return iterator.AllThreads(iterator.Config{Threads: n}), nil
	}
	seen := map[int]bool{}
	var ids []int
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		t, err := strconv.Atoi(part)
		if err != nil {
			return nil, fmt.Errorf("--threads: %q is not a thread id (want all or ids such as 0,5,31)", part)
		}
		if t < 0 || t >= n {
			return nil, fmt.Errorf("--threads: thread %d out of range (the configuration has threads=%d: want 0..%d)", t, n, n-1)
		}
		if seen[t] {
			return nil, fmt.Errorf("--threads: thread %d given twice", t)
		}
		seen[t] = true
		ids = append(ids, t)
	}
	sort.Ints(ids)
	return ids, nil
}

// warnArithmetic shows on stderr the int32 overflows and truncating
// conversions the traced threads hit (iterator.ArithmeticFindings).
func warnArithmetic(stderr io.Writer, traces []iterator.ThreadTrace) {
	for _, line := range iterator.ArithmeticFindings(traces) {
		fmt.Fprintf(stderr, "tilecheck trace: warning: %s\n", line)
	}
}
