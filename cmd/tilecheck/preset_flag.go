package main

import (
	"flag"
	"fmt"

	"github.com/tilecheck/tilecheck/gen"
)

// presetFlag is a --preset flag read once into a typed gen.Preset. Set
// accepts any name and problem judges it later, so that a bad preset is
// reported with the command's other problems in one line.
type presetFlag struct {
	p     gen.Preset
	probe bool // representative is allowed (probe, gpu), not only a sweep preset
}

// presetVar registers a --preset style flag with its default.
func presetVar(fs *flag.FlagSet, name string, def gen.Preset, probe bool, usage string) *presetFlag {
	f := &presetFlag{p: def, probe: probe}
	fs.Var(f, name, usage)
	return f
}

func (f *presetFlag) String() string {
	if f == nil {
		return ""
	}
	return string(f.p)
}

func (f *presetFlag) Set(s string) error { f.p = gen.Preset(s); return nil }

// flagType keeps the help's "--preset string", which the flag package
// prints for a plain string flag but not for a flag.Value.
func (f *presetFlag) flagType() string { return "string" }

// problem names what is wrong with the preset given as --name, or is "".
func (f *presetFlag) problem(name string) string {
	if f.probe {
		if _, err := gen.ParseProbePreset(string(f.p)); err != nil {
			return fmt.Sprintf("--%s %q: want representative, quick, release or exhaustive", name, f.p)
		}
		return ""
	}
	if _, err := gen.ParsePreset(string(f.p)); err != nil {
		return fmt.Sprintf("--%s %q: want quick, release or exhaustive", name, f.p)
	}
	return ""
}
