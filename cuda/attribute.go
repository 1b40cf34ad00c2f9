package cuda

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
)

// attribute finds which (variant, program) pairs of a case do not compile
// and marks them unavailable with the compiler's first diagnostic. It checks
// each variant with all its programs first. A failing variant is first
// tried without the programs that failed on earlier cases of the same layout
// (one check confirms the guess, which is the usual outcome: a path that
// does not compile fails on every configuration of its layout); otherwise,
// or for what still fails, program by program, in parallel. Checks use the
// host compiler in syntax-only mode (template instantiation is what fails,
// and it is the same for the host and nvcc) and are cached by source hash.
func (opts Options) attribute(ctx context.Context, pc *plannedCase, variants []Variant) {
	only := func(v int, keep func(p int) bool) [][]bool {
		avail := make([][]bool, len(pc.Avail))
		for i := range avail {
			avail[i] = make([]bool, len(pc.Programs))
			if i != v {
				continue
			}
			for j := range avail[i] {
				avail[i][j] = pc.Avail[i][j] && keep(j)
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
	all := func(int) bool { return true }
	for v := range variants {
		if check(only(v, all)) == "" {
			continue
		}
		mark := func(p int, diag string) {
			pc.Avail[v][p] = false
			pc.Why[v][p] = "does not compile: " + diag
			failedBefore.Store(opts.attributionKey(variants[v], pc, p), diag)
			opts.logf("%s on %s | %s does not compile: %s", variants[v].Label(), pc.Config, pc.Programs[p], diag)
		}
		guess := map[int]string{}
		for p := range pc.Programs {
			if d, ok := failedBefore.Load(opts.attributionKey(variants[v], pc, p)); ok && pc.Avail[v][p] {
				guess[p] = d.(string)
			}
		}
		if len(guess) > 0 && check(only(v, func(p int) bool { _, out := guess[p]; return !out })) == "" {
			// The rest compiles; confirm each guessed program really fails
			// here before marking it (cheap, cached, parallel).
			diags := opts.checkEach(v, pc, check, only, func(p int) bool { _, in := guess[p]; return in })
			for p := range guess {
				if diags[p] != "" {
					mark(p, diags[p])
				}
			}
			continue
		}
		diags := opts.checkEach(v, pc, check, only, all)
		for p, diag := range diags {
			if diag != "" {
				mark(p, diag)
			}
		}
	}
}

// failedBefore remembers which (variant, layout, program) failed to compile
// in this process: a hint for attribute, always confirmed by a compile.
var failedBefore sync.Map

func (opts Options) attributionKey(v Variant, pc *plannedCase, p int) string {
	return fmt.Sprint(opts.IncludeDirs, opts.Headers, v.Namespace, pc.Config.Class, pc.Config.Layout, pc.Programs[p].String())
}

// checkEach syntax-checks each selected available program of variant v on
// its own, in parallel, and returns the diagnostics by program.
func (opts Options) checkEach(v int, pc *plannedCase, check func([][]bool) string, only func(int, func(int) bool) [][]bool, sel func(int) bool) []string {
	diags := make([]string, len(pc.Programs))
	sem := make(chan struct{}, runtime.NumCPU())
	var wg sync.WaitGroup
	for p := range pc.Programs {
		if !pc.Avail[v][p] || !sel(p) {
			continue
		}
		wg.Add(1)
		go func(p int) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			diags[p] = check(only(v, func(q int) bool { return q == p }))
		}(p)
	}
	wg.Wait()
	return diags
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
	args := host.flags(inc)
	h := sha256.New()
	fmt.Fprintf(h, "syntax\x00%s\x00%s\x00%s\x00", host.compiler(), strings.Join(args, " "), HeaderHash())
	h.Write(src)
	memo := filepath.Join(host.cacheDir(), "syntax-"+hex.EncodeToString(h.Sum(nil))[:32])
	if b, err := os.ReadFile(memo); err == nil {
		return string(b)
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
	args = append(args, "-fsyntax-only", f.Name())
	out, err := exec.CommandContext(ctx, host.compiler(), args...).CombinedOutput()
	diag := ""
	if err != nil {
		diag = strings.ReplaceAll(FirstDiagnostic(string(out)), filepath.Dir(f.Name())+string(filepath.Separator), "")
		diag = regexp.MustCompile(`attr-\d+\.cpp`).ReplaceAllString(diag, "generated.cpp")
	}
	if ctx.Err() == nil {
		_ = os.WriteFile(memo, []byte(diag), 0o644)
	}
	return diag
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
