package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// parseFlags parses args into fs. It reports done with an exit status when
// the command must stop: 0 after --help (usage on stdout), 2 after a bad
// flag or a stray argument: one line naming it and where the help is, on
// stderr (a 3 KB help dump would bury the one line that matters).
func parseFlags(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (int, bool) {
	return parseFlagsArgs(fs, args, usage, false, stdout, stderr)
}

// parseFlagsArgs is parseFlags for a command that takes arguments after
// its flags (allowArgs).
func parseFlagsArgs(fs *flag.FlagSet, args []string, usage string, allowArgs bool, stdout, stderr io.Writer) (int, bool) {
	fs.SetOutput(io.Discard) // errors are printed below, once, in our format
	fs.Usage = func() {}
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		printDefaults(stdout, fs)
		return exitPass, true
	case err != nil:
		fmt.Fprintf(stderr, "tilecheck %s: %v (run 'tilecheck %s --help' for the flags)\n", fs.Name(), dashes(err.Error()), fs.Name())
		return exitUsage, true
	case fs.NArg() > 0 && !allowArgs:
		fmt.Fprintf(stderr, "tilecheck %s: unexpected argument %q (run 'tilecheck %s --help' for the flags)\n", fs.Name(), fs.Arg(0), fs.Name())
		return exitUsage, true
	}
	if empty := emptyFlags(fs); len(empty) > 0 {
		fmt.Fprintf(stderr, "tilecheck %s: %s: empty value (leave the flag out for its default; run 'tilecheck %s --help' for the flags)\n",
			fs.Name(), strings.Join(empty, ", "), fs.Name())
		return exitUsage, true
	}
	return 0, false
}

// emptyFlags lists, as --name "", the flags given explicitly with an empty
// value: no flag of tilecheck takes one, and an empty --iterator or --class
// (a script's unset variable) must not quietly run the default.
func emptyFlags(fs *flag.FlagSet) []string {
	var empty []string
	fs.Visit(func(f *flag.Flag) {
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			return
		}
		if f.Value.String() == "" {
			empty = append(empty, fmt.Sprintf("--%s %q", f.Name, ""))
		}
	})
	return empty
}

// dashes spells the flag package's "-name" as "--name", as every usage line
// and example does (both spellings are accepted).
func dashes(msg string) string {
	msg = strings.Replace(msg, "flag provided but not defined: -", "flag provided but not defined: --", 1)
	return strings.Replace(msg, " for flag -", " for flag --", 1)
}

// printDefaults lists the flags as the usage lines spell them (--name), one
// flag a line where it fits: the name in a column, its description beside it
// wrapped to helpWidth, so that a command's help fits one terminal screen.
func printDefaults(w io.Writer, fs *flag.FlagSet) {
	type entry struct{ name, usage string }
	var entries []entry
	col := 0
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		if t, ok := f.Value.(interface{ flagType() string }); ok && name == "value" {
			name = t.flagType()
		}
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		// A help that states its default in words ("(default: every
		// thread)") does not also get the raw value ("(default -1)").
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "[]" && !strings.Contains(usage, "(default") {
			usage += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		entries = append(entries, entry{line, usage})
		if len(line) <= helpNameMax {
			col = max(col, len(line))
		}
	})
	indent := strings.Repeat(" ", col+2)
	for _, e := range entries {
		lines := wrapWords(strings.ReplaceAll(e.usage, "\n", " "), helpWidth-len(indent))
		if len(e.name) > col {
			fmt.Fprintln(w, e.name)
		} else {
			fmt.Fprintln(w, e.name+strings.Repeat(" ", len(indent)-len(e.name))+lines[0])
			lines = lines[1:]
		}
		for _, l := range lines {
			fmt.Fprintln(w, indent+l)
		}
	}
}

// helpWidth is the widest line help prints; a flag's name wider than
// helpNameMax puts its description on the lines below it.
const (
	helpWidth   = 100
	helpNameMax = 24
)

// wrapWords breaks s into lines of at most width columns at spaces (a word
// longer than width stands alone).
func wrapWords(s string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case len(line)+1+len(word) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return append(lines, line)
}

// flagSet reports whether the flag name was given on the command line (not
// left at its default).
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
