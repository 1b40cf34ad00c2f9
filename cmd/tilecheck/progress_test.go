package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeClock is a clock a test moves by hand: progress is tested without
// waiting.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// TestProgressSilentOffTerminal: a buffer is not a terminal, and without
// --verbose nothing at all is written, however long the run.
func TestProgressSilentOffTerminal(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf, false)
	assert.Nil(t, p.phase("sweep"), "a progress callback was returned off a terminal without --verbose")
	clock := &fakeClock{time.Unix(1000, 0)}
	p = newProgressTo(&buf, false, false, clock.now)
	clock.advance(time.Minute)
	p.update("sweep", 1, 2)
	p.finish()
	require.Zero(t, buf.Len(), "progress written off a terminal: %q", buf.String())
}

// TestProgressTerminalLine: on a terminal, nothing in the first two
// seconds; then one line redrawn in place with elapsed time and an estimate
// of the time left from the phase's rate; finish erases it.
func TestProgressTerminalLine(t *testing.T) {
	var buf bytes.Buffer
	clock := &fakeClock{time.Unix(1000, 0)}
	p := newProgressTo(&buf, true, false, clock.now)
	update := p.phase("probe: translation units built and run")
	update(0, 8) // the phase starts
	clock.advance(time.Second)
	update(1, 8)
	require.Zero(t, buf.Len(), "progress drawn before %v: %q", progressDelay, buf.String())
	clock.advance(19 * time.Second) // 20 s for 2 of 8: 60 s left
	update(2, 8)
	want := "\r\033[Kprobe: translation units built and run: 2/8 (25%), 0:20 elapsed, about 1:00 left"
	got := buf.String()
	require.Equal(t, want, got, "progress line\n got %q\nwant %q", got, want)
	clock.advance(progressPeriod / 2)
	update(3, 8) // too soon after the last draw
	require.Equal(t, want, buf.String(), "redrawn within %v: %q", progressPeriod, buf.String())
	p.finish()
	assert.True(t, strings.HasSuffix(buf.String(), "\r\033[K"), "finish did not erase the line: %q", buf.String())
	assert.NotContains(t, buf.String(), "\n", "a terminal progress line wrote a newline: %q", buf.String())
}

// TestProgressVerboseLines: off a terminal with --verbose, plain lines
// (no carriage return) at most every progressLogPeriod; a new phase's
// estimate uses only that phase's rate, and its total never grows.
func TestProgressVerboseLines(t *testing.T) {
	var buf bytes.Buffer
	clock := &fakeClock{time.Unix(1000, 0)}
	p := newProgressTo(&buf, false, true, clock.now)
	build := p.phase("sweep")
	build(0, 100)
	clock.advance(10 * time.Second)
	build(10, 100)
	clock.advance(time.Second)
	build(11, 100) // within the log period: not written
	clock.advance(10 * time.Second)
	build(20, 100)
	got := buf.String()
	want := "sweep: 10/100 (10%), 0:10 elapsed, about 1:30 left\n" +
		"sweep: 20/100 (20%), 0:21 elapsed, about 1:24 left\n"
	require.Equal(t, want, got, "verbose progress\n got %q\nwant %q", got, want)
	assert.NotContains(t, got, "\r", "carriage return off a terminal: %q", got)
}

func TestClock(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0:00", 59 * time.Second: "0:59", 61 * time.Second: "1:01", 3725 * time.Second: "1:02:05"} {
		got := clock(d)
		assert.Equal(t, want, got, "clock(%v) = %q, want %q", d, got, want)
	}
}

// TestCompiledSweepQuietUnlessVerbose: a compiled sweep whose stderr is not
// a terminal prints nothing there (no build log, no progress) unless
// --verbose, which logs the builds and progress lines.
func TestCompiledSweepQuietUnlessVerbose(t *testing.T) {
	t.Parallel()
	requireCompiler(t)
	// The command docs/own-cutlass.md shows, whose builds the cuda
	// package's TestCompiledSweepParityQuick (and the docs' own run) make
	// too: what reaches stderr does not depend on who built the program,
	// and the build cache serves one compile to all three.
	args := []string{"sweep", "--backend", "host", "--iterator", "cutlass", "--format", "json"}
	code, out, stderr := runCLI(args...)
	require.Equal(t, exitFail, code, "exit %d (want 1: the cutlass rendition fails P-tile); stderr %s", code, stderr)
	require.True(t, strings.HasPrefix(out, "{"), "exit %d; stderr %s", code, stderr)
	assert.Equal(t, "", stderr, "stderr not a terminal, no --verbose, but it got:\n%s", stderr)
	code, _, stderr = runCLI(append(args, "--verbose")...)
	assert.Equal(t, exitFail, code, "--verbose: exit %d, no build log on stderr: %q", code, stderr)
	assert.Contains(t, stderr, "tilecheck sweep: ", "--verbose: exit %d, no build log on stderr: %q", code, stderr)
}
