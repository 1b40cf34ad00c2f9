package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/tilecheck/tilecheck/cuda"
)

// backendFlags are the flags of sweep and check that choose where traces
// come from: the Go models (go) or compiled C++ (host, gpu).
type backendFlags struct {
	backend, arch, namespace string
	includes, cudaIncludes   multiFlag
	headers                  multiFlag
}

func (b *backendFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&b.backend, "backend", "go", "where traces come from: go (the Go models), host (compiled with the C++17 compiler) or gpu (nvcc, run on the GPU)")
	fs.Var(&b.includes, "include", "include `DIR` of your own iterator headers, e.g. a CUTLASS checkout's include/ (repeatable; needs --namespace)")
	fs.StringVar(&b.namespace, "namespace", "", "C++ namespace `NS` of your headers' RegularTileIterator (e.g. cutlass); needs --include")
	fs.Var(&b.headers, "header", "header to include from --include (repeatable; default: CUTLASS's)")
	fs.Var(&b.cudaIncludes, "cuda-include", "extra include `DIR` for the build, e.g. the CUDA toolkit's include/ that CUTLASS's headers need (repeatable)")
	fs.StringVar(&b.arch, "arch", "sm_90", "GPU architecture for --backend gpu")
}

// validate lists what is wrong with the backend flags.
func (b *backendFlags) validate() []string {
	var problems []string
	if !oneOf(b.backend, "go", "host", "gpu") {
		problems = append(problems, fmt.Sprintf("--backend %q: want go, host or gpu", b.backend))
	}
	compiledOnly := len(b.includes) > 0 || b.namespace != "" || len(b.cudaIncludes) > 0 || len(b.headers) > 0
	if b.backend == "go" && compiledOnly {
		problems = append(problems, "--include, --namespace, --header and --cuda-include need --backend host or gpu")
	}
	if (len(b.includes) == 0) != (b.namespace == "") {
		problems = append(problems, "--include and --namespace go together (your headers' directory and their namespace)")
	}
	for _, d := range append(append([]string{}, b.includes...), b.cudaIncludes...) {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			problems = append(problems, fmt.Sprintf("include directory %q: not a directory", d))
		}
	}
	return problems
}

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
