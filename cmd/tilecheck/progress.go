package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
)

// progress shows how far a long command is: on a terminal, one line
// redrawn in place ("sweep: 120/480 (25%), 0:12 elapsed, about 0:36
// left"); with --verbose and stderr not a terminal, a plain line every
// progressLogPeriod, which a CI log can hold; otherwise nothing, so that
// logs and CI output never see carriage returns. It waits progressDelay
// before drawing anything, so short commands print nothing at all.
//
// Work comes in phases (compiling translation units, then running them;
// judging batches), each with a total counted before it starts, so a total
// never grows; the estimate of time left is the phase's elapsed time scaled
// by what is left of it.
type progress struct {
	w     io.Writer
	tty   bool // redraw one line in place
	lines bool // not a terminal, --verbose: plain lines, less often
	now   func() time.Time
	start time.Time

	mu         sync.Mutex // updates come from several workers
	last       time.Time
	drawn      bool
	phaseStart time.Time
	phaseName  string
	period     time.Duration
}

const (
	progressDelay     = 2 * time.Second
	progressPeriod    = 200 * time.Millisecond
	progressLogPeriod = 10 * time.Second
)

// newProgress draws on stderr when it is a terminal, or, with verbose, logs
// plain lines when it is not.
func newProgress(stderr io.Writer, verbose bool) *progress {
	f, ok := stderr.(*os.File)
	tty := ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
	return newProgressTo(stderr, tty, verbose && !tty, time.Now)
}

// newProgressTo is newProgress with the terminal test and the clock given
// (tests inject both).
func newProgressTo(w io.Writer, tty, lines bool, now func() time.Time) *progress {
	p := &progress{w: w, tty: tty, lines: lines, now: now, start: now(), period: progressPeriod}
	if lines {
		p.period = progressLogPeriod
	}
	return p
}

func (p *progress) enabled() bool { return p != nil && (p.tty || p.lines) }

// phase returns the update function of a phase named name, for a callback
// such as sweep.Options.Progress or cuda.Options.Progress: done of total
// steps finished. It is safe for concurrent use.
func (p *progress) phase(name string) func(done, total int) {
	if !p.enabled() {
		return nil
	}
	return func(done, total int) { p.update(name, done, total) }
}

func (p *progress) update(name string, done, total int) {
	if !p.enabled() {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if name != p.phaseName {
		p.phaseName, p.phaseStart = name, p.now()
	}
	now := p.now()
	final := total > 0 && done >= total
	if now.Sub(p.start) < progressDelay || (now.Sub(p.last) < p.period && !(final && p.drawn)) {
		return
	}
	p.last = now
	line := progressLine(name, done, total, now.Sub(p.start), now.Sub(p.phaseStart))
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K%s", line)
		p.drawn = true
	} else {
		fmt.Fprintln(p.w, line)
	}
}

// progressLine is "name: done/total (pct%), elapsed, about left": left is
// the phase's rate applied to what remains, shown once a step is done.
func progressLine(name string, done, total int, elapsed, phase time.Duration) string {
	pct := 0
	if total > 0 {
		pct = done * 100 / total
	}
	s := fmt.Sprintf("%s: %d/%d (%d%%), %s elapsed", name, done, total, pct, clock(elapsed))
	if done > 0 && done < total {
		left := time.Duration(float64(phase) * float64(total-done) / float64(done))
		s += ", about " + clock(left) + " left"
	}
	return s
}

// clock formats a duration as m:ss, or h:mm:ss past an hour.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// logf is a Log hook that prints only with --verbose, clearing the
// progress line first so the two do not interleave on a terminal.
func (p *progress) logf(verbose bool, stderr io.Writer, prefix string) func(format string, args ...any) {
	if !verbose {
		return nil
	}
	return func(format string, args ...any) {
		if p != nil {
			p.mu.Lock()
			if p.drawn {
				fmt.Fprint(p.w, "\r\033[K")
				p.drawn = false
			}
			p.mu.Unlock()
		}
		fmt.Fprintf(stderr, prefix+format+"\n", args...)
	}
}

// finish erases the progress line, if one was drawn, before the report or
// an error is printed.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
		p.drawn = false
	}
}
