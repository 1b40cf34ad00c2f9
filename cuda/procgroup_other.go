//go:build !unix

package cuda

import "os/exec"

// killGroupOnCancel: without process groups, cancelling kills the driver
// process only (exec.CommandContext's default).
func killGroupOnCancel(cmd *exec.Cmd) {}
