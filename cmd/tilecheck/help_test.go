package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// everyHelp is every help a user can ask for: the command list and each
// command's --help, the cute subcommands included.
func everyHelp() [][]string {
	helps := [][]string{{"--help"}, {"cute", "sweep", "--help"}, {"cute", "check", "--help"},
		{"cute", "copy", "sweep", "--help"}, {"cute", "copy", "check", "--help"}}
	for name := range commands {
		if name != "cute" && !strings.HasPrefix(name, "test-") {
			helps = append(helps, []string{name, "--help"})
		}
	}
	return helps
}

// TestHelpFitsAScreen: every help fits a terminal screen (at most 45 lines
// of at most 100 columns) and reads in order: the usage line, a sentence
// saying what the command does, examples, then the flags.
func TestHelpFitsAScreen(t *testing.T) {
	for _, args := range everyHelp() {
		code, out, stderr := runCLI(args...)
		require.Equal(t, exitPass, code, "%q: stderr %q", args, stderr)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		assert.LessOrEqual(t, len(lines), 45, "%q: %d lines:\n%s", args, len(lines), out)
		for _, line := range lines {
			assert.LessOrEqual(t, len(line), 100, "%q: a line of %d columns: %s", args, len(line), line)
		}
		if len(args) == 1 {
			continue // the command list: no usage line of its own
		}
		cmd := strings.Join(args[:len(args)-1], " ")
		require.Regexp(t, "^Usage: tilecheck "+cmd+"[ \\n]", out, "%q does not start with its usage line:\n%s", args, out)
		_, rest, _ := strings.Cut(out, "\n\n")
		what, _, _ := strings.Cut(rest, "\n\n")
		assert.Regexp(t, `^[A-Z][^\n]*(\n[^\n]+)*\.$`, what, "%q: no sentence saying what it does after the usage line", args)
		examples := strings.Index(out, "\nExamples:\n")
		flags := strings.Index(out, "\nFlags:\n")
		assert.Positive(t, examples, "%q has no Examples section", args)
		if flags >= 0 {
			assert.Less(t, examples, flags, "%q: examples come before the flags", args)
		}
		assert.Contains(t, out, "\nExit status", "%q: no exit-status summary", args)
	}
}

// TestHelpOncePerCommand: every command's --help prints its help once, on
// stdout, listing flags as --flag (as the usage lines and examples spell
// them); `tilecheck help CMD` prints the same.
func TestHelpOncePerCommand(t *testing.T) {
	for name := range commands {
		if strings.HasPrefix(name, "test-") {
			continue
		}
		code, out, stderr := runCLI(name, "--help")
		assert.Equal(t, exitPass, code, "%s --help: exit %d, stderr %q", name, code, stderr)
		assert.Empty(t, stderr, "%s --help: exit %d, stderr %q", name, code, stderr)
		n := strings.Count(out, "Usage: tilecheck "+name)
		assert.Equal(t, 1, n, "%s --help prints its usage %d times", name, n)
		if strings.Contains(out, "\n  -") {
			assert.Contains(t, out, "\n  --", "%s --help lists flags as -flag:\n%s", name, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "  -") {
				assert.True(t, strings.HasPrefix(line, "  --"), "%s --help: flag line %q", name, line)
			}
		}
		code2, out2, _ := runCLI("help", name)
		assert.Equal(t, exitPass, code2, "tilecheck help %s differs from %s --help (exit %d)", name, name, code2)
		assert.Equal(t, out, out2, "tilecheck help %s differs from %s --help (exit %d)", name, name, code2)
	}
}

// TestUnknownFlagIsOneLine: a bad flag names itself as --flag and points to
// --help, instead of dumping the whole help.
func TestUnknownFlagIsOneLine(t *testing.T) {
	for _, name := range []string{"sweep", "check", "probe", "gpu", "trace", "merge"} {
		code, out, stderr := runCLI(name, "--bogus")
		assert.Equal(t, exitUsage, code, "%s --bogus: exit %d, stdout %q", name, code, out)
		assert.Empty(t, out, "%s --bogus: exit %d, stdout %q", name, code, out)
		const want = "%s --bogus: stderr %q, want one line naming --bogus and --help"
		assert.Equal(t, 1, strings.Count(stderr, "\n"), want, name, stderr)
		assert.Contains(t, stderr, "--bogus", want, name, stderr)
		assert.Contains(t, stderr, "--help", want, name, stderr)
	}
}

func TestVersionCommand(t *testing.T) {
	code, out, _ := runCLI("version")
	const want = "version: exit %d, %q (want the build's version, not a hard-coded one)"
	assert.Equal(t, exitPass, code, want, code, out)
	assert.True(t, strings.HasPrefix(out, "tilecheck "), want, code, out)
	assert.NotContains(t, out, "0.1.0", want, code, out)
}

// TestEmptyFlagValuesAreRefused: a flag given with an empty value (a
// script's unset variable) is bad usage naming the flag, not a silent run
// of the default.
func TestEmptyFlagValuesAreRefused(t *testing.T) {
	const cfg = "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "--iterator", ""}, `--iterator "": empty value`},
		{[]string{"sweep", "--class", ""}, `--class "": empty value`},
		{[]string{"sweep", "--iterator", "reference", "--out", ""}, `--out "": empty value`},
		{[]string{"check", "--iterator", "reference", "--config", cfg, "--ops", "load()", "--property", ""}, `--property "": empty value`},
		{[]string{"probe", "--include", ""}, `--include: empty value`},
		{[]string{"merge", "--format", "", "x.json"}, `--format "": empty value`},
	} {
		code, out, stderr := runCLI(c.args...)
		const want = "%q: exit %d, stdout %.60q, stderr %q; want exit 2 and one line naming %q"
		assert.Equal(t, exitUsage, code, want, c.args, code, out, stderr, c.want)
		assert.Empty(t, out, want, c.args, code, out, stderr, c.want)
		assert.Contains(t, stderr, c.want, want, c.args, code, out, stderr, c.want)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), want, c.args, code, out, stderr, c.want)
	}
}

// TestBackendOnlyFlagsNeedTheirBackend: --arch is nvcc's, so it is refused
// with the Go and host back ends, as --include and friends are with go.
func TestBackendOnlyFlagsNeedTheirBackend(t *testing.T) {
	const cfg = "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64"
	for _, args := range [][]string{
		{"check", "--iterator", "reference", "--config", cfg, "--ops", "load()", "--arch", "sm_90"},
		{"sweep", "--iterator", "reference", "--arch", "sm_80"},
		{"sweep", "--backend", "host", "--arch", "sm_80"},
		{"probe", "--arch", "sm_80"},
	} {
		code, out, stderr := runCLI(args...)
		const want = "%q: exit %d, stdout %.60q, stderr %q; want exit 2 saying --arch needs --backend gpu"
		assert.Equal(t, exitUsage, code, want, args, code, out, stderr)
		assert.Empty(t, out, want, args, code, out, stderr)
		assert.Contains(t, stderr, "--arch needs --backend gpu", want, args, code, out, stderr)
	}
	code, _, stderr := runCLI("sweep", "--iterator", "reference", "--include", "/tmp", "--namespace", "x")
	assert.Equal(t, exitUsage, code, "--include with go: exit %d, stderr %q", code, stderr)
	assert.Contains(t, stderr, "need --backend host or gpu", "--include with go: exit %d, stderr %q", code, stderr)
}

// TestNamespaceMustBeACppName: a --namespace that is no C++ name is bad
// usage, not a header that "does not compile"; real names pass.
func TestNamespaceMustBeACppName(t *testing.T) {
	for _, ns := range []string{"cut lass", "cutlass;", "1cutlass", "cutlass::", "a:::b", "cutlass::*"} {
		code, out, stderr := runCLI("probe", "--include", t.TempDir(), "--namespace", ns)
		const want = "--namespace %q: exit %d, stdout %.60q, stderr %q; want exit 2 naming it"
		assert.Equal(t, exitUsage, code, want, ns, code, out, stderr)
		assert.Empty(t, out, want, ns, code, out, stderr)
		assert.Contains(t, stderr, "not a C++ namespace name", want, ns, code, out, stderr)
	}
	for _, ns := range []string{"cutlass", "my::cutlass", "::cutlass", "_v2"} {
		assert.Regexp(t, cppNamespace, ns, "--namespace %q refused", ns)
	}
}

// TestVersionTakesNoArguments: version is a command like the others: a
// stray flag or argument is bad usage, and it has help.
func TestVersionTakesNoArguments(t *testing.T) {
	for _, args := range [][]string{{"version", "--bogus"}, {"version", "extra"}, {"--version", "extra"}} {
		code, out, stderr := runCLI(args...)
		const want = "%q: exit %d, stdout %q, stderr %q; want exit 2, one line"
		assert.Equal(t, exitUsage, code, want, args, code, out, stderr)
		assert.Empty(t, out, want, args, code, out, stderr)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), want, args, code, out, stderr)
	}
	code, out, _ := runCLI("--version")
	assert.Equal(t, exitPass, code, "--version: exit %d, %q", code, out)
	assert.True(t, strings.HasPrefix(out, "tilecheck "), "--version: exit %d, %q", code, out)
}

// TestUsageLineListsEveryFlag: a command's usage line (its synopsis, up to
// the first blank line of its help) names every flag the command defines,
// so that no flag is only discoverable in the list below.
func TestUsageLineListsEveryFlag(t *testing.T) {
	for name := range commands {
		if strings.HasPrefix(name, "test-") {
			continue
		}
		_, out, _ := runCLI(name, "--help")
		synopsis, _, _ := strings.Cut(out, "\n\n")
		_, list, _ := strings.Cut(out, "\nFlags:\n")
		for _, line := range strings.Split(list, "\n") {
			if !strings.HasPrefix(line, "  --") {
				continue
			}
			flag := strings.Fields(line)[0]
			listed := strings.Contains(synopsis+" ", flag+" ") || strings.Contains(synopsis, flag+"]") || strings.Contains(synopsis, flag+"\n")
			assert.True(t, listed, "%s: --help lists %s, its usage line does not:\n%s", name, flag, synopsis)
		}
	}
}

// flagEntries splits a command's help into its flags' entries, each a
// "  --name" line joined with the indented lines that continue it.
func flagEntries(help string) []string {
	var entries []string
	in := false
	for _, line := range strings.Split(help, "\n") {
		switch {
		case strings.HasPrefix(line, "  --"):
			entries = append(entries, line)
			in = true
		case in && strings.HasPrefix(line, "      ") && strings.TrimSpace(line) != "":
			entries[len(entries)-1] += " " + strings.TrimSpace(line)
		default:
			in = false
		}
	}
	return entries
}

// TestFlagHelpSaysItsDefaultOnce: a flag whose help states its default
// in words does not get the flag package's "(default ...)" after it too,
// and a flag taking a value names it (--header PATH, not --header value).
func TestFlagHelpSaysItsDefaultOnce(t *testing.T) {
	for name := range commands {
		if strings.HasPrefix(name, "test-") {
			continue
		}
		_, out, _ := runCLI(name, "--help")
		entries := flagEntries(out)
		if strings.Contains(out, "\nFlags:") {
			require.NotEmpty(t, entries, "%s --help: no flag entries found under Flags:", name)
		}
		for _, e := range entries {
			assert.LessOrEqual(t, strings.Count(e, "(default"), 1, "%s --help: %q states its default twice", name, e)
			flag, _, _ := strings.Cut(strings.TrimSpace(e), "  ")
			assert.False(t, strings.HasSuffix(flag, " value"), "%s --help: %q has no name for its value", name, e)
		}
	}
}

// The entry splitter sees a default stated twice across a wrapped line,
// and an unnamed value, so the test above can fail.
func TestFlagEntriesJoinWrappedLines(t *testing.T) {
	help := "Flags:\n  --cxx COMPILER  the host compiler (default: $CXX,\n                  else g++) (default g++)\n  --n value       a count\n\nExamples:\n      not a flag\n"
	got := flagEntries(help)
	require.Equal(t, []string{
		"  --cxx COMPILER  the host compiler (default: $CXX, else g++) (default g++)",
		"  --n value       a count",
	}, got)
	require.Equal(t, 2, strings.Count(got[0], "(default"))
}

// TestCheckHelpNamesEveryExit2: check --help lists the exit-2 cases the
// README names, the --property that judged nothing among them.
func TestCheckHelpNamesEveryExit2(t *testing.T) {
	_, out, _ := runCLI("check", "--help")
	for _, want := range []string{"does not apply to the case", "a model that fails"} {
		assert.Contains(t, out, want, "check --help does not say %q", want)
	}
}

// TestHelpArguments: `help help` is the list of commands, and help takes
// one command at a time (it used to call help unknown, and to ignore what
// followed the command).
func TestHelpArguments(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"help", "help"}, &out, &errb)
	const wantList = "help help: exit %d, stdout %q, stderr %q; want the command list and exit 0"
	assert.Equal(t, exitPass, code, wantList, code, out.String(), errb.String())
	assert.Contains(t, out.String(), "sweep", wantList, code, out.String(), errb.String())
	out.Reset()
	errb.Reset()
	code = run([]string{"help", "check", "extra"}, &out, &errb)
	const wantOne = "help check extra: exit %d, stderr %q; want exit 2 naming the extra argument"
	assert.Equal(t, exitUsage, code, wantOne, code, errb.String())
	assert.Contains(t, errb.String(), "one command at a time", wantOne, code, errb.String())
}
