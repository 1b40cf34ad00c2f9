package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/report"
)

// Bad input to tilecheck cute exits 2 with a message naming it, never a
// panic.
func TestCuteBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"cute"}, "Usage: tilecheck cute sweep"},
		{[]string{"cute", "frob"}, `unknown subcommand "frob"`},
		{[]string{"cute", "check", "--case", "op=compositio A=1:1"}, `unknown operation "compositio"`},
		{[]string{"cute", "check", "--case", "op=composition A=(2,3:(1,2) B=2:1"}, "unclosed '('"},
		{[]string{"cute", "check", "--case", "op=composition A=8:1"}, "composition needs B"},
		{[]string{"cute", "check", "--case", "op=composition A=8:1 B=2:1", "--law", "L-nope"}, `--law "L-nope": no such law`},
		{[]string{"cute", "check", "--case", "op=composition A=8:1 B=2:1", "--law", "L-coalesce"}, "does not judge composition"},
		{[]string{"cute", "check"}, "--case is required"},
		{[]string{"cute", "sweep", "--backend", "host"}, "needs --include"},
		{[]string{"cute", "sweep", "--backend", "host", "--include", "/"}, "holds no cute/layout.hpp"},
		{[]string{"cute", "sweep", "--include", "/"}, "need --backend host"},
		{[]string{"cute", "sweep", "--ops", "compose"}, `unknown operation "compose"`},
		{[]string{"cute", "sweep", "--preset", "fast"}, `--preset "fast"`},
		{[]string{"cute", "sweep", "--format", "xml"}, `--format "xml"`},
		{[]string{"cute", "sweep", "--cases", "-1"}, "--cases -1"},
		{[]string{"cute", "sweep", "--format", "md", "--out", "r.json"}, "r.json"},
	} {
		var out, errb bytes.Buffer
		code := run(tc.args, &out, &errb)
		assert.Equal(t, exitUsage, code, "%q: exit %d, want 2 (stderr %q)", tc.args, code, errb.String())
		got := out.String() + errb.String()
		assert.Contains(t, got, tc.want, "%q: output %q does not say %q", tc.args, got, tc.want)
	}
}

// A replayed counterexample fails with exit 1 and says which law; a case
// inside every law passes with exit 0.
func TestCuteCheckExitStatus(t *testing.T) {
	var out, errb bytes.Buffer
	// The documentation's worked composition example.
	code := run([]string{"cute", "check", "--case", "op=composition A=(6,2):(8,2) B=(4,3):(3,1)"}, &out, &errb)
	require.Equal(t, exitPass, code, "exit %d, output %q %q", code, out.String(), errb.String())
	require.Contains(t, out.String(), "((2,2),3):((24,2),8)", "exit %d, output %q %q", code, out.String(), errb.String())
}

// wholeSweepArgs is the Go model's sweep TestCuteSweepJSON runs twice and
// TestCuteShardsMerge shards: the first run serves both (wholeSweep).
var wholeSweepArgs = []string{"cute", "sweep", "--cases", "300", "--seed", "4", "--format", "json"}

var whole struct {
	once      sync.Once
	code      int
	out, errb string
}

// wholeSweep is the exit status, stdout and stderr of the first run of
// wholeSweepArgs.
func wholeSweep() (int, string, string) {
	whole.once.Do(func() {
		whole.code, whole.out, whole.errb = runCLI(wholeSweepArgs...)
	})
	return whole.code, whole.out, whole.errb
}

// The Go model's quick sweep passes, deterministically for a seed, in
// every format; its JSON is tilecheck's report schema.
func TestCuteSweepJSON(t *testing.T) {
	t.Parallel()
	parse := func(code int, out, errb string) report.Report {
		require.Contains(t, []int{exitPass, exitWeak}, code, "exit %d: %s", code, errb)
		var r report.Report
		require.NoError(t, json.Unmarshal([]byte(out), &r))
		return r
	}
	a, b := parse(wholeSweep()), parse(runCLI(wholeSweepArgs...))
	require.Equal(t, "cute", a.Class, "reports differ or are empty: %+v vs %+v", a, b)
	require.NotZero(t, a.Checks, "reports differ or are empty: %+v vs %+v", a, b)
	require.Equal(t, b.Checks, a.Checks, "reports differ or are empty: %+v vs %+v", a, b)
	require.NotEmpty(t, a.Controls, "reports differ or are empty: %+v vs %+v", a, b)
	for _, f := range []string{"text", "md", "junit", "github"} {
		var out, errb bytes.Buffer
		code := run([]string{"cute", "sweep", "--cases", "40", "--format", f}, &out, &errb)
		assert.NotEqual(t, exitUsage, code, "--format %s: exit %d, %d bytes, %s", f, code, out.Len(), errb.String())
		assert.NotEqual(t, exitInternal, code, "--format %s: exit %d, %d bytes, %s", f, code, out.Len(), errb.String())
		assert.NotZero(t, out.Len(), "--format %s: exit %d, %d bytes, %s", f, code, out.Len(), errb.String())
	}
}

// cute sweep --shard writes parts that tilecheck merge joins into the
// unsharded report.
func TestCuteShardsMerge(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, part := range []string{"1/2", "2/2"} {
		f := dir + "/s" + part[:1] + ".json"
		var out, errb bytes.Buffer
		code := run([]string{"cute", "sweep", "--cases", "300", "--seed", "4", "--shard", part, "--out", f}, &out, &errb) // wholeSweepArgs' cases
		require.Equal(t, exitPass, code, "shard %s: exit %d: %s", part, code, errb.String())
		files = append(files, f)
	}
	var merged, errb bytes.Buffer
	mcode := run(append([]string{"merge", "--format", "json"}, files...), &merged, &errb)
	wcode, wout, werr := wholeSweep()
	require.Equal(t, wcode, mcode, "merge exit %d, whole sweep %d: %s %s", mcode, wcode, errb.String(), werr)
	var a, b report.Report
	require.NoError(t, json.Unmarshal(merged.Bytes(), &a))
	require.NoError(t, json.Unmarshal([]byte(wout), &b))
	require.Equal(t, b.Checks, a.Checks, "merged %+v\nwhole %+v", a, b)
	require.Equal(t, b.Configs, a.Configs, "merged %+v\nwhole %+v", a, b)
	require.Len(t, a.Properties, len(b.Properties), "merged %+v\nwhole %+v", a, b)
	require.Equal(t, b.Verdict, a.Verdict, "merged %+v\nwhole %+v", a, b)
}

// Every command's help fits 100 columns, flags' descriptions included.
func TestHelpWithin100Columns(t *testing.T) {
	helps := [][]string{{"--help"}, {"cute", "sweep", "--help"}, {"cute", "check", "--help"},
		{"cute", "copy", "sweep", "--help"}, {"cute", "copy", "check", "--help"}}
	for name := range commands {
		helps = append(helps, []string{name, "--help"})
	}
	for _, args := range helps {
		var out, errb bytes.Buffer
		run(args, &out, &errb)
		lines := strings.Split(out.String(), "\n")
		for i, line := range lines {
			assert.LessOrEqual(t, len(line), 100, "%q: %d columns: %s", args, len(line), line)
			// A flag's description goes on indented under it, or the next flag follows.
			if i > 0 && strings.HasPrefix(lines[i-1], "  --") && line != "" {
				assert.True(t, strings.HasPrefix(line, "  --") || strings.HasPrefix(line, "        "),
					"%q: description of %q not indented: %q", args, lines[i-1], line)
			}
		}
	}
}
