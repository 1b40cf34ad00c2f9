// Package ctxtest holds a context for tests of cancellation that needs no
// clock.
package ctxtest

import "context"

// Countdown is a context that becomes cancelled on its n-th look (Err): an
// interrupt that lands part-way through work, at a chosen check.
type Countdown struct {
	context.Context
	cancel      context.CancelFunc
	looks, when int
}

// NewCountdown is a Countdown cancelled on look when.
func NewCountdown(when int) *Countdown {
	ctx, cancel := context.WithCancel(context.Background())
	return &Countdown{Context: ctx, cancel: cancel, when: when}
}

// Err counts a look, cancelling on the when-th.
func (c *Countdown) Err() error {
	if c.looks++; c.looks >= c.when {
		c.cancel()
	}
	return c.Context.Err()
}

// Looks is how many times Err was called.
func (c *Countdown) Looks() int { return c.looks }
