package cxx

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/cuda"
)

// program is a built translation unit: its binary and, for each entry it
// was given, the index in its table, or the reason the entry was left out.
type program struct {
	bin      string
	cached   bool
	slot     []int    // entry -> table index; -1 when rejected
	rejected []string // entry -> why the compiler refused it
}

// builder is how entries become a program: tc builds it; for the GPU mode
// (gpu set, tc nvcc) host is the host compiler, asked to blame a compile
// error when nvcc's diagnostics name no entry.
type builder struct {
	tc   cuda.Toolchain
	gpu  bool
	host cuda.Toolchain
}

// unit is Unit (shared.go states its contract), within the package.
type unit = Unit

// entriesUnit is the unit of the layout algebra's entries.
func entriesUnit(entries []entry) unit {
	return func(keep []int, gpu bool) []byte {
		es := make([]entry, len(keep))
		for k, i := range keep {
			es[k] = entries[i]
		}
		if gpu {
			return gpuSource(es)
		}
		return source(es)
	}
}

// blame attributes a failed build's errors to the kept entries (by their
// position in keep); in the GPU mode, when nvcc's output blames none, the
// same entries' host program is built and its errors are read instead.
func (b builder) blame(ctx context.Context, ce *cuda.CompileError, u unit, keep []int) map[int]string {
	blamed := attribute(ce.Output)
	if len(blamed) > 0 || !b.gpu {
		return blamed
	}
	_, _, err := b.host.Build(ctx, u(keep, false))
	var hce *cuda.CompileError
	if errors.As(err, &hce) {
		return attribute(hce.Output)
	}
	return nil
}

// hostReasons words the GPU program's refusals as the host path does. nvcc
// refuses the same entries as g++ but may word a refusal by its fallout:
// g++ blames a failing instantiation shared by several entries on the first
// that needs it and the next build blames the next, while nvcc's front end
// blames the later entries at once with the errors that follow from it (no
// matching composition for a failed complement, not that complement's
// static_assert). Where the host program refuses an entry too, its reason
// is kept; nvcc's own verdict decides which entries are refused.
func (b builder) hostReasons(ctx context.Context, n int, u unit, p *program) {
	hp, err := buildUnit(ctx, builder{tc: b.host}, n, u)
	if err != nil {
		return
	}
	for i, msg := range p.rejected {
		if msg != "" && hp.rejected[i] != "" {
			p.rejected[i] = hp.rejected[i]
		}
	}
}

// buildEntries compiles entries into one program, leaving out each entry
// the compiler refuses and recording why. A build error that names no
// entry is an infrastructure failure, returned as the *cuda.CompileError.
func buildEntries(ctx context.Context, b builder, entries []entry) (*program, error) {
	return buildUnit(ctx, b, len(entries), entriesUnit(entries))
}

// buildUnit is buildEntries for any unit of n entries.
func buildUnit(ctx context.Context, b builder, n int, u unit) (*program, error) {
	p := &program{slot: make([]int, n), rejected: make([]string, n)}
	live := make([]int, n) // table index -> entry
	for i := range live {
		live[i] = i
	}
	for attempt := 1; ; attempt++ {
		bin, cached, err := b.tc.Build(ctx, u(live, b.gpu))
		if err == nil {
			p.bin, p.cached = bin, cached
			for i := range p.slot {
				p.slot[i] = -1
			}
			for k, i := range live {
				p.slot[i] = k
			}
			if b.gpu && len(live) < n {
				b.hostReasons(ctx, n, u, p)
			}
			return p, nil
		}
		var ce *cuda.CompileError
		if !errors.As(err, &ce) || ctx.Err() != nil {
			return nil, err
		}
		blamed := b.blame(ctx, ce, u, live)
		// Each rebuild must blame a new entry, so there are at most as many
		// builds as entries. Usually one rebuild suffices, but g++
		// instantiates a template once per unit and reports its failure
		// once, against the first entry that needed it: another entry
		// needing the same failing instantiation (several dynamic profiles
		// calling complement on one rank-2 dynamic layout type) is blamed
		// only in the next build. A cached failure replays in milliseconds.
		if len(blamed) == 0 || attempt > n {
			return nil, err
		}
		var keep []int
		for k, i := range live {
			if msg, ok := blamed[k]; ok {
				p.rejected[i] = msg
			} else {
				keep = append(keep, i)
			}
		}
		live = keep
	}
}

// entryRef matches g++'s (and clang's) location of a diagnostic line in a
// generated entry, which source names "tc_entry_<i>" with #line; edgRef
// matches nvcc's front end naming one inside an error's "detected during"
// context, "tc_entry_<i>(2): here" or "at line 2 of tc_entry_<i>".
var (
	entryRef = regexp.MustCompile(`^tc_entry_(\d+):\d+`)
	// errorMark ends where an error's message begins: "error: " (g++,
	// clang, nvcc), "error : " or "error #20054-D: " (nvcc's front end).
	errorMark = regexp.MustCompile(`\berror(?: #\d+(?:-D)?)? ?: `)
	edgRef    = regexp.MustCompile(`(?:^tc_entry_(\d+)\(\d+\)|at line \d+ of "?tc_entry_(\d+)\b)`)
)

// attribute reads the compiler's diagnostics and blames each error on the
// entry that led to it. g++ (and clang) print an instantiation's context
// ("In instantiation of ...", "... required from here") before the error:
// the nearest location line at or before it since the previous error names
// the entry. nvcc's front end prints the error first and its context
// ("detected during: instantiation of ... tc_entry_<i>(2): here") after:
// the first entry named after it, before the next error, is blamed. It
// gives each blamed entry's reason: "static_assert: <message>" for a failed
// static assertion (preferred when an entry has several errors: it is
// CuTe's own refusal, the rest its fallout), else "compile error: <the
// first error>".
func attribute(out string) map[int]string {
	blamed := map[int]string{}
	blame := func(i int, msg string) {
		if old, ok := blamed[i]; !ok || (!strings.HasPrefix(old, "static_assert") && strings.HasPrefix(msg, "static_assert")) {
			blamed[i] = msg
		}
	}
	cur := -1     // g++: the entry of the context before an error
	pending := "" // nvcc: an error whose context is still to come
	for _, line := range strings.Split(out, "\n") {
		here := -1
		if m := edgRef.FindStringSubmatch(line); m != nil {
			here, _ = strconv.Atoi(m[1] + m[2])
		}
		if m := entryRef.FindStringSubmatch(line); m != nil {
			cur, _ = strconv.Atoi(m[1])
		}
		loc := errorMark.FindStringIndex(line)
		if loc == nil {
			if here >= 0 && pending != "" {
				blame(here, pending)
				pending = ""
			}
			continue
		}
		msg := reason(line[loc[1]:])
		pending = ""
		switch {
		case here >= 0:
			blame(here, msg)
		case cur >= 0:
			blame(cur, msg)
		default:
			pending = msg
		}
		cur = -1
	}
	return blamed
}

func reason(msg string) string {
	msg = strings.TrimSpace(msg)
	for _, p := range []string{"static assertion failed", "static_assert failed"} {
		if rest, ok := strings.CutPrefix(msg, p); ok {
			rest = strings.TrimSpace(rest)
			rest = strings.TrimPrefix(strings.TrimPrefix(rest, ":"), "with ") // g++: "failed: m"; nvcc: "failed with "m""
			rest = strings.Trim(strings.TrimSpace(rest), `"`)
			if rest == "" {
				return "static_assert"
			}
			return "static_assert: " + rest
		}
	}
	return "compile error: " + msg
}

// preflight builds and runs the smallest CuTe program, so that a wrong
// include directory, a missing compiler or headers that do not compile on
// their own fail at once, with what is missing named. In the GPU mode the
// program also runs a layout on the device, so that a missing GPU or
// driver is named before any case is blamed.
func preflight(ctx context.Context, b builder, include string) error {
	if err := b.tc.Check(); err != nil {
		return err
	}
	src := "#include <cute/layout.hpp>\n#include <cute/swizzle_layout.hpp>\n#include <cstdio>\n" +
		"int main() { cute::print(cute::make_layout(cute::make_shape(cute::Int<2>{}, 3))); std::printf(\"\\n\"); }\n"
	want := "(_2,3):(_1,_2)"
	if b.gpu {
		src = "#include <cute/layout.hpp>\n#include <cute/swizzle_layout.hpp>\n#include <cstdio>\n" +
			"__global__ void k(int* out, int d) { *out = cute::make_layout(cute::make_shape(cute::Int<2>{}, d))(3); }\n" +
			"int main() {\n  cute::print(cute::make_layout(cute::make_shape(cute::Int<2>{}, 3)));\n" +
			"  int* d = nullptr; int h = -1; cudaError_t e = cudaMalloc(&d, sizeof(int));\n" +
			"  if (e == cudaSuccess) { k<<<1, 1>>>(d, 3); e = cudaGetLastError(); }\n" +
			"  if (e == cudaSuccess) e = cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);\n" +
			"  if (e != cudaSuccess) { std::printf(\" CUDA error: %s\\n\", cudaGetErrorString(e)); return 1; }\n" +
			"  std::printf(\" %d\\n\", h);\n}\n"
		want = "(_2,3):(_1,_2) 3"
	}
	bin, _, err := b.tc.Build(ctx, []byte(src))
	if err != nil {
		return fmt.Errorf("cute/cxx: CuTe's headers under --include %s do not compile: %w", include, err)
	}
	out, err := runSmall(ctx, bin)
	if b.gpu && err != nil {
		return fmt.Errorf("cute/cxx: the GPU preflight program built from --include %s could not run a kernel (is there a GPU and its driver?): %v: %s", include, err, strings.TrimSpace(out))
	}
	if err != nil {
		return fmt.Errorf("cute/cxx: the preflight program built from --include %s failed: %w", include, err)
	}
	if got := strings.TrimSpace(out); got != want {
		return fmt.Errorf("cute/cxx: CuTe from --include %s prints make_layout(make_shape(Int<2>{},3)) as %q, not %s: its print notation is not the one tilecheck reads", include, got, want)
	}
	return nil
}
