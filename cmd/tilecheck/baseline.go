package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tilecheck/tilecheck/baseline"
	"github.com/tilecheck/tilecheck/report"
)

func init() {
	register("baseline", command{
		summary: "make or update a baseline of known findings from JSON reports",
		run:     runBaseline,
	})
}

const baselineUsage = `Usage: tilecheck baseline --from REPORT.json [--from REPORT.json]... --out BASELINE.json

Makes a baseline of known findings from the JSON reports of sweep, merge,
cute sweep, cute copy sweep or probe, or brings the one at --out up to date: the
reports' failures are added (one finding per class, iterator, source,
property and the law its counterexample broke, with an empty "note" for
you to fill in), the findings the reports judged fixed are dropped (and
listed on stderr), and every other finding keeps its note. The file is
sorted and indented, so that its changes read as a small diff; commit it.

Then 'tilecheck sweep --baseline BASELINE.json' (and merge, cute sweep,
cute copy sweep, probe) exits 0 when every failure is a known finding and 1 on a
new one, and its report lists new, known and fixed findings apart.

Exit status: 0 written, 2 bad usage or a report or baseline it cannot read.

Examples:
  tilecheck sweep --backend host --include ~/cutlass/include --namespace cutlass \
      --format json --out run.json
  tilecheck baseline --from run.json --out tilecheck-baseline.json
  tilecheck sweep --backend host --include ~/cutlass/include --namespace cutlass \
      --baseline tilecheck-baseline.json

Flags:
`

// baselineFlag is --baseline FILE of the commands that render a report:
// the file is read and checked before any work, so that a bad baseline
// is refused at once, not after a release sweep.
type baselineFlag struct {
	path string
	file *baseline.File
}

func (b *baselineFlag) register(fs *flag.FlagSet) {
	fs.StringVar(&b.path, "baseline", "", "known findings `FILE` from 'tilecheck baseline': exit 1 on a new failure only")
}

// load reads the baseline named by the flag, if any; the problem names
// the file and what is wrong with it.
func (b *baselineFlag) load(shard bool) []string {
	if b.path == "" {
		return nil
	}
	if shard {
		return []string{"--baseline: a shard's report is judged by tilecheck merge; give --baseline to merge"}
	}
	data, err := os.ReadFile(b.path)
	if err != nil {
		return []string{"--baseline: " + err.Error()}
	}
	f, err := baseline.Parse(data)
	if err != nil {
		return []string{fmt.Sprintf("--baseline %s: %v", b.path, err)}
	}
	b.file = f
	return nil
}

// apply sorts m's failures against the baseline, when one was given.
func (b *baselineFlag) apply(m *report.Matrix) {
	if b != nil && b.file != nil {
		baseline.Apply(m, b.file, b.path)
	}
}

// applyProbe sorts a probe run's disagreements against the baseline, when
// one was given.
func (b *baselineFlag) applyProbe(r *report.ProbeReport) {
	if b.file != nil {
		baseline.ApplyProbe(r, b.file, b.path)
	}
}

// gated says whether a baseline judged m.
func gated(m *report.Matrix) bool { return len(m.Reports) > 0 && m.Reports[0].Baseline != nil }

func runBaseline(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("baseline", flag.ContinueOnError)
	var from multiFlag
	fs.Var(&from, "from", "a JSON `REPORT` of sweep, merge, cute sweep, cute copy sweep or probe (repeat for several)")
	out := fs.String("out", "", "the baseline `FILE` to make, or to update where it exists")
	if code, done := parseFlags(fs, args, baselineUsage, stdout, stderr); done {
		return code
	}
	var problems []string
	if len(from) == 0 {
		problems = append(problems, "--from REPORT.json is required")
	}
	if *out == "" || *out == "-" {
		problems = append(problems, "--out BASELINE.json is required (a file: an existing one is updated)")
	} else if err := checkOut("--out", *out); err != nil {
		problems = append(problems, err.Error())
	}
	if len(fs.Args()) > 0 {
		problems = append(problems, fmt.Sprintf("unexpected arguments %q (give each report with --from)", fs.Args()))
	}
	if len(problems) > 0 {
		return fail(stderr, "baseline", errors.New(strings.Join(problems, "; ")))
	}
	var old *baseline.File
	if _, err := os.Stat(*out); err == nil {
		if old, err = baseline.Read(*out); err != nil {
			return fail(stderr, "baseline", fmt.Errorf("--out: %v", strings.TrimPrefix(err.Error(), "baseline: ")))
		}
	}
	var rs []*report.Report
	var probes []*report.ProbeReport
	for _, path := range from {
		if p, err := readProbeReport(path); err != nil {
			return fail(stderr, "baseline", fmt.Errorf("--from %v", err))
		} else if p != nil {
			probes = append(probes, p)
			continue
		}
		r, m, err := readShard(path)
		if err != nil {
			return fail(stderr, "baseline", fmt.Errorf("--from %v", err))
		}
		if m != nil {
			rs = append(rs, m.Reports...)
		} else {
			rs = append(rs, r)
		}
	}
	for _, r := range rs {
		if r == nil || r.Iterator == "" || len(r.Properties) == 0 {
			return fail(stderr, "baseline", errors.New("--from: a report without an iterator or properties: not a sweep's JSON report"))
		}
		if r.IsShard() {
			return fail(stderr, "baseline", fmt.Errorf("--from: %s %s is one shard's report: merge the shards first (tilecheck merge --format json)", r.Iterator, r.Class))
		}
	}
	f, fixed := baseline.Update(old, rs, probes)
	if err := writeBytesAtomic(*out, f.Encode()); err != nil {
		return fail(stderr, "baseline", fmt.Errorf("--out: %w", err))
	}
	for _, x := range fixed {
		fmt.Fprintf(stderr, "tilecheck baseline: dropped, FIXED: %s of %s (%s, %s) %s\n", x.Property, x.Iterator, x.Class, x.Source, x.Law)
	}
	fmt.Fprintf(stderr, "tilecheck baseline: %s holds %d findings (%d dropped as fixed)\n", *out, len(f.Findings), len(fixed))
	return exitPass
}

// gateStatus is the exit status of a run a baseline judged: the gate's
// (one report's, or one iterator's over several classes); for the
// all-models matrix, 1 on a new finding, else the matrix's own.
func gateStatus(m *report.Matrix, single, byVerdict bool) int {
	switch {
	case single:
		return verdictStatus(baseline.Verdict(m.Reports[0]))
	case byVerdict:
		return verdictStatus(baseline.Combined(m))
	}
	for _, r := range m.Reports {
		if len(r.Baseline.New) > 0 {
			return exitFail
		}
	}
	return matrixStatus(m)
}

// readProbeReport reads path as a probe's JSON report, or returns nil where
// it is some other report (one without the probe's "variants").
func readProbeReport(path string) (*report.ProbeReport, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var shape struct {
		Variants json.RawMessage `json:"variants"`
	}
	if json.Unmarshal(b, &shape) != nil || shape.Variants == nil {
		return nil, nil // readShard says what is wrong with it
	}
	var r report.ProbeReport
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &r, nil
}
