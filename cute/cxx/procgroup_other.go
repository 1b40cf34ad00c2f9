//go:build !unix

package cxx

import "os/exec"

// killGroupOnCancel: without process groups, cancelling kills the program
// alone (exec.CommandContext's default).
func killGroupOnCancel(cmd *exec.Cmd) {}
