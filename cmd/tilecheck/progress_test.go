package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
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
	if p.phase("sweep") != nil {
		t.Error("a progress callback was returned off a terminal without --verbose")
	}
	clock := &fakeClock{time.Unix(1000, 0)}
	p = newProgressTo(&buf, false, false, clock.now)
	clock.advance(time.Minute)
	p.update("sweep", 1, 2)
	p.finish()
	if buf.Len() != 0 {
		t.Fatalf("progress written off a terminal: %q", buf.String())
	}
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
	if buf.Len() != 0 {
		t.Fatalf("progress drawn before %v: %q", progressDelay, buf.String())
	}
	clock.advance(19 * time.Second) // 20 s for 2 of 8: 60 s left
	update(2, 8)
	want := "\r\033[Kprobe: translation units built and run: 2/8 (25%), 0:20 elapsed, about 1:00 left"
	if got := buf.String(); got != want {
		t.Fatalf("progress line\n got %q\nwant %q", got, want)
	}
	clock.advance(progressPeriod / 2)
	update(3, 8) // too soon after the last draw
	if got := buf.String(); got != want {
		t.Fatalf("redrawn within %v: %q", progressPeriod, got)
	}
	p.finish()
	if !strings.HasSuffix(buf.String(), "\r\033[K") {
		t.Errorf("finish did not erase the line: %q", buf.String())
	}
	if strings.Contains(buf.String(), "\n") {
		t.Errorf("a terminal progress line wrote a newline: %q", buf.String())
	}
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
	if got != want {
		t.Fatalf("verbose progress\n got %q\nwant %q", got, want)
	}
	if strings.Contains(got, "\r") {
		t.Errorf("carriage return off a terminal: %q", got)
	}
}

func TestClock(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0:00", 59 * time.Second: "0:59", 61 * time.Second: "1:01", 3725 * time.Second: "1:02:05"} {
		if got := clock(d); got != want {
			t.Errorf("clock(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestCompiledSweepQuietUnlessVerbose: a compiled sweep whose stderr is not
// a terminal prints nothing there (no build log, no progress) unless
// --verbose, which logs the builds and progress lines.
func TestCompiledSweepQuietUnlessVerbose(t *testing.T) {
	t.Parallel()
	requireCompiler(t)
	// One small class: what reaches stderr does not depend on how much is
	// built.
	args := []string{"sweep", "--backend", "host", "--iterator", "reference", "--class", "RegularTileAccessIterator", "--format", "json"}
	code, out, stderr := runCLI(args...)
	if code != exitPass || !strings.HasPrefix(out, "{") {
		t.Fatalf("exit %d; stderr %s", code, stderr)
	}
	if stderr != "" {
		t.Errorf("stderr not a terminal, no --verbose, but it got:\n%s", stderr)
	}
	code, _, stderr = runCLI(append(args, "--verbose")...)
	if code != exitPass || !strings.Contains(stderr, "tilecheck sweep: ") {
		t.Errorf("--verbose: exit %d, no build log on stderr: %q", code, stderr)
	}
}
