package cuda

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
)

// Backend describes the compiled code a sweep judges (tilecheck sweep
// --backend host|gpu): the project's rendition of a built-in model, or a
// user's header (--include/--namespace) with a Go companion model.
type Backend struct {
	Name         string   // host or gpu
	Arch         string   // GPU architecture (gpu back end)
	Includes     []string // a user's include directories (e.g. a CUTLASS checkout's include/); none for the renditions
	Namespace    string   // the namespace of the user's RegularTileIterator; needs Includes
	Headers      []string // headers to include from Includes; default DefaultCutlassHeaders
	CudaIncludes []string // extra -I, e.g. the CUDA toolkit's include directory
	Batches      int      // translation units built in parallel; 0: batchesFor (sweepBatches, hostBatches)
	CacheDir     string   // build cache; "" the default
	Log          func(format string, args ...any)
	// Progress, when set, is told how many of the builds and runs of each
	// compiled batch are done (see Options.Progress).
	Progress func(done, total int)
}

// sweepBatches is the default number of translation units of a compiled
// GPU sweep: several per core keeps each nvcc process small and lets the
// cache rebuild only the units whose cases changed, while the per-unit cost
// of parsing the headers stays a small share.
const sweepBatches = 12

// hostBatches is the least number of translation units of a compiled host
// sweep (more on a machine with more CPUs). A host unit is cheap to build
// per case (-O0) but every unit compiles its own copy of each inline
// iterator member it uses, so fewer, larger units cost less in all. Four
// keeps two cores busy when the hash split leaves the units uneven.
const hostBatches = 4

// Check validates the back end's own settings (not the compiler).
func (b Backend) Check() error {
	if b.Name != "host" && b.Name != "gpu" {
		return fmt.Errorf("backend %q: want go, host or gpu", b.Name)
	}
	if (len(b.Includes) == 0) != (b.Namespace == "") {
		return fmt.Errorf("--include and --namespace go together (your headers' directory and their namespace)")
	}
	for _, d := range append(append([]string{}, b.Includes...), b.CudaIncludes...) {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			return fmt.Errorf("include directory %q: not a directory", d)
		}
	}
	return nil
}

// NewBackendSource builds the Source of a compiled sweep: model names the
// built-in model or control whose rendition is compiled (reference,
// cutlass, cutlass-pre3049, C-load-div, C-pitch-plus-one) or, with a namespace, the Go companion model of the
// user's header (default cutlass).
func NewBackendSource(ctx context.Context, b Backend, model string) (*Source, error) {
	if err := b.Check(); err != nil {
		return nil, err
	}
	var variant Variant
	if b.Namespace != "" {
		if model == "" {
			model = "cutlass"
		}
		variant = Variant{Model: model, Namespace: b.Namespace, Role: RoleIterator}
	} else {
		found := false
		for _, v := range Renditions() {
			if (v.Role == RoleIterator || v.Role == RoleControl) && v.Model == model {
				variant, found = v, true
			}
		}
		if !found {
			return nil, fmt.Errorf("no C++ rendition of iterator %q (have reference, cutlass, cutlass-pre3049 and the controls C-load-div, C-pitch-plus-one; use --include and --namespace for your own header)", model)
		}
	}
	opts := Options{Toolchain: Toolchain{Backend: b.Name, Arch: b.Arch, CacheDir: b.CacheDir}, Batches: b.Batches, Log: b.Log, Progress: b.Progress}
	if len(b.Includes) > 0 {
		opts.IncludeDirs = append(opts.IncludeDirs, b.Includes...)
		opts.Headers = b.Headers
		if len(opts.Headers) == 0 {
			opts.Headers = DefaultCutlassHeaders(b.Name) // the family classes too; the headers alone parse in about a second
		}
	}
	opts.IncludeDirs = append(opts.IncludeDirs, b.CudaIncludes...)
	if err := opts.Check(); err != nil {
		return nil, err
	}
	if len(opts.Headers) > 0 {
		// Your headers and namespace, checked in seconds before the sweep
		// generates its cases (each batch's Run checks its classes).
		if _, err := opts.preflight(ctx, []Variant{variant}, nil); err != nil {
			return nil, err
		}
	}
	src := NewSource(ctx, variant, opts)
	src.scaleBatches = b.Batches <= 0
	return src, nil
}

// batchesFor is the number of translation units for a call of n
// configurations on backend: sweepBatches (gpu) or hostBatches (host), or
// more so that no unit holds more than about configsPerUnit configurations
// (compiler memory and rebuild granularity).
func batchesFor(n int, backend string) int {
	least, configsPerUnit := sweepBatches, 8
	if backend == "host" {
		least, configsPerUnit = max(hostBatches, runtime.NumCPU()), 32
	}
	return max(least, (n+configsPerUnit-1)/configsPerUnit)
}

// ReplayFlags are the check flags that make a replay command rebuild and
// run the same compiled code (inserted after "tilecheck check").
func (b Backend) ReplayFlags() string {
	s := "--backend " + b.Name
	if b.Name == "gpu" && b.Arch != "" {
		s += " --arch " + b.Arch
	}
	for _, d := range b.Includes {
		s += fmt.Sprintf(" --include '%s'", absDir(d))
	}
	if b.Namespace != "" {
		s += " --namespace " + b.Namespace
	}
	for _, h := range b.Headers {
		s += fmt.Sprintf(" --header '%s'", h)
	}
	for _, d := range b.CudaIncludes {
		s += fmt.Sprintf(" --cuda-include '%s'", absDir(d))
	}
	return s
}

// absDir makes a replay command work from any directory.
func absDir(d string) string {
	if a, err := filepath.Abs(d); err == nil {
		return a
	}
	return d
}

// Companion is the Go model a compiled sweep compares with: the model of
// the rendition, or the companion of a user's header.
func (s *Source) Companion() string { return s.variant.Model }

// Uncompilable lists every path that did not compile in this source's runs,
// one line per (class, layout, path) with the compiler's first diagnostic.
func (s *Source) Uncompilable() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.uncompilable))
	for _, k := range s.uncompilableOrder {
		out = append(out, k+": does not compile: "+s.uncompilable[k])
	}
	return out
}

var opArgs = regexp.MustCompile(`\(-?\d+(,-?\d+)?\)`)

// pathOf names a (class, layout, program) path with its arguments elided,
// e.g. "RegularTileIterator rowmajor load(…)".
func pathOf(cfgClass, cfgLayout, prog string) string {
	return cfgClass + " " + cfgLayout + " " + opArgs.ReplaceAllStringFunc(prog, func(m string) string {
		if strings.Contains(m, ",") {
			return "(c,s)"
		}
		return "(n)"
	})
}

var digits = regexp.MustCompile(`-?\d+`)

// skipPath turns a configuration's skip reason into an unavailable path
// that does not depend on the configuration's numbers, so the report lists
// each kind of skip once.
func skipPath(why string) string {
	switch {
	case strings.Contains(why, "buffer of"):
		return "compiled probe: buffer larger than the probe's limit"
	case strings.Contains(why, "GPU slab"):
		return "compiled probe: GPU slab larger than the probe's limit"
	}
	return "compiled probe: " + digits.ReplaceAllString(why, "N")
}
