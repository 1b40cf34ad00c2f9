package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/tilecheck/tilecheck/cuda"
)

// backendFlags are the one set of flags, shared by sweep, check and probe,
// that choose where traces come from: the Go models (go) or compiled C++
// (host, gpu), and for compiled code your own headers.
type backendFlags struct {
	backend, arch, namespace string
	includes, cudaIncludes   multiFlag
	headers                  multiFlag
	backends                 []string      // those the command accepts, its default first
	fs                       *flag.FlagSet // to tell a flag given from its default
}

// backendHelp describes each back end in --backend's help.
var backendHelp = map[string]string{
	"go":   "go (the Go models)",
	"host": "host (compiled with the C++17 compiler)",
	"gpu":  "gpu (nvcc, run on the GPU)",
}

// register defines the flags; backends are those the command accepts, its
// default first.
func (b *backendFlags) register(fs *flag.FlagSet, backends ...string) {
	b.backends, b.fs = backends, fs
	var help []string
	for _, n := range backends {
		help = append(help, backendHelp[n])
	}
	fs.StringVar(&b.backend, "backend", backends[0], "where traces come from: "+orList(help))
	fs.Var(&b.includes, "include", "your headers' include `DIR`, e.g. CUTLASS's (repeatable; needs --namespace)")
	fs.StringVar(&b.namespace, "namespace", "", "C++ namespace `NS` of your headers (e.g. cutlass); needs --include")
	fs.Var(&b.headers, "header", "header `PATH`, relative to --include (repeatable; default: CUTLASS's)")
	fs.Var(&b.cudaIncludes, "cuda-include", "extra include `DIR`, e.g. the CUDA toolkit's include/ (repeatable)")
	fs.StringVar(&b.arch, "arch", "sm_90", "GPU architecture for --backend gpu")
}

// orList joins "a", "b" and "c" as "a, b or c".
func orList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// validate lists what is wrong with the backend flags.
func (b *backendFlags) validate() []string {
	var problems []string
	if !oneOf(b.backend, b.backends...) {
		problems = append(problems, fmt.Sprintf("--backend %q: want %s", b.backend, orList(b.backends)))
	}
	compiledOnly := len(b.includes) > 0 || b.namespace != "" || len(b.cudaIncludes) > 0 || len(b.headers) > 0
	if b.backend == "go" && compiledOnly {
		problems = append(problems, "--include, --namespace, --header and --cuda-include need --backend host or gpu")
	}
	if b.backend != "gpu" && b.fs != nil && flagSet(b.fs, "arch") {
		problems = append(problems, "--arch needs --backend gpu (it is nvcc's target architecture)")
	}
	if (len(b.includes) == 0) != (b.namespace == "") {
		problems = append(problems, "--include and --namespace go together (your headers' directory and their namespace)")
	}
	if b.namespace != "" && !cppNamespace.MatchString(b.namespace) {
		// Spliced into generated C++, a malformed name would come back as
		// a path that "does not compile": a finding about the headers.
		problems = append(problems, fmt.Sprintf("--namespace %q: not a C++ namespace name (identifiers joined by ::, e.g. cutlass or my::cutlass)", b.namespace))
	}
	for _, d := range append(append([]string{}, b.includes...), b.cudaIncludes...) {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			problems = append(problems, fmt.Sprintf("include directory %q: not a directory", d))
		}
	}
	return problems
}

// cppNamespace is a C++ namespace name: identifiers, optionally joined by
// :: (a leading :: names the global namespace).
var cppNamespace = regexp.MustCompile(`^(::)?[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*$`)

func (b *backendFlags) compiled() bool { return b.backend != "go" }

// spec is the cuda back end the flags describe; log and progress may be nil.
func (b *backendFlags) spec(log func(string, ...any), progress func(done, total int)) cuda.Backend {
	return cuda.Backend{Name: b.backend, Arch: b.arch, Includes: b.includes, Namespace: b.namespace,
		Headers: b.headers, CudaIncludes: b.cudaIncludes, Log: log, Progress: progress}
}

// source builds the compiled source of model (a built-in's rendition, or the
// Go companion of the user's header). Cancelling ctx kills its compilers.
func (b *backendFlags) source(ctx context.Context, model string, log func(string, ...any), progress func(done, total int)) (*cuda.Source, error) {
	return cuda.NewBackendSource(ctx, b.spec(log, progress), model)
}
