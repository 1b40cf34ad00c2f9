package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/tilecheck/tilecheck/report"
)

func init() {
	register("version", command{
		summary: "print the build's version (module version and VCS revision)",
		run:     runVersion,
	})
}

const versionUsage = `Usage: tilecheck version

Prints the build: the module version (devel from a checkout) and the VCS
revision, as every report names it. 'tilecheck --version' is the same.

Examples:
  tilecheck version
  tilecheck --version

Exit status: 0 printed, 2 bad usage.
`

func runVersion(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	if code, done := parseFlags(fs, args, versionUsage, stdout, stderr); done {
		return code
	}
	fmt.Fprintln(stdout, "tilecheck", report.Version())
	return exitPass
}
