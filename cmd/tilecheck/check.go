package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports"
	"github.com/tilecheck/tilecheck/sweep"
)

func init() {
	register("check", command{
		summary: "judge one configuration and op program (the replay of a counterexample)",
		run:     runCheck,
	})
}

const checkUsage = `Usage: tilecheck check --iterator NAME --config CFG (--ops OPS | --ops-file FILE)
                       [--property ID] [--thread N] [--format text|json]
                       [--ptr-contract elements|bytes]
                       [--backend go|host|gpu [--include DIR... --namespace NS]
                                  [--cuda-include DIR]... [--arch sm_90]]

Judges one case: every property that applies to it, or only --property ID,
for every thread or only --thread N. For each failure it prints the expected
and actual addresses side by side, one row per access in fragment order.
Every counterexample in a sweep report carries the check command that
replays it. With --backend host or gpu the case is built and run as compiled
C++ (the rendition of --iterator, or your header with --include/--namespace,
--iterator then naming its Go companion model).

A long program can be read from a file (--ops-file, ops separated by ';'
or newlines; '#' starts a comment). The work grows with the square of the
program's length (each op derives a program of its prefix), so a case over
the limit is refused with its sizes: judge one thread (--thread N).
--format json prints the results for a script.

Exit status: 0 every property holds, 1 a property failed, 2 bad usage or
invalid input (unknown iterator or property, a configuration or op program
that does not parse or violates a thread-map constraint, a case too large
to check), 4 internal error.

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
	iterator, config, ops, opsFile, property, ptrContract, format string
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
	fs.StringVar(&f.format, "format", "text", "output format: text or json")
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
	if !oneOf(f.format, "text", "json") {
		return sweep.CheckOptions{}, fail(stderr, "check", fmt.Errorf("--format %q: want text or json", f.format)), true
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
	}
	results, err := sweep.Check(opts)
	if err != nil {
		return sweepError(stderr, "check", ctx, err)
	}
	if len(results) == 0 {
		return fail(stderr, "check", errors.New("no property applies to this case"))
	}
	var buf bytes.Buffer
	if f.format == "json" {
		err = writeCheckJSON(&buf, f, results)
	} else {
		err = writeCheckResults(&buf, results)
	}
	if err != nil {
		return internalError(stderr, "check", err)
	}
	if _, err := stdout.Write(buf.Bytes()); err != nil {
		return fail(stderr, "check", err)
	}
	if opts.Property != "" && len(results) == 1 && results[0].Status == "n/a" {
		// Asked for one property that judged nothing: not a pass.
		return fail(stderr, "check", fmt.Errorf("%s does not apply to this case: its preconditions never held (sweep's audit says why), so it judged nothing", opts.Property))
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
			fmt.Fprintf(w, "\n%s violated: thread %d\nconfig: %v\nops: %v\n", r.ID, v.Thread, v.ConfigText(), v.OpsText())
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

// checkJSON is check's --format json output: the case and one entry per
// property judged, failures with their violations (expected and actual
// addresses per access, in fragment order).
type checkJSON struct {
	Tool       string            `json:"tool"`
	Version    string            `json:"version"`
	Iterator   string            `json:"iterator"`
	Config     string            `json:"config"`
	Ops        string            `json:"ops"`
	Verdict    report.Verdict    `json:"verdict"` // pass or fail
	Properties []checkJSONResult `json:"properties"`
}

type checkJSONResult struct {
	ID         string               `json:"id"`
	Status     string               `json:"status"`
	Violations []checkJSONViolation `json:"violations"`
}

type checkJSONViolation struct {
	Thread   int     `json:"thread"`
	Expected []int64 `json:"expected"`
	Actual   []int64 `json:"actual"`
	Detail   string  `json:"detail,omitempty"`
}

func writeCheckJSON(w io.Writer, f checkFlags, results []props.Result) error {
	out := checkJSON{Tool: "tilecheck", Version: report.Version(), Iterator: f.iterator, Config: f.config, Ops: f.ops, Verdict: report.Pass}
	for _, r := range results {
		jr := checkJSONResult{ID: r.ID, Status: r.Status, Violations: []checkJSONViolation{}}
		for _, v := range r.Violations {
			jr.Violations = append(jr.Violations, checkJSONViolation{Thread: v.Thread, Expected: v.Expected, Actual: v.Actual, Detail: v.Detail})
		}
		if r.Status == "fail" {
			out.Verdict = report.Fail
		}
		out.Properties = append(out.Properties, jr)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
