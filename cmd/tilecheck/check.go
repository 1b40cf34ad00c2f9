package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/reports"
	"github.com/tilecheck/tilecheck/sweep"
)

func init() {
	register("check", command{
		summary: "judge one configuration and op program (the replay of a counterexample)",
		run:     runCheck,
	})
}

const checkUsage = `Usage: tilecheck check --iterator NAME --config CFG --ops OPS [--property ID] [--thread N]
                       [--ptr-contract elements|bytes]
                       [--backend go|host|gpu [--include DIR... --namespace NS] [--cuda-include DIR]... [--arch sm_90]]

Judges one case: every property that applies to it, or only --property ID,
for every thread or only --thread N. For each failure it prints the expected
and actual addresses side by side, one row per access in fragment order.
Every counterexample in a sweep report carries the check command that
replays it. With --backend host or gpu the case is built and run as compiled
C++ (the rendition of --iterator, or your header with --include/--namespace,
--iterator then naming its Go companion model).

Exit status: 0 every property holds, 1 a property failed, 2 bad usage or
invalid input (unknown iterator or property, a configuration or op program
that does not parse or violates a thread-map constraint).

Examples:
  tilecheck check --iterator cutlass-pre3049 \
    --config 'elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64' \
    --ops 'load(1,0);store(1,0)' --property P-sym --thread 5
  tilecheck check --iterator cutlass --config 'elem=f16 shape=64x8 map=warp-raked warp=8x4 threads=32 access=8' \
    --ops 'load(1,0)'

Flags:
`

// maxViolationsShown bounds the address tables printed per property: the
// first few failing threads say what is wrong; the count says how often.
const maxViolationsShown = 3

type checkFlags struct {
	iterator, config, ops, property, ptrContract string
	thread                                       int
	backendFlags
}

// parseCheckFlags parses check's flags into the case to judge; f keeps the
// back end flags.
func (f *checkFlags) parse(args []string, stdout, stderr io.Writer) (sweep.CheckOptions, int, bool) {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.StringVar(&f.iterator, "iterator", "", "iterator `NAME` (required)")
	fs.StringVar(&f.config, "config", "", "configuration `CFG`, e.g. 'elem=f32 shape=64x8 threads=32 access=4' (required)")
	fs.StringVar(&f.ops, "ops", "", "op program `OPS`, e.g. 'load(1,0);store(1,0)' (required)")
	fs.StringVar(&f.property, "property", "", "judge only property `ID`, e.g. P-sym (default: every property that applies)")
	fs.IntVar(&f.thread, "thread", -1, "judge only thread `N` (default: every thread)")
	fs.StringVar(&f.ptrContract, "ptr-contract", "elements", "documented unit of pointer offsets to judge against: elements or bytes")
	f.backendFlags.register(fs)
	if code, done := parseFlags(fs, args, checkUsage, stdout, stderr); done {
		return sweep.CheckOptions{}, code, true
	}
	if problems := f.backendFlags.validate(); len(problems) > 0 {
		return sweep.CheckOptions{}, fail(stderr, "check", errors.New(strings.Join(problems, "; "))), true
	}
	for _, req := range []struct{ name, value string }{{"iterator", f.iterator}, {"config", f.config}, {"ops", f.ops}} {
		if req.value == "" {
			return sweep.CheckOptions{}, fail(stderr, "check", fmt.Errorf("--%s is required (see tilecheck check --help)", req.name)), true
		}
	}
	// The parsers' messages already start with "config:" or "ops:" and
	// point at the bad token.
	cfg, err := iterator.ParseConfig(f.config)
	if err != nil {
		return sweep.CheckOptions{}, fail(stderr, "check", err), true
	}
	prog, err := iterator.ParseProgram(f.ops)
	if err != nil {
		return sweep.CheckOptions{}, fail(stderr, "check", err), true
	}
	if f.thread < -1 {
		return sweep.CheckOptions{}, fail(stderr, "check", fmt.Errorf("--thread %d: want a thread index >= 0", f.thread)), true
	}
	if !oneOf(f.ptrContract, "elements", "bytes") {
		return sweep.CheckOptions{}, fail(stderr, "check", fmt.Errorf("--ptr-contract %q: want elements or bytes", f.ptrContract)), true
	}
	return sweep.CheckOptions{Iterator: f.iterator, Config: cfg, Program: prog, Property: f.property,
		Thread: f.thread, PtrContract: f.ptrContract}, 0, false
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	var f checkFlags
	opts, code, done := f.parse(args, stdout, stderr)
	if done {
		return code
	}
	if f.compiled() {
		// Rebuild and run only this case as compiled code.
		src, err := f.source(opts.Iterator, nil)
		if err != nil {
			return fail(stderr, "check", err)
		}
		if opts.Source, err = sweep.WithCompanion(src, src.Companion()); err != nil {
			return fail(stderr, "check", err)
		}
	}
	results, err := sweep.Check(opts)
	if err != nil {
		return fail(stderr, "check", err)
	}
	if len(results) == 0 {
		return fail(stderr, "check", errors.New("no property applies to this case"))
	}
	var buf bytes.Buffer
	if err := writeCheckResults(&buf, results); err != nil {
		return fail(stderr, "check", err)
	}
	if _, err := stdout.Write(buf.Bytes()); err != nil {
		return fail(stderr, "check", err)
	}
	for _, r := range results {
		if r.Status == "fail" {
			return exitFail
		}
	}
	return exitPass
}

// writeCheckResults prints a status table, then for each failing property
// its first violations with expected and actual addresses side by side.
func writeCheckResults(w io.Writer, results []props.Result) error {
	rows := make([][]string, len(results))
	for i, r := range results {
		status := r.Status
		if status == "fail" {
			status = "FAIL"
		}
		rows[i] = []string{r.ID, status, strconv.Itoa(len(r.Violations)), r.Doc}
	}
	if err := reports.WriteTable(w, []string{"property", "status", "violations", "statement"}, rows); err != nil {
		return err
	}
	for _, r := range results {
		if r.Status != "fail" {
			continue
		}
		for i, v := range r.Violations {
			if i == maxViolationsShown {
				fmt.Fprintf(w, "\n%s: %d more violations not shown (use --thread N to see one thread)\n", r.ID, len(r.Violations)-i)
				break
			}
			fmt.Fprintf(w, "\n%s violated: thread %d\nconfig: %v\nops: %v\n", r.ID, v.Thread, v.Config, v.Ops)
			if v.Detail != "" {
				fmt.Fprintf(w, "detail: %s\n", v.Detail)
			}
			if err := reports.WriteAddresses(w, v.Expected, v.Actual); err != nil {
				return err
			}
		}
	}
	return nil
}
