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
	"strings"

	"github.com/tilecheck/tilecheck/cute/cutesweep"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copysweep"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

func init() {
	register("merge", command{
		summary: "join the JSON reports of a sharded sweep (sweep --shard i/n) into one report",
		run:     runMerge,
	})
}

const mergeUsage = `Usage: tilecheck merge [--format text|md|json|junit|github|html] [--out FILE|-] [--verbose]
                       [--baseline FILE] SHARD.json... | REPORT.json...

Joins the JSON reports of every shard of one sweep (tilecheck sweep --shard
i/n --format json, for i = 1..n, in any order) into the report the
unsharded sweep gives: the same counts, controls, coverage, audit and
shrunk counterexamples (the shrinking runs here). Only the timings differ:
elapsed is the sum of the shards'. Shards of an all-models sweep merge
model by model into the matrix.

--baseline FILE judges the merged report against known findings, as
sweep --baseline does (a shard takes none).

Complete reports (JSON of sweeps with --iterator, one per class or per
iterator, e.g. a CI matrix's jobs) are joined as they are, into one
report in any format; the exit status then follows their verdicts (their
gate, with --baseline) as one iterator's over several classes does.

Exit status: as the unsharded sweep's (0 pass, 1 a property failed, 3 weak
evidence; an all-models matrix only 0 or 3), 2 bad usage or shard reports
that do not make one sweep, 4 internal error, 130 a shard was interrupted.

Examples:
  tilecheck sweep --preset exhaustive --shard 1/4 --format json --out s1.json   # ... 4/4
  tilecheck merge --format junit --out junit.xml s1.json s2.json s3.json s4.json

Flags:
`

func runMerge(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	format := fs.String("format", "text", "report `FORMAT`: text, md, json, junit, github or html")
	out := fs.String("out", "", "write the report to `FILE` (-: stdout); its extension sets --format")
	verbose := fs.Bool("verbose", false, "text: every section")
	var known baselineFlag
	known.register(fs)
	// The shard files are arguments: parse flags that come before them.
	if code, done := parseFlagsArgs(fs, flagsFirst(args), mergeUsage, true, stdout, stderr); done {
		return code
	}
	files := fs.Args()
	var problems []string
	if *format == "markdown" {
		*format = "md"
	}
	if !oneOf(*format, reportFormats...) {
		problems = append(problems, fmt.Sprintf("--format %q: want text, md, json, junit, github or html", *format))
	} else if err := outFormat("merge", format, flagSet(fs, "format"), *out, reportFormats); err != nil {
		problems = append(problems, err.Error())
	}
	if len(files) == 0 {
		problems = append(problems, "no shard reports given (tilecheck merge SHARD.json...)")
	}
	if err := checkOut("--out", *out); err != nil {
		problems = append(problems, err.Error())
	}
	problems = append(problems, known.load(false)...)
	if len(problems) > 0 {
		return fail(stderr, "merge", errors.New(strings.Join(problems, "; ")))
	}
	var singles, complete []*report.Report
	var matrices []*report.Matrix
	var shardFile, completeFile string
	for _, path := range files {
		r, m, err := readShard(path)
		if err != nil {
			return fail(stderr, "merge", err)
		}
		if !isShard(r, m) {
			if m != nil && m.Verdict == report.Unjudged {
				return fail(stderr, "merge", fmt.Errorf("%s: an all-models matrix (a sweep without --iterator) is not joined with other reports", path))
			}
			if r != nil {
				complete = append(complete, r)
			} else {
				complete = append(complete, m.Reports...)
			}
			completeFile = path
			continue
		}
		shardFile = path
		if r != nil {
			singles = append(singles, r)
		} else {
			matrices = append(matrices, m)
		}
	}
	if shardFile != "" && completeFile != "" {
		// Name the files: the engine can only count reports.
		return fail(stderr, "merge", fmt.Errorf("%s is a shard's report (sweep --shard i/n) and %s a complete one: merge the shards of each sweep apart", shardFile, completeFile))
	}
	if len(complete) > 0 {
		m, err := sweep.Join(complete)
		if err != nil {
			return fail(stderr, "merge", err)
		}
		return emitReport(ctx, "merge", m, &known, len(complete) == 1, true, reportStyle{format: *format, verbose: *verbose}, *out, stdout, stderr)
	}
	if len(singles) > 0 && len(matrices) > 0 {
		return fail(stderr, "merge", errors.New("some files are one iterator's shard reports and some all-models matrices: not one sweep"))
	}
	var m *report.Matrix
	single := len(singles) > 0
	// Shards of one iterator over several classes carry the combined
	// verdict (an all-models matrix does not): merge them as that sweep,
	// whose exit status follows the combined verdict.
	byVerdict := single || matrices[0].Verdict != report.Unjudged
	if single && cutesweep.IsShard(singles[0]) {
		r, err := cutesweep.Merge(singles)
		if err != nil {
			return fail(stderr, "merge", err)
		}
		m = &report.Matrix{Preset: r.Preset, Seed: r.Seed, Reports: []*report.Report{r}}
	} else if single && copysweep.IsShard(singles[0]) {
		r, err := copysweep.Merge(singles)
		if err != nil {
			return fail(stderr, "merge", err)
		}
		m = &report.Matrix{Preset: r.Preset, Seed: r.Seed, Reports: []*report.Report{r}}
	} else if single {
		r, err := sweep.Merge(singles)
		if err != nil {
			return sweepError(stderr, "merge", ctx, err)
		}
		m = &report.Matrix{Preset: r.Preset, Seed: r.Seed, Reports: []*report.Report{r}}
	} else {
		var err error
		if m, err = sweep.MergeMatrix(matrices); err != nil {
			return sweepError(stderr, "merge", ctx, err)
		}
	}
	return emitReport(ctx, "merge", m, &known, single, byVerdict, reportStyle{format: *format, verbose: *verbose}, *out, stdout, stderr)
}

// flagsFirst moves the flags (and their values) in front of the file
// names, so that "merge s1.json s2.json --format junit" works too.
func flagsFirst(args []string) []string {
	var flags, files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			files = append(files, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "-") && a != "-":
			flags = append(flags, a)
			if !strings.Contains(a, "=") && !strings.HasSuffix(a, "verbose") && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
		default:
			files = append(files, a)
		}
	}
	return append(append(flags, "--"), files...)
}

// isShard says whether a file read by readShard is a shard's report: one
// report, or every report of a matrix, made with --shard.
func isShard(r *report.Report, m *report.Matrix) bool {
	if r != nil {
		return r.IsShard()
	}
	if len(m.Reports) == 0 {
		return false
	}
	for _, x := range m.Reports {
		if x == nil || !x.IsShard() {
			return false
		}
	}
	return true
}

// readShard reads one shard file: a single report, or a matrix
// ({"preset", "seed", "reports"}).
func readShard(path string) (*report.Report, *report.Matrix, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	var probe struct {
		Reports json.RawMessage `json:"reports"`
	}
	if err := json.Unmarshal(b, &probe); err != nil {
		return nil, nil, fmt.Errorf("%s: not a JSON report: %v", path, err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if probe.Reports != nil {
		var m report.Matrix
		if err := dec.Decode(&m); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", path, err)
		}
		return nil, &m, nil
	}
	var r report.Report
	if err := dec.Decode(&r); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	return &r, nil, nil
}
