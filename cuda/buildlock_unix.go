//go:build unix

package cuda

import (
	"context"
	"os"
	"syscall"
	"time"
)

// lockBuild holds an exclusive lock on path until unlock is called, so that
// processes (and goroutines) sharing a cache compile one source once: the
// others wait, then find it built. Waiting ends with ctx.
func lockBuild(ctx context.Context, path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { f.Close() }, nil // closing releases the lock
		}
		if err != syscall.EWOULDBLOCK && err != syscall.EINTR {
			f.Close()
			return nil, err
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}
