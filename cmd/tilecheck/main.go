// Command tilecheck finds address bugs in GPU tile iterators. This package
// only parses flags and calls the library packages; each subcommand lives in
// its own file and registers itself in commands.
package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
)

// Exit statuses (docs/contract.md#exit-statuses), plus the two a script must tell apart from
// them: an internal error (a bug in tilecheck, never bad usage) and an
// interrupted run (128 + SIGINT, as shells report it).
const (
	exitPass        = 0
	exitFail        = 1
	exitUsage       = 2
	exitWeak        = 3
	exitInternal    = 4
	exitInterrupted = 130
)

// command is one subcommand: run parses args (after the subcommand name) and
// returns the exit status. ctx is cancelled on SIGINT or SIGTERM.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(name string, c command) { commands[name] = c }

func main() {
	ctx, stop := notifyInterrupt(context.Background())
	code := runContext(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is runContext without interruption (tests).
func run(args []string, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdout, stderr)
}

func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) (code int) {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) > 2 {
			fmt.Fprintf(stderr, "tilecheck help: one command at a time, got %q\n", args[1:])
			return exitUsage
		}
		if len(args) > 1 && args[1] != "help" { // tilecheck help sweep: the command's own help
			if _, ok := commands[args[1]]; ok {
				return runContext(ctx, []string{args[1], "--help"}, stdout, stderr)
			}
			fmt.Fprintf(stderr, "tilecheck help: unknown command %q (run 'tilecheck help' for the list)\n", args[1])
			return exitUsage
		}
		usage(stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitPass
	}
	if args[0] == "--version" {
		args = append([]string{"version"}, args[1:]...)
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "tilecheck: unknown command %q (run 'tilecheck help' for the list)\n", args[0])
		return exitUsage
	}
	// A panic is a bug in tilecheck, not bad input: say so in one line
	// (no stack trace for the user to wade through) and exit with a status
	// that no verdict or usage error shares.
	defer func() {
		if p := recover(); p != nil {
			code = internalError(stderr, args[0], p)
		}
	}()
	return c.run(ctx, args[1:], stdout, stderr)
}

// internalError reports a bug in tilecheck and returns exitInternal.
func internalError(stderr io.Writer, cmd string, what any) int {
	fmt.Fprintf(stderr, "tilecheck %s: internal error: %v\n(this is a bug in tilecheck, not in your input; please report it with the command line)\n", cmd, what)
	return exitInternal
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "tilecheck finds address bugs in GPU tile iterators (CUTLASS RegularTileIterator and family).")
	fmt.Fprintln(w, "\nUsage: tilecheck <command> [flags]\n\nCommands:")
	names := slices.Sorted(maps.Keys(commands))
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nExit status: 0 pass, 1 a property failed, 2 bad usage or invalid input, 3 weak evidence,")
	fmt.Fprintln(w, "4 internal error (a bug in tilecheck), 130 interrupted (SIGINT or SIGTERM).")
	fmt.Fprintln(w, "Run 'tilecheck help <command>' or 'tilecheck <command> --help' for a command's flags and examples.")
}

// fail prints err and returns exit status 2: every error a command reports
// before it has a verdict is bad usage or invalid input.
func fail(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "tilecheck %s: %v\n", cmd, err)
	return exitUsage
}
