package cuda

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// attribute finds which (variant, program) pairs of a case do not compile
// and marks them unavailable with the compiler's first diagnostic. It checks
// each variant with all its programs first, and only a failing variant
// program by program, with the host compiler in syntax-only mode (template
// instantiation is what fails, and it is the same for the host and nvcc).
func (opts Options) attribute(ctx context.Context, pc *plannedCase, variants []Variant) {
	only := func(v, p int) [][]bool {
		avail := make([][]bool, len(pc.Avail))
		for i := range avail {
			avail[i] = make([]bool, len(pc.Programs))
			if i != v {
				continue
			}
			for j := range avail[i] {
				avail[i][j] = pc.Avail[i][j] && (p < 0 || p == j)
			}
		}
		return avail
	}
	check := func(avail [][]bool) string {
		trial := *pc
		trial.Avail = avail
		var src bytes.Buffer
		Generate(&src, []*plannedCase{&trial}, variants, opts.Headers)
		return opts.syntaxError(ctx, src.Bytes())
	}
	for v := range variants {
		if check(only(v, -1)) == "" {
			continue
		}
		for p := range pc.Programs {
			if !pc.Avail[v][p] {
				continue
			}
			if diag := check(only(v, p)); diag != "" {
				pc.Avail[v][p] = false
				pc.Why[v][p] = "does not compile: " + diag
				opts.logf("%s on %s | %s does not compile: %s", variants[v].Label(), pc.Config, pc.Programs[p], diag)
			}
		}
	}
}

// syntaxError compiles src with -fsyntax-only and returns the first
// diagnostic line, or "" when it compiles.
func (opts Options) syntaxError(ctx context.Context, src []byte) string {
	host := opts.Toolchain
	host.Backend = "host"
	host.Compiler = ""
	inc, err := host.materialize()
	if err != nil {
		return err.Error()
	}
	f, err := os.CreateTemp(host.cacheDir(), "attr-*.cpp")
	if err != nil {
		return err.Error()
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(src); err != nil {
		f.Close()
		return err.Error()
	}
	f.Close()
	args := append(host.flags(inc), "-fsyntax-only", f.Name())
	out, err := exec.CommandContext(ctx, host.compiler(), args...).CombinedOutput()
	if err == nil {
		return ""
	}
	return strings.ReplaceAll(FirstDiagnostic(string(out)), filepath.Dir(f.Name())+string(filepath.Separator), "")
}

// countUnavailable records the (variant, program) pairs of a case that did
// not run, and why.
func (r *Result) countUnavailable(pc *plannedCase, variants []Variant) {
	for v := range variants {
		for p := range pc.Programs {
			if pc.Avail[v][p] {
				continue
			}
			r.why[traceKey{pc.Index, v, p}] = pc.Why[v][p]
			r.Unavailable++
			line := fmt.Sprintf("%s on %s | %s: %s", variants[v].Label(), pc.Config, pc.Programs[p], pc.Why[v][p])
			if strings.HasPrefix(pc.Why[v][p], "does not compile") {
				r.Uncompilable = append(r.Uncompilable, line)
			}
			if len(r.UnavailableReasons) < 10 {
				r.UnavailableReasons = append(r.UnavailableReasons, line)
			}
		}
	}
}
