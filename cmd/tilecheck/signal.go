package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// notifyInterrupt returns a context cancelled by the first SIGINT or
// SIGTERM. Commands watch it to stop their workers, kill their compiler
// process groups and write what they have, marked interrupted; a second
// signal restores the default action, so a stuck run can still be killed.
func notifyInterrupt(parent context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancel(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case <-ch:
			signal.Reset(os.Interrupt, syscall.SIGTERM)
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, func() { signal.Stop(ch); cancel() }
}
