//go:build !unix

package cuda

import "os/exec"

// KillGroupOnCancel: without process groups, cancelling kills the driver
// process only (exec.CommandContext's default).
func KillGroupOnCancel(cmd *exec.Cmd) {}
