// Command tilecheck finds address bugs in GPU tile iterators. This package
// only parses flags and calls the library packages; each subcommand lives in
// its own file and registers itself in commands.
package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
)

// Exit statuses (SPEC §8).
const (
	exitPass  = 0
	exitFail  = 1
	exitUsage = 2
	exitWeak  = 3
)

// command is one subcommand: run parses args (after the subcommand name) and
// returns the exit status.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(name string, c command) { commands[name] = c }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitPass
	}
	if args[0] == "version" || args[0] == "--version" {
		fmt.Fprintln(stdout, "tilecheck", Version)
		return exitPass
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "tilecheck: unknown command %q\n\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return c.run(args[1:], stdout, stderr)
}

// Version is the tool version reported in every report.
var Version = "0.1.0"

func usage(w io.Writer) {
	fmt.Fprintln(w, "tilecheck finds address bugs in GPU tile iterators (CUTLASS RegularTileIterator and family).")
	fmt.Fprintln(w, "\nUsage: tilecheck <command> [flags]\n\nCommands:")
	names := slices.Sorted(maps.Keys(commands))
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nExit status: 0 pass, 1 a property failed, 2 bad usage or invalid input, 3 weak evidence.")
	fmt.Fprintln(w, "Run 'tilecheck <command> --help' for a command's flags and examples.")
}

// fail prints err and returns exit status 2: every error a command reports
// before it has a verdict is bad usage or invalid input.
func fail(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "tilecheck %s: %v\n", cmd, err)
	return exitUsage
}
