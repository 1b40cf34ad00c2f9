package cuda

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// headers are the C++ renditions and harness, embedded so that the binary
// builds them wherever it runs (the GPU machine has no Go checkout).
//
//go:embed include/tilecheck/*.h include/tilecheck/*.cuh
var headers embed.FS

// HeaderHash is the sha256 over the embedded C++ sources (name and content,
// in name order): the hash of the committed cuda/include tree a run built.
func HeaderHash() string {
	return hashHeaders(headerNames(), func(n string) ([]byte, error) { return headers.ReadFile(n) })
}

// hashHeaders is HeaderHash over any copy of the tree: names relative to
// cuda/ ("include/tilecheck/core.h"), in name order, read through read.
func hashHeaders(names []string, read func(name string) ([]byte, error)) string {
	h := sha256.New()
	for _, n := range names {
		b, _ := read(n)
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func headerNames() []string {
	var names []string
	_ = fs.WalkDir(headers, "include", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return nil
	})
	sort.Strings(names)
	return names
}

// Toolchain is how a translation unit becomes a program.
type Toolchain struct {
	Backend     string   // "host" or "gpu"
	Compiler    string   // g++ (host) or nvcc (gpu); empty: the default
	Arch        string   // GPU architecture, default sm_90
	IncludeDirs []string // extra -I: a user's CUTLASS include dir, CUDA include dirs
	CacheDir    string   // where built programs are kept; empty: DefaultCacheDir()
}

// ErrNoCompiler means the back end's compiler is not installed.
var ErrNoCompiler = errors.New("compiler not found")

func (tc Toolchain) compiler() string {
	if tc.Compiler != "" {
		return tc.Compiler
	}
	if tc.Backend == "gpu" {
		return "nvcc"
	}
	if cxx := os.Getenv("CXX"); cxx != "" {
		return cxx
	}
	return "g++"
}

// Check reports ErrNoCompiler with the compiler's name when it is missing.
func (tc Toolchain) Check() error {
	if _, err := exec.LookPath(tc.compiler()); err != nil {
		return fmt.Errorf("%w: %s (the %s back end needs it on PATH)", ErrNoCompiler, tc.compiler(), tc.Backend)
	}
	return nil
}

func (tc Toolchain) flags(includeDir string) []string {
	var f []string
	if tc.Backend == "gpu" {
		arch := tc.Arch
		if arch == "" {
			arch = "sm_90"
		}
		// Device code at ptxas -O1: the kernels are many small template
		// instantiations, and build time dominates on the GPU machine too.
		f = []string{"-std=c++17", "-O0", "-Xptxas", "-O1", "-lineinfo", "--expt-relaxed-constexpr", "-arch=" + arch, "-w"}
	} else {
		// -O0: build time dominates a probe, and -O0 compiles far faster
		// than -O1 for a run that is only somewhat slower.
		f = []string{"-std=c++17", "-O0", "-w", "-fno-strict-aliasing"}
		if compilerFamily(tc.compiler()) == "gcc" {
			// CUTLASS declares member aliases such as `using TensorRef =
			// TensorRef<...>`, which g++ rejects ("changes meaning of
			// 'TensorRef'") unless permissive; clang and nvcc accept them.
			f = append(f, "-fpermissive")
		}
	}
	for _, d := range tc.IncludeDirs {
		f = append(f, "-I", d)
	}
	return append(f, "-I", includeDir)
}

// compilerFamily is "gcc", "clang" or "other", from the compiler's
// --version banner (CXX=c++ may be either), asked once per compiler.
func compilerFamily(compiler string) string {
	if f, ok := families.Load(compiler); ok {
		return f.(string)
	}
	out, _ := exec.Command(compiler, "--version").Output()
	banner := strings.ToLower(string(out))
	family := "other"
	switch {
	case strings.Contains(banner, "clang"):
		family = "clang"
	case strings.Contains(banner, "free software foundation"), strings.Contains(banner, "g++"), strings.Contains(banner, "gcc"):
		family = "gcc"
	}
	families.Store(compiler, family)
	return family
}

var families sync.Map

// BuildCommand is the compiler command line a translation unit is built
// with (the include directory of tilecheck's own headers shown as
// <tilecheck-include>): what --verbose prints, and how to reproduce a build.
func (tc Toolchain) BuildCommand() string {
	return tc.compiler() + " " + strings.Join(tc.flags("<tilecheck-include>"), " ")
}

// DefaultCacheDir is .cache/tilecheck under the tilecheck checkout when run
// inside it (git-ignored there), else the user's cache directory.
func DefaultCacheDir() string {
	if dir, err := os.Getwd(); err == nil {
		for d := dir; ; d = filepath.Dir(d) {
			if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
				if strings.HasPrefix(string(b), "module github.com/tilecheck/tilecheck\n") {
					return filepath.Join(d, ".cache", "tilecheck")
				}
				break // another module: keep out of it
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "tilecheck")
	}
	return filepath.Join(os.TempDir(), "tilecheck-cache")
}

func (tc Toolchain) cacheDir() string {
	if tc.CacheDir != "" {
		return tc.CacheDir
	}
	return DefaultCacheDir()
}

// materialize writes the embedded headers under the cache, once per hash.
func (tc Toolchain) materialize() (string, error) {
	dir := filepath.Join(tc.cacheDir(), "include-"+HeaderHash()[:16])
	if _, err := os.Stat(filepath.Join(dir, "tilecheck", "renditions.h")); err == nil {
		return dir, nil
	}
	tmp, err := os.MkdirTemp(tc.cacheDir(), "include-tmp-")
	if err != nil {
		if err = os.MkdirAll(tc.cacheDir(), 0o755); err != nil {
			return "", err
		}
		if tmp, err = os.MkdirTemp(tc.cacheDir(), "include-tmp-"); err != nil {
			return "", err
		}
	}
	for _, n := range headerNames() {
		b, _ := headers.ReadFile(n)
		out := filepath.Join(tmp, strings.TrimPrefix(n, "include/"))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			os.RemoveAll(tmp)
			return "", err
		}
		if err := os.WriteFile(out, b, 0o644); err != nil {
			os.RemoveAll(tmp)
			return "", err
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.RemoveAll(tmp) // another process won the race; use its copy
	}
	return dir, nil
}

// Build compiles src, or finds it already built. The cache key is the
// sha256 of the source, the compiler and its flags (the -I paths among
// them) and tilecheck's headers; a cached outcome is used only while every
// file its compile read is unchanged (depcache.go), so editing a header in
// place or checking out another tag rebuilds, and deleting the cache is
// never needed for a correct result.
func (tc Toolchain) Build(ctx context.Context, src []byte) (bin string, cached bool, err error) {
	return tc.build(ctx, src, false)
}

// syntaxCheck compiles src no further than its syntax and template
// instantiations (-fsyntax-only: no code is generated, nothing is linked),
// cached as Build caches a program. It returns nil, or the *CompileError
// of a source that does not compile; errors only code generation would
// find (an assembler's) pass it.
func (tc Toolchain) syntaxCheck(ctx context.Context, src []byte) error {
	_, _, err := tc.build(ctx, src, true)
	return err
}

func (tc Toolchain) build(ctx context.Context, src []byte, syntaxOnly bool) (bin string, cached bool, err error) {
	inc, err := tc.materialize()
	if err != nil {
		return "", false, err
	}
	flags := tc.flags(inc)
	if syntaxOnly {
		flags = append(flags, "-fsyntax-only")
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00", depVersion, tc.compiler(), strings.Join(flags, " "), HeaderHash())
	h.Write(src)
	key := tc.Backend + "-" + hex.EncodeToString(h.Sum(nil))[:32]
	manifest := filepath.Join(tc.cacheDir(), "deps-"+key)
	if bin, ok, err := tc.cached(manifest); ok {
		return bin, true, err
	}
	// One compile per source at a time, however many processes share the
	// cache: a second asker waits and finds the first one's program.
	unlock, err := lockBuild(ctx, filepath.Join(tc.cacheDir(), "lock-"+key))
	if err != nil {
		return "", false, err
	}
	defer unlock()
	if bin, ok, err := tc.cached(manifest); ok {
		return bin, true, err
	}
	ext := ".cpp"
	if tc.Backend == "gpu" {
		ext = ".cu"
	}
	srcPath := filepath.Join(tc.cacheDir(), "src-"+key+ext)
	if err := os.WriteFile(srcPath, src, 0o644); err != nil {
		return "", false, err
	}
	tmpBin := filepath.Join(tc.cacheDir(), fmt.Sprintf("bin-%s.tmp%d", key, os.Getpid()))
	depfile := tmpBin + ".d"
	defer os.Remove(depfile)
	// The failure shows the dependency flags too: if a compiler rejected
	// them, the command it prints must fail the same way.
	output := []string{"-o", tmpBin}
	if syntaxOnly {
		output = nil // -fsyntax-only writes nothing
	}
	args := append(append(append(depArgs(depfile), flags...), output...), srcPath)
	cmd := exec.CommandContext(ctx, tc.compiler(), args...)
	KillGroupOnCancel(cmd)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	started := time.Now()
	if err := cmd.Run(); err != nil {
		// The compiler may have written part of its output before it
		// failed or was killed: the cache keeps no .tmp file.
		os.Remove(tmpBin)
		ce := &CompileError{Command: tc.compiler() + " " + strings.Join(args, " "), Output: out.String(), Err: err}
		// A missing header is never cached: the fix is a file that did not
		// exist, which no dependency list names (g++ writes none then; the
		// message guards the compilers that might).
		missing := strings.Contains(ce.Output, "No such file or directory") || strings.Contains(ce.Output, "cannot open source file")
		if files, ok := collectDeps(depfile, srcPath, started); ok && ctx.Err() == nil && !missing {
			recordDeps(manifest, depEntry{Failed: true, Command: ce.Command, Output: ce.Output, Files: files})
		}
		return "", false, ce
	}
	files, ok := collectDeps(depfile, srcPath, started)
	if syntaxOnly {
		if ok {
			recordDeps(manifest, depEntry{Files: files}) // no Result: nothing was built
		}
		tc.prune()
		return "", false, nil
	}
	// Named by its dependencies too: a program built from other header
	// contents, which another process may be running or about to record,
	// is never overwritten.
	bin = filepath.Join(tc.cacheDir(), "bin-"+key+"-"+depsName(files))
	if err := os.Rename(tmpBin, bin); err != nil {
		os.Remove(tmpBin)
		return "", false, err
	}
	if ok {
		// Recorded after the program is in place, so that a manifest never
		// names a program that is not there yet.
		recordDeps(manifest, depEntry{Result: filepath.Base(bin), Files: files})
	}
	tc.prune()
	return bin, false, nil
}

// cached returns the outcome a manifest records while every file its
// compile read is unchanged: the program, or the compile error (a failure
// is cached like a success: the same source, compiler, flags and headers
// fail the same way).
func (tc Toolchain) cached(manifest string) (bin string, ok bool, err error) {
	e, ok := lookupDeps(manifest, func(e depEntry) bool {
		if e.Failed || e.Result == "" {
			return true // a failure, or a syntax check's pass
		}
		_, err := os.Stat(filepath.Join(tc.cacheDir(), e.Result))
		return err == nil
	})
	if !ok {
		return "", false, nil
	}
	if e.Failed {
		return "", true, &CompileError{Command: e.Command, Output: e.Output, Err: errors.New("exit status 1, cached")}
	}
	if e.Result == "" {
		return "", true, nil
	}
	bin = filepath.Join(tc.cacheDir(), e.Result)
	now := time.Now()
	_ = os.Chtimes(bin, now, now) // recently used: pruned last
	return bin, true, nil
}

// cacheKeep is how many built programs (and their sources) the cache keeps.
const cacheKeep = 128

// prune removes the oldest built programs, sources, manifests and
// syntax-check outcomes beyond their limits, so the cache does not grow without bound as presets and models change.
func (tc Toolchain) prune() {
	for _, pattern := range []string{"bin-*", "src-*", "deps-*", "syntax-*", "lock-*"} {
		keep := cacheKeep
		if pattern == "syntax-*" || pattern == "deps-*" || pattern == "lock-*" {
			keep = 8 * cacheKeep // manifests: a few kilobytes each
		}
		files, _ := filepath.Glob(filepath.Join(tc.cacheDir(), pattern))
		if len(files) <= keep {
			continue
		}
		type aged struct {
			path string
			mod  int64
		}
		var all []aged
		for _, f := range files {
			if st, err := os.Stat(f); err == nil {
				all = append(all, aged{f, st.ModTime().UnixNano()})
			}
		}
		sort.Slice(all, func(i, j int) bool { return all[i].mod > all[j].mod })
		for _, a := range all[min(keep, len(all)):] {
			os.Remove(a.path)
		}
	}
}

// CompileError is a failed build, with the compiler's diagnostics.
type CompileError struct {
	Command string
	Output  string
	Err     error
	// Headers: the headers alone fail, before any iterator is instantiated.
	Headers bool
}

func (e *CompileError) Error() string {
	what := "compile failed"
	if e.Headers {
		what = "your headers do not compile on their own (before any iterator is instantiated)"
	}
	return fmt.Sprintf("%s (%v): %s\nreproduce with: %s", what, e.Err, FirstDiagnostic(e.Output), e.Command)
}

// FirstDiagnostic is the first line of compiler output that says "error".
func FirstDiagnostic(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "error") {
			return strings.TrimSpace(l)
		}
	}
	if len(out) > 2000 {
		return out[:2000]
	}
	return out
}
