package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports"
	"github.com/tilecheck/tilecheck/reports/picture"
	"github.com/tilecheck/tilecheck/sweep"
)

func init() {
	register("check", command{
		summary: "judge one configuration and op program (the replay of a counterexample)",
		run:     runCheck,
	})
}

const checkUsage = `Usage: tilecheck check --iterator NAME --config CFG (--ops OPS | --ops-file FILE)
                       [--property ID] [--thread N] [--format text|json|html] [--svg FILE]
                       [--ptr-contract elements|bytes]
                       [--backend go|host|gpu [--include DIR... --namespace NS [--header PATH]...]
                                  [--cuda-include DIR]... [--arch sm_90]]

Judges one case (the replay a sweep's counterexample carries): every property that applies,
or only --property ID, for every thread or only --thread N, printing each failure's expected
and actual addresses side by side. --svg FILE draws the failing thread.

Examples:
  tilecheck check --iterator cutlass-pre3049 \
    --config 'elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64' \
    --ops 'load(1,0);store(1,0)' --property P-sym --thread 5
  tilecheck check --iterator cutlass \
    --config 'elem=f16 shape=64x8 map=warp-raked warp=8x4 threads=32 access=8' --ops 'load()'

Long programs: docs/properties.md#replaying-your-own-case; --svg: #pictures-of-a-counterexample.
Exit status: 0 every property holds, 1 a property failed, 2 bad usage or invalid input (also
a --property that does not apply to the case, a model that fails on a program the properties
need, a case too large), 4 internal error (docs/contract.md#exit-statuses).

Flags:
`

type checkFlags struct {
	iterator, config, ops, opsFile, property, ptrContract, format string
	svg                                                           string
	thread                                                        int
	backendFlags
}

// parseCheckFlags parses check's flags into the case to judge; f keeps the
// back end flags.
func (f *checkFlags) parse(args []string, stdout, stderr io.Writer) (sweep.CheckOptions, int, bool) {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.StringVar(&f.iterator, "iterator", "", "iterator `NAME` (required)")
	fs.StringVar(&f.config, "config", "", "configuration `CFG`, e.g. 'elem=f32 shape=64x8 threads=32 access=4' (required)")
	fs.StringVar(&f.ops, "ops", "", "op program `OPS`, e.g. 'load(1,0);store(1,0)' (this or --ops-file is required)")
	fs.StringVar(&f.opsFile, "ops-file", "", "read the op program from `FILE` (ops separated by ';' or newlines, '#' comments)")
	fs.StringVar(&f.format, "format", "text", "output format: text, json or html")
	fs.StringVar(&f.svg, "svg", "", "draw the counterexample as an SVG into `FILE`")
	fs.StringVar(&f.property, "property", "", "judge only property `ID`, e.g. P-sym (default: every property that applies)")
	fs.IntVar(&f.thread, "thread", -1, "judge only thread `N` (default: every thread)")
	fs.StringVar(&f.ptrContract, "ptr-contract", "elements", "documented unit of pointer offsets to judge against: elements or bytes")
	f.backendFlags.register(fs, "go", "host", "gpu")
	if code, done := parseFlags(fs, args, checkUsage, stdout, stderr); done {
		return sweep.CheckOptions{}, code, true
	}
	if problems := f.backendFlags.validate(); len(problems) > 0 {
		return sweep.CheckOptions{}, fail(stderr, "check", errors.New(strings.Join(problems, "; "))), true
	}
	if f.opsFile != "" {
		if f.ops != "" {
			return sweep.CheckOptions{}, fail(stderr, "check", errors.New("--ops and --ops-file: give one")), true
		}
		text, err := readOpsFile(f.opsFile)
		if err != nil {
			return sweep.CheckOptions{}, fail(stderr, "check", err), true
		}
		f.ops = text
	}
	for _, req := range []struct{ name, value string }{{"iterator", f.iterator}, {"config", f.config}, {"ops", f.ops}} {
		if req.value == "" {
			return sweep.CheckOptions{}, fail(stderr, "check", fmt.Errorf("--%s is required (see tilecheck check --help)", req.name)), true
		}
	}
	if !oneOf(f.format, "text", "json", "html") {
		return sweep.CheckOptions{}, fail(stderr, "check", fmt.Errorf("--format %q: want text, json or html", f.format)), true
	}
	if f.svg != "" {
		if err := checkOut("--svg", f.svg); err != nil {
			return sweep.CheckOptions{}, fail(stderr, "check", err), true
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
	contract, err := props.ParseContract(f.ptrContract)
	if err != nil {
		return sweep.CheckOptions{}, fail(stderr, "check", fmt.Errorf("--ptr-contract %q: want elements or bytes", f.ptrContract)), true
	}
	return sweep.CheckOptions{Iterator: f.iterator, Config: cfg, Program: prog, Property: f.property,
		Thread: f.thread, PtrContract: contract}, 0, false
}

func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var f checkFlags
	opts, code, done := f.parse(args, stdout, stderr)
	if done {
		return code
	}
	if f.compiled() {
		// Rebuild and run only this case as compiled code.
		src, err := f.source(ctx, opts.Iterator, nil, nil)
		if err != nil {
			return fail(stderr, "check", err)
		}
		if opts.Source, err = sweep.WithCompanion(src, src.Companion()); err != nil {
			return fail(stderr, "check", err)
		}
		opts.Companion = src.Companion()
	}
	results, err := sweep.Check(opts)
	if err != nil {
		return sweepError(stderr, "check", ctx, err)
	}
	if len(results) == 0 {
		return fail(stderr, "check", errors.New("no property applies to this case"))
	}
	verdict := sweep.CheckVerdict(results)
	// The one property asked for judged nothing: no pass (exit 2 below),
	// and the JSON a script reads must not say pass either.
	unjudged := sweep.CheckUnjudged(opts, results)
	if unjudged != nil {
		verdict = report.Unjudged
	}
	var svg []byte
	if f.svg != "" || f.format == "html" {
		if svg, err = checkPicture(opts, results); err != nil {
			return fail(stderr, "check", err)
		}
	}
	var buf bytes.Buffer
	c := reports.CheckCase{Iterator: f.iterator, Config: f.config, Ops: f.ops}
	switch f.format {
	case "json":
		err = reports.WriteCheckJSON(&buf, c, verdict, results)
	case "html":
		err = reports.WriteCheckHTML(&buf, c, verdict, results, svg)
	default:
		err = reports.WriteCheckText(&buf, results)
	}
	if err != nil {
		return internalError(stderr, "check", err)
	}
	switch {
	case f.svg != "" && svg != nil:
		if err := writeFileAtomic(f.svg, func(w io.Writer) error { _, err := w.Write(svg); return err }); err != nil {
			return fail(stderr, "check", fmt.Errorf("--svg: %w", err))
		}
	case f.svg != "":
		fmt.Fprintf(stderr, "tilecheck check: --svg %s not written: no violation of one thread to draw\n", f.svg)
	}
	if _, err := stdout.Write(buf.Bytes()); err != nil {
		return fail(stderr, "check", err)
	}
	if unjudged != nil {
		return fail(stderr, "check", unjudged)
	}
	if verdict == report.Fail {
		return exitFail
	}
	return exitPass
}

// checkPicture draws the check's first drawable violation (nil: none),
// tracing its thread again on the source judged and on the reference.
func checkPicture(opts sweep.CheckOptions, results []props.Result) ([]byte, error) {
	v, ok := picture.Drawable(results)
	if !ok {
		return nil, nil
	}
	got, ref, err := sweep.CheckTraces(opts, v.Thread)
	if err != nil {
		return nil, fmt.Errorf("tracing thread %d for its picture: %w", v.Thread, err)
	}
	var b bytes.Buffer
	if err := picture.SVG(&b, picture.FromViolation(opts.Iterator, opts.Program, v, got, ref)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// readOpsFile reads an op program from a file: ops separated by ';' or
// newlines, blank lines and '#' comments ignored.
func readOpsFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("--ops-file: %w", err)
	}
	var ops []string
	for _, line := range strings.Split(string(b), "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		for _, op := range strings.Split(line, ";") {
			if op = strings.TrimSpace(op); op != "" {
				ops = append(ops, op)
			}
		}
	}
	if len(ops) == 0 {
		return "", fmt.Errorf("--ops-file %s: no ops in the file", path)
	}
	return strings.Join(ops, ";"), nil
}
