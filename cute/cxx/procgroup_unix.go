//go:build unix

package cxx

import (
	"os/exec"
	"syscall"
	"time"
)

// killGroupOnCancel runs cmd in a process group of its own and makes
// cancelling it (the context, or the per-case watchdog) kill the whole
// group, so that nothing the program started outlives it.
func killGroupOnCancel(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 2 * time.Second
}
