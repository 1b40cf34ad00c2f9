package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
)

// progress draws "sweep: done/total (pct%)" on stderr while a sweep runs. It
// stays silent unless stderr is a terminal, so logs and CI output never see
// carriage returns, and it waits progressDelay before drawing anything, so
// short sweeps print nothing at all.
type progress struct {
	w       io.Writer
	enabled bool
	start   time.Time

	mu     sync.Mutex // the engine reports from several workers
	last   time.Time
	drawn  bool
	now    func() time.Time
	period time.Duration
}

const (
	progressDelay  = 2 * time.Second
	progressPeriod = 200 * time.Millisecond
)

func newProgress(stderr io.Writer) *progress {
	f, ok := stderr.(*os.File)
	enabled := ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
	return &progress{w: stderr, enabled: enabled, start: time.Now(), now: time.Now, period: progressPeriod}
}

// update is the engine's Progress callback; safe for concurrent use.
func (p *progress) update(done, total int) {
	if !p.enabled {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if now.Sub(p.start) < progressDelay || now.Sub(p.last) < p.period {
		return
	}
	p.last = now
	p.drawn = true
	pct := 0
	if total > 0 {
		pct = done * 100 / total
	}
	fmt.Fprintf(p.w, "\rsweep: %d/%d (%d%%)  ", done, total, pct)
}

// finish erases the progress line, if one was drawn, before the report or
// an error is printed.
func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
		p.drawn = false
	}
}
