package main

import "bytes"

// runCLI runs `tilecheck args...` in-process and returns its exit status and
// what it wrote to stdout and stderr.
func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}
