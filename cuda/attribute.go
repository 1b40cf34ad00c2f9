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
	"strings"
	"time"

	"github.com/tilecheck/tilecheck/iterator"
)

// attributeBatch finds which (variant, program) pairs of a translation unit
// that does not compile are responsible, and marks them unavailable with the
// compiler's first diagnostic; the rest of the unit then builds and runs.
//
// It is bounded: each round bisects the unit's cases to one that fails
// (log2 of the cases), then that case's programs, variant by variant (a few
// checks per failing program). What it finds is a path — (variant, class,
// layout, program shape) — and is applied to every case of the unit at once,
// since a path that does not compile fails on every configuration of its
// layout as a rule; the next round's check confirms it, and a path that
// compiles elsewhere is then lost only on this unit. When a variant fails
// with no program at all (its type does not instantiate, or a member every
// program uses does not), the whole variant is marked on every case of that
// class and layout in one step (compileError says how a check compiles).
//
// It returns an error when the unit still fails after maxRounds rounds or
// when a failure cannot be pinned on any program.
func (opts Options) attributeBatch(ctx context.Context, batch []*plannedCase, variants []Variant) error {
	const maxRounds = 16
	checks := 0      // one unit's attribution is sequential
	var last checked // the latest check's outcome
	check := func(cases []*plannedCase, avail func(pc *plannedCase) [][]bool, declare ...int) string {
		trials := make([]*plannedCase, len(cases))
		for i, pc := range cases {
			t := *pc
			t.Avail = avail(pc)
			t.declare = -1
			if len(declare) > 0 {
				t.declare = declare[0]
			}
			trials[i] = &t
		}
		checks++
		opts.logf("attributing a compile failure: check %d (%d configurations)", checks, len(cases))
		last = opts.checkTrials(ctx, trials, variants)
		return last.diag
	}
	current := func(pc *plannedCase) [][]bool { return pc.Avail }
	for round := 0; round < maxRounds; round++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if check(batch, current) == "" {
			return nil
		}
		// The diagnostics usually name the failing programs (the unit's
		// line in each error's context): mark those and check again, and
		// bisect only when they name none.
		if opts.markBlamed(batch, variants, blameDiagnostics(last.out, last.spans)) {
			continue
		}
		// Bisect the cases to one that fails on its own.
		cases := batch
		for len(cases) > 1 {
			half := cases[:len(cases)/2]
			if check(half, current) != "" {
				cases = half
			} else {
				cases = cases[len(cases)/2:]
			}
		}
		pc := cases[0]
		if check(cases, current) == "" {
			return fmt.Errorf("a compile failure appears only when configurations are combined; cannot attribute it")
		}
		found := false
		for v := range variants {
			only := func(keep func(p int) bool) func(*plannedCase) [][]bool {
				return func(c *plannedCase) [][]bool {
					avail := make([][]bool, len(c.Avail))
					for i := range avail {
						avail[i] = make([]bool, len(c.Programs))
						for p := range avail[i] {
							avail[i][p] = i == v && c.Avail[i][p] && keep(p)
						}
					}
					return avail
				}
			}
			var progs []int
			for p := range pc.Programs {
				if pc.Avail[v][p] {
					progs = append(progs, p)
				}
			}
			if len(progs) == 0 {
				continue
			}
			all := check(cases, only(func(int) bool { return true }))
			if all == "" {
				continue
			}
			found = true
			// The type alone, declared but running nothing.
			if none := check(cases, only(func(int) bool { return false }), v); none != "" {
				opts.markVariant(batch, variants, v, pc, none)
				continue
			}
			// The class's smallest program (load(), or one accesses() pass)
			// failing as all do: what fails is a member every program uses
			// (a static_assert of the instantiation, say), not a path.
			if minimal := opts.compileMinimal(ctx, pc, variants, v); minimal != "" && minimal == all {
				opts.markVariant(batch, variants, v, pc, all)
				continue
			}
			for _, p := range opts.bisectPrograms(progs, func(set []int) string {
				in := map[int]bool{}
				for _, p := range set {
					in[p] = true
				}
				return check(cases, only(func(p int) bool { return in[p] }))
			}) {
				opts.markPath(batch, variants, v, pc, p.prog, p.diag, "")
			}
		}
		if !found {
			return fmt.Errorf("a compile failure on %s could not be pinned on any variant or program", pc.Config)
		}
	}
	return fmt.Errorf("translation unit still does not compile after %d attribution rounds", maxRounds)
}

// compileMinimal checks variant v on pc's configuration with the class's
// smallest program alone, and returns the first diagnostic or "".
func (opts Options) compileMinimal(ctx context.Context, pc *plannedCase, variants []Variant, v int) string {
	prog := iterator.Program{{Kind: pc.Config.Class.Info().RecordOps[0]}}
	trial := *pc
	trial.Programs = []iterator.Program{prog}
	trial.RoundTrip = []bool{false}
	trial.declare = -1
	trial.Avail = make([][]bool, len(variants))
	for i := range trial.Avail {
		trial.Avail[i] = []bool{i == v}
	}
	return opts.checkTrials(ctx, []*plannedCase{&trial}, variants).diag
}

// checked is a check's outcome: the first diagnostic ("" when the unit
// compiled), the compiler's whole output, and where the unit's programs lie.
type checked struct {
	diag, out string
	spans     []programSpan
}

// checkTrials generates one translation unit of trial cases and checks it.
func (opts Options) checkTrials(ctx context.Context, trials []*plannedCase, variants []Variant) checked {
	var src bytes.Buffer
	spans := generateUnit(&src, trials, variants, opts.Headers)
	diag, out := opts.compileError(ctx, src.Bytes())
	return checked{diag, out, spans}
}

// markBlamed marks the path of each blamed program that is still available
// on the cases of the blamed case's instantiation shape (markPath), and
// reports whether it marked any. A diagnostic names the very instantiation
// that failed: a failure that depends on the element or the vector (a
// static_assert on 6-bit types, say) must not take the path away from the
// cases that compile, and a path that fails on every shape is named on
// each by the same compile's diagnostics.
func (opts Options) markBlamed(batch []*plannedCase, variants []Variant, blamed []blame) bool {
	marked := false
	for _, b := range blamed {
		if b.Case >= len(batch) || b.Variant >= len(variants) {
			continue
		}
		pc := batch[b.Case]
		if b.Program < len(pc.Programs) && pc.Avail[b.Variant][b.Program] {
			opts.markPath(batch, variants, b.Variant, pc, b.Program, b.Diag, instantiationShape(pc))
			marked = true
		}
	}
	return marked
}

type failedProgram struct {
	prog int
	diag string
}

// bisectPrograms returns the programs that fail on their own, splitting the
// set in halves: about 2·k·log2(n) checks for k failures among n programs.
func (opts Options) bisectPrograms(set []int, fails func([]int) string) []failedProgram {
	diag := fails(set)
	if diag == "" {
		return nil
	}
	if len(set) == 1 {
		return []failedProgram{{set[0], diag}}
	}
	mid := len(set) / 2
	out := append(opts.bisectPrograms(set[:mid], fails), opts.bisectPrograms(set[mid:], fails)...)
	if len(out) == 0 {
		// Only the combination fails: blame the whole set, with its diagnostic.
		for _, p := range set {
			out = append(out, failedProgram{p, diag})
		}
	}
	return out
}

// markVariant marks every program of variant v unavailable on every case of
// the batch with pc's class, layout and instantiation shape: the variant
// does not instantiate there.
func (opts Options) markVariant(batch []*plannedCase, variants []Variant, v int, pc *plannedCase, diag string) {
	opts.logf("%s: %s through %s does not compile (%s): %s", variants[v].Label(), pc.Config.Class, pc.Config.Layout, pc.Config, diag)
	for _, c := range batch {
		if c.Config.Class != pc.Config.Class || c.Config.Layout != pc.Config.Layout || instantiationShape(c) != instantiationShape(pc) {
			continue
		}
		for p := range c.Programs {
			if c.Avail[v][p] {
				c.Avail[v][p] = false
				c.Why[v][p] = "does not compile: " + diag
			}
		}
	}
}

// markPath marks program p of pc, and every program of the same path (class,
// layout, program shape) on the batch's other cases, unavailable for v: a
// call the class lacks fails whatever the element or map. (A failure that
// depends on them fails the smallest program too and is marked by
// markVariant, per instantiation shape.) A shape other than "" limits the
// marking to the cases of that instantiation shape.
func (opts Options) markPath(batch []*plannedCase, variants []Variant, v int, pc *plannedCase, p int, diag, shape string) {
	path := pathOf(pc.Config.Class.String(), pc.Config.Layout.String(), pc.Programs[p].String())
	opts.logf("%s: %s does not compile: %s", variants[v].Label(), path, diag)
	for _, c := range batch {
		if shape != "" && instantiationShape(c) != shape {
			continue
		}
		for q, prog := range c.Programs {
			if c.Avail[v][q] && pathOf(c.Config.Class.String(), c.Config.Layout.String(), prog.String()) == path {
				c.Avail[v][q] = false
				c.Why[v][q] = "does not compile: " + diag
			}
		}
	}
}

// instantiationShape is what a compile failure usually depends on besides
// the class and layout: element width, vector, alignment, access size, map.
func instantiationShape(c *plannedCase) string {
	return fmt.Sprint(c.Config.Elem.Bits, c.Config.Access, c.Config.Align, c.Config.ElemsPerAccessType(), c.Config.Map)
}

// compileError checks src with the host compiler and returns the first
// diagnostic line, or "" when it compiles. For the host back end the check
// compiles to an object file (nothing kept): CUTLASS's inline PTX is
// rejected only at code generation. For the GPU back end it is a host
// -fsyntax-only check of the same source: template instantiation fails the
// same way under nvcc, the PTX that g++ cannot assemble is never generated,
// and nvcc itself would take many times longer per check. Outcomes are
// cached like Build's (depcache.go): by the hash of compiler, flags,
// headers and source, valid while every file the check read is unchanged.
func (opts Options) compileError(ctx context.Context, src []byte) (diag, output string) {
	host := opts.Toolchain
	mode := []string{"-c", "-o", os.DevNull}
	if host.Backend == "gpu" {
		mode = []string{"-fsyntax-only"}
		host.IncludeDirs = append(append([]string(nil), host.IncludeDirs...), nvccIncludeDirs(host.compiler())...)
	}
	host.Backend = "host"
	host.Compiler = ""
	inc, err := host.materialize()
	if err != nil {
		return err.Error(), ""
	}
	args := append(host.flags(inc), mode...)
	h := sha256.New()
	fmt.Fprintf(h, "check\x00%s\x00%s\x00%s\x00%s\x00", depVersion, host.compiler(), strings.Join(args, " "), HeaderHash())
	h.Write(src)
	manifest := filepath.Join(host.cacheDir(), "syntax-"+hex.EncodeToString(h.Sum(nil))[:32])
	if e, ok := lookupDeps(manifest, func(depEntry) bool { return true }); ok {
		return e.Result, e.Output
	}
	const ext = ".cpp"
	f, err := os.CreateTemp(host.cacheDir(), "attr-*"+ext)
	if err != nil {
		return err.Error(), ""
	}
	defer os.Remove(f.Name())
	depfile := f.Name() + ".d"
	defer os.Remove(depfile)
	if _, err := f.Write(src); err != nil {
		f.Close()
		return err.Error(), ""
	}
	f.Close()
	args = append(append(depArgs(depfile), args...), f.Name())
	cmd := exec.CommandContext(ctx, host.compiler(), args...)
	KillGroupOnCancel(cmd)
	started := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		// Named as the unit, not the temporary file, so that diagnostics
		// read the same from run to run (and blameDiagnostics finds them).
		output = strings.ReplaceAll(string(out), filepath.Dir(f.Name())+string(filepath.Separator), "")
		output = regexp.MustCompile(`attr-\d+\.cpp`).ReplaceAllString(output, "generated"+ext)
		diag = FirstDiagnostic(output)
		if len(output) > maxKeptOutput {
			output = output[:maxKeptOutput]
		}
	}
	// As in Build, a missing header is never cached (no list names the fix).
	missing := strings.Contains(string(out), "No such file or directory")
	if files, ok := collectDeps(depfile, f.Name(), started); ok && ctx.Err() == nil && !missing {
		recordDeps(manifest, depEntry{Result: diag, Failed: diag != "", Output: output, Files: files})
	}
	return diag, output
}

// maxKeptOutput bounds the compiler output a check keeps (and caches) for
// blameDiagnostics: errors past it are found by the next check.
const maxKeptOutput = 1 << 20

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
