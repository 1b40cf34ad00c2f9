//go:build unix

package cuda

import (
	"os/exec"
	"syscall"
	"time"
)

// KillGroupOnCancel runs cmd in a process group of its own and makes
// cancelling its context kill the whole group: g++ and nvcc do their work
// in children (cc1plus, as, ld; cicc, ptxas), which killing the driver
// alone would leave running after an interrupted run.
func KillGroupOnCancel(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	// Children that inherited the output pipes must not keep Wait waiting.
	cmd.WaitDelay = 2 * time.Second
}
