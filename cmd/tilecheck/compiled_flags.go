package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// parseCommandFlags parses the flags of a command whose help text is usage
// followed by the flag defaults. --help prints that help on stdout and the
// command passes; a bad flag (the flag package has already named it on
// stderr) is a usage error. done says the command must return code now.
func parseCommandFlags(fs *flag.FlagSet, usage string, args []string, stdout, stderr io.Writer) (code int, done bool) {
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fmt.Fprint(stdout, usage)
		fs.PrintDefaults()
		return exitPass, true
	}
	return exitUsage, true
}
