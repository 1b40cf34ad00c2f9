package mytile_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The commands the pages show. In a fenced code block, a line "$ tilecheck
// …" (continued by a trailing backslash) is a command and the lines up to
// the next "$ " or the end of the block are what it prints: its standard
// output, or its standard error when it prints nothing on standard output.
// A trailing shell comment says what else to expect:
//
//	# exit N          the exit status (0 when not said)
//	# needs …         a CUTLASS checkout, a GPU or CUDA: only the flags are
//	                  checked, against the command's --help
//	# slow: …         run only with TILECHECK_DOCS_SLOW=1; otherwise the
//	                  flags are checked as above
//
// Shown output is compared line by line, trailing spaces aside: the first
// shown line with the first line printed, each next one with the next
// line printed; "..." skips any number of lines, and a line ending in
// "..." matches any line it begins. Without "..." at its end the shown
// output is the whole output; a command that shows none prints nothing
// on standard output. Commands of one block run in order in one
// directory, so a block can make files and read them (shards, merge).

// docCommand is one command of a page.
type docCommand struct {
	page   string
	line   int
	args   []string // after "tilecheck"
	exit   int
	needs  string // why it is not run, if not
	slow   bool
	output []string
}

func (c docCommand) String() string {
	return fmt.Sprintf("%s:%d: tilecheck %s", rel(c.page), c.line, strings.Join(c.args, " "))
}

var (
	exitComment  = regexp.MustCompile(`\bexit (\d+)\b`)
	needsComment = regexp.MustCompile(`\bneeds\b.*`)
	slowComment  = regexp.MustCompile(`\bslow\b`)
)

// pageCommands parses the commands of one page, grouped by block.
func pageCommands(t *testing.T, path string) [][]docCommand {
	t.Helper()
	blocks, _ := fencedBlocks(readPage(t, path))
	var out [][]docCommand
	for _, b := range blocks {
		var cmds []docCommand
		for i := 0; i < len(b.lines); i++ {
			l := b.lines[i]
			if !strings.HasPrefix(l, "$ ") {
				if len(cmds) > 0 {
					cmds[len(cmds)-1].output = append(cmds[len(cmds)-1].output, strings.TrimRight(l, " \t"))
				} else {
					assert.False(t, strings.HasPrefix(strings.TrimSpace(l), "tilecheck "),
						"%s:%d: a tilecheck command without its \"$ \" prompt: the test cannot tell it from output", rel(path), b.line+i)
				}
				continue
			}
			start := b.line + i
			text := strings.TrimPrefix(l, "$ ")
			for strings.HasSuffix(text, "\\") && i+1 < len(b.lines) {
				i++
				text = strings.TrimSuffix(text, "\\") + " " + strings.TrimSpace(b.lines[i])
			}
			words, comment, err := shellWords(text)
			if !assert.NoError(t, err, "%s:%d: %v", rel(path), start, err) {
				continue
			}
			if !assert.True(t, len(words) > 0 && words[0] == "tilecheck", "%s:%d: %q: only tilecheck commands take a \"$ \" prompt", rel(path), start, text) {
				continue
			}
			c := docCommand{page: path, line: start, args: words[1:]}
			if m := exitComment.FindStringSubmatch(comment); m != nil {
				c.exit, _ = strconv.Atoi(m[1])
			}
			c.needs = needsComment.FindString(comment)
			c.slow = slowComment.MatchString(comment)
			cmds = append(cmds, c)
		}
		if len(cmds) > 0 {
			// Output runs to the block's end: drop a trailing blank line.
			last := &cmds[len(cmds)-1]
			for len(last.output) > 0 && last.output[len(last.output)-1] == "" {
				last.output = last.output[:len(last.output)-1]
			}
			out = append(out, cmds)
		}
	}
	return out
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildDir  string
)

// tilecheckBinary builds cmd/tilecheck once per test run.
func tilecheckBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "tilecheck-docs-")
		if buildErr != nil {
			return
		}
		// The go command that runs the tests: on PATH, or under $GOROOT.
		goTool := "go"
		if _, err := exec.LookPath(goTool); err != nil && os.Getenv("GOROOT") != "" {
			goTool = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
		}
		binPath = filepath.Join(buildDir, "tilecheck")
		cmd := exec.Command(goTool, "build", "-o", binPath, "./cmd/tilecheck")
		cmd.Dir = repoRoot
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build ./cmd/tilecheck: %v\n%s", err, out)
		}
	})
	require.NoError(t, buildErr)
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// TestPageCommands runs every tilecheck command of README.md and
// docs/*.md and holds it to its exit status and the output shown.
func TestPageCommands(t *testing.T) {
	bin := tilecheckBinary(t)
	abs, err := filepath.Abs(repoRoot)
	require.NoError(t, err)
	// Builds of compiled code share the checkout's cache, as they would
	// run from inside it, though each block runs in a directory of its own.
	env := append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(abs, ".cache"))
	slowOK := os.Getenv("TILECHECK_DOCS_SLOW") == "1"
	total, run := 0, 0
	for _, page := range pages(t) {
		for _, cmds := range pageCommands(t, page) {
			dir := t.TempDir()
			for _, c := range cmds {
				total++
				switch {
				case c.needs != "":
					t.Logf("%s: flags checked only (%s)", c, c.needs)
					checkFlags(t, bin, c)
					continue
				case c.slow && !slowOK:
					t.Logf("%s: flags checked only (slow; TILECHECK_DOCS_SLOW=1 runs it)", c)
					checkFlags(t, bin, c)
					continue
				case compiles(c) && !haveCompiler():
					t.Logf("%s: flags checked only (no C++ compiler: $CXX or g++)", c)
					checkFlags(t, bin, c)
					continue
				}
				run++
				runCommand(t, bin, dir, env, c)
			}
		}
	}
	require.NotZero(t, run, "no command run: the pages' command syntax no longer matches the test")
	t.Logf("%d commands, %d run, the others' flags checked", total, run)
}

// compiles says whether a command builds C++ (the probe, the gpu
// protocol, a compiled back end).
func compiles(c docCommand) bool {
	if len(c.args) > 0 && (c.args[0] == "probe" || c.args[0] == "gpu") {
		return true
	}
	for i, a := range c.args {
		if a == "--backend=host" || a == "--backend=gpu" ||
			(a == "--backend" && i+1 < len(c.args) && c.args[i+1] != "go") {
			return true
		}
	}
	return false
}

// haveCompiler says whether the host C++ compiler tilecheck would use is
// on PATH.
func haveCompiler() bool {
	cxx := os.Getenv("CXX")
	if cxx == "" {
		cxx = "g++"
	}
	_, err := exec.LookPath(strings.Fields(cxx)[0])
	return err == nil
}

func runCommand(t *testing.T, bin, dir string, env []string, c docCommand) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, c.args...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	started := time.Now()
	err := cmd.Run()
	t.Logf("%s: %.1f s", c, time.Since(started).Seconds())
	status := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		status = exit.ExitCode()
	} else if !assert.NoError(t, err, "%s: %v", c, err) {
		return
	}
	assert.Equal(t, c.exit, status, "%s: exit status, the page says\nstderr: %s", c, firstLines(stderr.String(), 5))
	if len(c.output) == 0 {
		assert.Zero(t, stdout.Len(), "%s: the page shows no output, the command printed:\n%s", c, firstLines(stdout.String(), 5))
		return
	}
	printed := stdout.String()
	if printed == "" {
		printed = stderr.String()
	}
	assert.Empty(t, matchOutput(c.output, splitLines(printed)), "%s", c)
}

func splitLines(s string) []string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return lines
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// checkFlags holds a command that is not run to its subcommand's flags:
// each --flag it gives must be one that the subcommand's --help lists.
func checkFlags(t *testing.T, bin string, c docCommand) {
	t.Helper()
	var sub []string
	for _, a := range c.args {
		if strings.HasPrefix(a, "-") {
			break
		}
		sub = append(sub, a)
	}
	help, err := exec.Command(bin, append(sub, "--help")...).CombinedOutput()
	if !assert.NoError(t, err, "%s: tilecheck %s --help: %v", c, strings.Join(sub, " "), err) {
		return
	}
	for _, a := range c.args[len(sub):] {
		if !strings.HasPrefix(a, "--") {
			continue
		}
		name, _, _ := strings.Cut(a, "=")
		assert.True(t, regexp.MustCompile(regexp.QuoteMeta(name)+`\b`).Match(help), "%s: %s is not a flag of tilecheck %s (its --help does not list it)", c, name, strings.Join(sub, " "))
	}
}
