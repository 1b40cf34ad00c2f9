package copycxx

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gpuOutcome is one case's evidence on the device.
type gpuOutcome struct {
	Name        string `json:"name"`
	Case        string `json:"case"`
	Rejected    string `json:"rejected,omitempty"`
	Landed      string `json:"landed,omitempty"`
	Sentinels   int    `json:"sentinels"`
	Below       int    `json:"below"`
	Model       string `json:"model"`
	Expectation string `json:"expectation"`
	// Controls says, per control run in the same launch, how its landing
	// differs from the derived one (every control must differ).
	Controls []string `json:"controls,omitempty"`
}

// sanitizerRun is one compute-sanitizer tool over every case.
type sanitizerRun struct {
	Tool    string `json:"tool"`
	Errors  int    `json:"errors"`
	Runs    int    `json:"runs"`
	Agrees  bool   `json:"agrees"`
	Seconds int    `json:"seconds"`
}

type gpuEvidence struct {
	Tree       string         `json:"tree"`
	Seconds    int            `json:"seconds"`
	Cases      []gpuOutcome   `json:"cases"`
	Sanitizers []sanitizerRun `json:"sanitizers"`
}

var errorSummary = regexp.MustCompile(`ERROR SUMMARY: (\d+) error`)

// The round trip on the device, for every atom, on both trees: each case
// lands as derived by hand (or is refused as expected), agrees with the Go
// model, and runs clean under compute-sanitizer's memcheck, racecheck and
// synccheck with the same answers. Needs nvcc and a GPU (TILECHECK_GPU=1);
// TILECHECK_CUDA_INCLUDE names CUDA's include directories for the host
// compiler, TILECHECK_SANITIZE=0 leaves the sanitizers out, and
// TILECHECK_EVIDENCE_DIR, where set, receives gpu-copy-<tree>.json.
func TestGPURoundTrip(t *testing.T) {
	if os.Getenv("TILECHECK_GPU") != "1" {
		t.Skip("SKIPPED, NOT PASSED: set TILECHECK_GPU=1 on a machine with a GPU and nvcc")
	}
	nvcc := os.Getenv("NVCC")
	if nvcc == "" {
		nvcc = "nvcc"
	}
	if _, err := exec.LookPath(nvcc); err != nil {
		t.Skip("SKIPPED, NOT PASSED: no nvcc on PATH")
	}
	var cudaInc []string
	if s := os.Getenv("TILECHECK_CUDA_INCLUDE"); s != "" {
		cudaInc = strings.Split(s, ":")
	}
	var mu sync.Mutex
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			t.Parallel()
			started := time.Now()
			opt := Options{GPU: true, NVCC: nvcc, CUDAInclude: cudaInc, ChunkSize: 6}
			// The cases of undefined outcome run apart, with a short limit
			// (they may hang), so that the sanitizer runs below reuse the
			// defined cases' programs and their counts hold those alone.
			var defined, undefined []named
			for _, n := range append(hostCases(t), gpuCases(t)...) {
				if n.undefined != "" {
					undefined = append(undefined, n)
				} else {
					defined = append(defined, n)
				}
			}
			res := answerAll(t, v, opt, defined)
			uopt := opt
			uopt.CaseTimeout = 10 * time.Second
			all := append(append([]named(nil), defined...), undefined...)
			res = append(res, answerAll(t, v, uopt, undefined)...)
			ev := gpuEvidence{Tree: v}
			for i, n := range all {
				r := res[i]
				o := gpuOutcome{Name: n.name, Case: n.c.String(), Rejected: r.Rejected, Sentinels: len(r.Sentinels), Below: len(r.Below)}
				o.Model = "agrees"
				if d := modelDiff(n.c, r.Trace); d != "" {
					o.Model = d
				}
				switch {
				case n.undefined != "":
					o.Expectation = "undefined (" + n.undefined + "): recorded, not judged"
					if r.Rejected == "" {
						bad, ex := landing(t, n, r.Landed)
						o.Landed = fmt.Sprintf("%d offsets differ from the per-thread gate: %s", bad, strings.Join(ex, "; "))
					}
				case n.refusal != "":
					o.Expectation = "met: refused"
					if !strings.Contains(r.Rejected, n.refusal) {
						o.Expectation = fmt.Sprintf("NOT MET: want a refusal naming %q", n.refusal)
					}
				case r.Rejected != "":
					o.Expectation = "NOT MET: refused"
				default:
					bad, ex := landing(t, n, r.Landed)
					o.Landed = "as derived"
					if bad > 0 || len(r.Sentinels) > 0 || len(r.Below) > 0 {
						o.Landed = fmt.Sprintf("%d offsets differ: %s", bad, strings.Join(ex, "; "))
					}
					o.Expectation = "met"
					if o.Landed != "as derived" || o.Sentinels > 0 || o.Below > 0 {
						o.Expectation = "NOT MET"
					}
					if len(r.Controls) != 2 {
						o.Expectation = fmt.Sprintf("NOT MET: %d controls ran in the launch, want 2", len(r.Controls))
					}
					for _, ctl := range r.Controls {
						cbad, _ := landing(t, n, ctl.Landed)
						o.Controls = append(o.Controls, fmt.Sprintf("%s: %d offsets differ, %d sentinels, %d below", ctl.Name, cbad, len(ctl.Sentinels), len(ctl.Below)))
						if cbad == 0 && len(ctl.Sentinels) == 0 && len(ctl.Below) == 0 {
							o.Expectation = "NOT MET: control " + ctl.Name + " landed as derived"
						}
					}
				}
				assert.False(t, strings.HasPrefix(o.Expectation, "NOT MET"), "%s: %s: %s %s", n.name, o.Expectation, o.Rejected, o.Landed)
				ev.Cases = append(ev.Cases, o)
			}
			if os.Getenv("TILECHECK_SANITIZE") != "0" {
				for _, tool := range []string{"memcheck", "racecheck", "synccheck"} {
					run := sanitize(t, v, opt, defined, res[:len(defined)], tool)
					assert.LessOrEqual(t, run.Errors, 0, "%s: %s: errors", v, tool)
					assert.True(t, run.Agrees, "%s: %s: answers agree", v, tool)
					ev.Sanitizers = append(ev.Sanitizers, run)
				}
			}
			ev.Seconds = int(time.Since(started).Seconds())
			if dir := os.Getenv("TILECHECK_EVIDENCE_DIR"); dir != "" {
				b, err := json.MarshalIndent(ev, "", "  ")
				require.NoError(t, err)
				mu.Lock()
				defer mu.Unlock()
				require.NoError(t, os.WriteFile(filepath.Join(dir, "gpu-copy-"+v+".json"), append(b, '\n'), 0o644))
				require.NoError(t, os.WriteFile(filepath.Join(dir, "gpu-copy-"+v+".md"), []byte(ev.markdown()), 0o644))
			}
		})
	}
}

// sanitize runs every case under one compute-sanitizer tool, its reports
// in a log file per process, and counts the errors they sum up; Agrees
// says every answer equals the one without the tool.
func sanitize(t *testing.T, v string, opt Options, ns []named, plain []Result, tool string) sanitizerRun {
	t.Helper()
	started := time.Now()
	dir := t.TempDir()
	opt.Wrap = []string{"compute-sanitizer", "--tool", tool, "--log-file", filepath.Join(dir, "%p.log")}
	opt.CaseTimeout = 120 * time.Second
	res := answerAll(t, v, opt, ns)
	run := sanitizerRun{Tool: tool, Agrees: true}
	for i := range ns {
		// A crash reads "crashed: SIGABRT" alone and "crashed: exit
		// status 6" under the tool, which does not re-raise the signal.
		crashed := strings.HasPrefix(res[i].Rejected, "crashed: ") && strings.HasPrefix(plain[i].Rejected, "crashed: ")
		if !crashed && fmt.Sprint(res[i]) != fmt.Sprint(plain[i]) {
			run.Agrees = false
			t.Logf("%s under %s: %s answers otherwise: %q", v, tool, ns[i].name, res[i].Rejected)
		}
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	for _, l := range logs {
		b, err := os.ReadFile(l)
		require.NoError(t, err)
		run.Runs++
		for _, m := range errorSummary.FindAllStringSubmatch(string(b), -1) {
			n, _ := strconv.Atoi(m[1])
			run.Errors += n
		}
		if strings.Contains(string(b), "ERROR SUMMARY") && !strings.Contains(string(b), "ERROR SUMMARY: 0 errors") {
			t.Logf("%s %s:\n%s", v, tool, lastLines(string(b), 40))
		}
	}
	run.Seconds = int(time.Since(started).Seconds())
	t.Logf("%s: %s: %d errors over %d runs, answers agree: %t", v, tool, run.Errors, run.Runs, run.Agrees)
	return run
}

func lastLines(s string, n int) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(l[max(0, len(l)-n):], "\n")
}

// markdown is the evidence as a table, one row per case, then the tools.
func (ev gpuEvidence) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# CuTe TiledCopy round trip on the GPU, CUTLASS %s\n\n", ev.Tree)
	fmt.Fprintf(&b, "Made by `TestGPURoundTrip` (cute/tiledcopy/copycxx) in %d s; gpu-copy-%s.json holds the same.\n\n", ev.Seconds, ev.Tree)
	b.WriteString("Each answered case's launch also ran the controls, one block each: the copy with its destination (dst+16B) or its source (src+16B) moved by 16 bytes; each must land otherwise than derived.\n\n")
	b.WriteString("| case | CuTe | landed | Go model | controls (same launch) | expectation |\n|---|---|---|---|---|---|\n")
	cell := func(s string) string { return strings.ReplaceAll(s, "|", "\\|") }
	for _, c := range ev.Cases {
		got := "answered"
		if c.Rejected != "" {
			got = c.Rejected
		}
		fmt.Fprintf(&b, "| `%s`<br>`%s` | %s | %s | %s | %s | %s |\n", c.Name, cell(c.Case), cell(got), cell(c.Landed), cell(c.Model), cell(strings.Join(c.Controls, "<br>")), cell(c.Expectation))
	}
	b.WriteString("\n| compute-sanitizer | errors | processes | answers as without it | seconds |\n|---|---|---|---|---|\n")
	for _, r := range ev.Sanitizers {
		fmt.Fprintf(&b, "| %s | %d | %d | %t | %d |\n", r.Tool, r.Errors, r.Runs, r.Agrees, r.Seconds)
	}
	return b.String()
}
