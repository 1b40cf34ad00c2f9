package proberender

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/report"
)

// weakRun agrees everywhere, but its control showed no mismatch: weak, as
// the judging layer (cuda.Result.Report, by sweep.Verdict) finds it.
func weakRun() report.ProbeReport {
	return report.ProbeReport{Tool: "tilecheck", Version: "v1", Preset: "representative", Verdict: report.Weak, OK: true,
		Controls: []report.ProbeControl{{Variant: "C-load-div", Must: "show mismatches against the reference", OK: false}},
		ProbeResult: &report.ProbeResult{Backend: "host", Variants: []report.ProbeVariant{
			{Label: "reference", Role: "iterator", Accesses: 10},
			{Label: "C-load-div", Role: "control", Accesses: 10}, // no mismatch: not caught
		}}}
}

// TestProbeLastLineStatesVerdict: a probe whose accesses all agree but
// whose control showed no mismatch is weak, and its report's last line
// says so in text and Markdown (not that every compiled access
// agrees); the JSON form carries the verdict.
func TestProbeLastLineStatesVerdict(t *testing.T) {
	res := weakRun()
	for name, render := range map[string]func(*strings.Builder){
		"text":     func(b *strings.Builder) { Text(b, res) },
		"markdown": func(b *strings.Builder) { Markdown(b, res) },
	} {
		var b strings.Builder
		render(&b)
		// The text wraps the verdict to 100 columns: its last paragraph.
		out := strings.TrimSpace(b.String())
		last := strings.Join(strings.Fields(out[strings.LastIndex(out, "\n")+1:]), " ")
		if i := strings.LastIndex(out, "\nVerdict: "); i >= 0 {
			last = strings.Join(strings.Fields(out[i:]), " ")
		}
		assert.True(t, strings.HasPrefix(last, "Verdict: WEAK"), "%s: last paragraph %q, want a weak verdict naming C-load-div", name, last)
		assert.Contains(t, last, "C-load-div", "%s: last paragraph, want a weak verdict naming C-load-div", name)
	}
	var b strings.Builder
	require.NoError(t, JSON(&b, res))
	var doc struct {
		Verdict string `json:"verdict"`
		OK      bool   `json:"ok"`
		Backend string `json:"backend"`
	}
	require.NoError(t, json.Unmarshal([]byte(b.String()), &doc))
	assert.Equal(t, "weak", doc.Verdict, "JSON: want verdict weak, ok (every access agrees), backend host")
	assert.True(t, doc.OK, "JSON: want verdict weak, ok (every access agrees), backend host")
	assert.Equal(t, "host", doc.Backend, "JSON: want verdict weak, ok (every access agrees), backend host")
	res.Controls[0].OK = true
	line := VerdictLine(report.Pass, res.Controls, nil)
	assert.True(t, strings.HasPrefix(line, "Verdict: pass"), "caught control: line %q", line)
	line = VerdictLine(report.Fail, res.Controls, nil)
	assert.True(t, strings.HasPrefix(line, "Verdict: FAIL"), "a mismatch: line %q", line)
}

// TestEvidenceFilesNeverPassHostForGPU: a host rehearsal's files are named
// host-<date> and titled as not GPU evidence; a GPU run's gpu-<date>.
func TestEvidenceFilesNeverPassHostForGPU(t *testing.T) {
	for _, c := range []struct{ backend, base, title string }{
		{"host", "host-2026-12-01", "# tilecheck host rehearsal of the GPU protocol — 2026-12-01 (not GPU evidence)"},
		{"gpu", "gpu-2026-12-01", "# tilecheck GPU evidence — 2026-12-01"},
	} {
		res := weakRun()
		res.Backend = c.backend
		ev := &report.GPUEvidence{Date: "2026-12-01", Preset: "quick", Verdict: res.Verdict, Controls: res.Controls, Result: res.ProbeResult}
		base, md, js, err := EvidenceFiles(ev)
		require.NoError(t, err)
		assert.Equal(t, c.base, base, "%s: base", c.backend)
		assert.Equal(t, c.title, strings.SplitN(string(md), "\n", 2)[0], "%s: title", c.backend)
		var back report.GPUEvidence
		err = json.Unmarshal(js, &back)
		const want = "%s: JSON reads back as verdict %q (%v), want weak"
		if !assert.NoError(t, err, want, c.backend, back.Verdict, err) || !assert.NotNil(t, back.Result, want, c.backend, back.Verdict, err) {
			continue
		}
		assert.Equal(t, report.Weak, back.Verdict, want, c.backend, back.Verdict, err)
		assert.Equal(t, c.backend, back.Result.Backend, want, c.backend, back.Verdict, err)
	}
}

// TestMismatchNotSeen: a mismatch whose compiled access showed no address
// (report.NotSeen) reads "not seen" in the probe's text and Markdown and
// in the evidence's Markdown, never the sentinel's digits nor a 0; the JSON forms keep the number.
func TestMismatchNotSeen(t *testing.T) {
	res := weakRun()
	res.Variants[0].Mismatches = 1
	res.Variants[0].Examples = []report.ProbeMismatch{{Config: "elem=f32 shape=64x8", Ops: "store(0,0)", Thread: 3, Op: 0, Access: 2,
		Expected: 1072, Actual: report.NotSeen, Detail: "no byte of the access found in memory"}}
	ev := &report.GPUEvidence{Date: "2026-12-01", Preset: "quick", Verdict: res.Verdict, Controls: res.Controls, Result: res.ProbeResult}
	_, evMD, evJSON, err := EvidenceFiles(ev)
	require.NoError(t, err)
	var text, md, js strings.Builder
	Text(&text, res)
	Markdown(&md, res)
	require.NoError(t, JSON(&js, res))
	for name, c := range map[string]struct{ out, want string }{
		"text":              {strings.Join(strings.Fields(text.String()), " "), "access 2: Go model 1072, compiled not seen no byte of the access found in memory"},
		"markdown":          {md.String(), "access 2: Go model 1072, compiled (host) not seen no byte of the access found in memory"},
		"evidence markdown": {string(evMD), "access 2: Go model 1072, compiled (host) not seen no byte of the access found in memory"},
	} {
		assert.Contains(t, c.out, c.want, "%s and no sentinel digits", name)
		assert.NotContains(t, c.out, "-9223372036854775808", "%s: want %q and no sentinel digits", name, c.want)
	}
	// The probe's JSON holds the variants at the top, the evidence's under
	// "result".
	type variants struct {
		Variants []struct {
			Examples []struct {
				Actual int64 `json:"actual"`
			} `json:"examples"`
		} `json:"variants"`
	}
	var probeDoc variants
	var evDoc struct {
		Result variants `json:"result"`
	}
	for name, c := range map[string]struct {
		out string
		doc any
		got *variants
	}{"json": {js.String(), &probeDoc, &probeDoc}, "evidence json": {string(evJSON), &evDoc, &evDoc.Result}} {
		require.NoError(t, json.Unmarshal([]byte(c.out), c.doc))
		v := c.got.Variants
		const want = "%s: want the example's actual as the number -9223372036854775808: %+v"
		if !assert.NotEmpty(t, v, want, name, *c.got) || !assert.Len(t, v[0].Examples, 1, want, name, *c.got) {
			continue
		}
		assert.Equal(t, int64(-9223372036854775808), v[0].Examples[0].Actual, want, name, *c.got)
	}
}

// TestUncompilableGroupedByDiagnostic: paths that fail with one first
// diagnostic (a header's static_assert reached by every program of two
// configurations) are listed once, counted, with the first path; a path
// with a diagnostic of its own is listed as it is. JSON keeps every path.
func TestUncompilableGroupedByDiagnostic(t *testing.T) {
	const diag = "fast_math.h:714:78: error: static assertion failed: Size must be a power of two"
	res := weakRun()
	res.Uncompilable = []string{
		"cutlass on elem=e3m2 A | accesses(): does not compile: " + diag,
		"cutlass on elem=e3m2 A | add_tile_offset(0,1);accesses(): does not compile: " + diag,
		"cutlass on elem=f16 B | inc;accesses(): does not compile: no member named 'operator++'",
		"cutlass on elem=e3m2 C | accesses(): does not compile: " + diag,
	}
	var b strings.Builder
	Text(&b, res)
	// Long lines are wrapped to 100 columns: read the text with its line
	// breaks and indentation as single spaces.
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	out := flat(b.String())
	assert.Equal(t, 1, strings.Count(out, diag), "the shared diagnostic printed more than once:\n%s", out)
	assert.Contains(t, out, flat("3 paths, one diagnostic: "+diag+" first: cutlass on elem=e3m2 A | accesses()"), "want the group counted with its first path:\n%s", b.String())
	assert.Contains(t, b.String(), "\n  3 paths, one diagnostic: ", "want the group counted with its first path")
	assert.Contains(t, b.String(), "  cutlass on elem=f16 B | inc;accesses(): does not compile: no member named 'operator++'\n", "want the lone path as it is:\n%s", out)
	var j strings.Builder
	require.NoError(t, JSON(&j, res))
	assert.Equal(t, 3, strings.Count(j.String(), "static assertion failed"), "JSON holds the diagnostic once per path (3)")
}

// TestEvidenceRowsSayWhatRan: a host rehearsal's table names no compute
// capability and no -arch (it had neither; it printed "compute capability
// ()" and the GPU's -arch); a GPU run's names both.
func TestEvidenceRowsSayWhatRan(t *testing.T) {
	for _, c := range []struct {
		backend, gpu, compiler string
	}{
		{"host", "| GPU | none (host run) |", "| compiler | g++ 12 |"},
		{"gpu", "| GPU | NVIDIA H200 (compute capability 9.0) |", "| compiler | nvcc 13.0, `-arch=sm_90` |"},
	} {
		res := weakRun()
		res.Backend = c.backend
		ev := &report.GPUEvidence{Date: "2026-12-01", Preset: "quick", Verdict: res.Verdict, Controls: res.Controls, Result: res.ProbeResult,
			GPU: "none (host run)", Compiler: "g++ 12", Arch: "sm_90"}
		if c.backend == "gpu" {
			ev.GPU, ev.Compiler, ev.Device = "NVIDIA H200", "nvcc 13.0", map[string]string{"cc": "9.0"}
		}
		var b strings.Builder
		EvidenceMarkdown(&b, ev)
		md := b.String()
		assert.Contains(t, md, c.gpu+"\n", "%s: want rows %q and %q", c.backend, c.gpu, c.compiler)
		assert.Contains(t, md, c.compiler+"\n", "%s: want rows %q and %q", c.backend, c.gpu, c.compiler)
	}
}

// TestHostRehearsalSaysNoGPU: a host rehearsal's Markdown never says its
// addresses were observed on the GPU and prints no empty CUDA API row
// ("| CUDA driver/runtime API |  /  |"); a GPU run's keeps both.
func TestHostRehearsalSaysNoGPU(t *testing.T) {
	for _, backend := range []string{"host", "gpu"} {
		res := weakRun()
		res.Backend = backend
		ev := &report.GPUEvidence{Date: "2026-12-01", Preset: "quick", Verdict: res.Verdict, Controls: res.Controls, Result: res.ProbeResult,
			GPU: "none (host run)", Compiler: "g++ 12", Arch: "sm_90"}
		if backend == "gpu" {
			ev.GPU, ev.Compiler = "NVIDIA H200", "nvcc 13.0"
			ev.Device = map[string]string{"cc": "9.0", "driver_api": "13000", "runtime": "13000"}
		}
		var b strings.Builder
		EvidenceMarkdown(&b, ev)
		md := b.String()
		onGPU := strings.Contains(md, "observed on the GPU")
		apiRow := strings.Contains(md, "| CUDA driver/runtime API |")
		if backend == "host" {
			assert.False(t, onGPU, "host rehearsal: says observed on the GPU %v, CUDA API row %v:\n%s", onGPU, apiRow, md)
			assert.False(t, apiRow, "host rehearsal: says observed on the GPU %v, CUDA API row %v:\n%s", onGPU, apiRow, md)
		}
		if backend == "gpu" {
			assert.True(t, onGPU, "GPU run: heading or CUDA API row missing:\n%s", md)
			assert.Contains(t, md, "| CUDA driver/runtime API | 13000 / 13000 |", "GPU run: heading or CUDA API row missing:\n%s", md)
		}
	}
}

// wideRun is a probe run with every part of the text report filled in, as
// long as a real run's: a header's variants with their namespace, a
// mismatch, an unexpected round trip, skipped and uncompilable paths.
func wideRun() report.ProbeReport {
	res := weakRun()
	res.Backend, res.Configs, res.Programs, res.Unavailable = "gpu", 1204, 10, 36
	res.HeaderSHA256 = strings.Repeat("ab", 32)
	res.SourceSHA256 = []string{"x", "y"}
	rt := report.RoundTrip{Cases: 12040, Failed: 3, Predicted: 3, Unexpected: 1,
		Examples: []string{"UNEXPECTED store round trip on elem=f16 shape=64x8 map=warp-raked threads=32 warp=8x4 access=8 adv=1 stride=64 | load(1,0);store(1,0): byte 1072 read back 0"}}
	res.Variants = append(res.Variants, report.ProbeVariant{Label: "my-regular-tile-iterator-with-a-long-name",
		Namespace: "my_project::detail::transform::threadblock", Role: "iterator", Accesses: 1234567, Mismatches: 12,
		VsReference: 12, StoreRoundTrip: rt, LoadRoundTrip: rt,
		Examples: []report.ProbeMismatch{{Config: "elem=f16 shape=64x8 map=warp-raked threads=32 warp=8x4 access=8 adv=1 stride=64",
			Ops: "load(1,0);store(1,0);add_tile_offset(1,0);load()", Thread: 17, Op: 2, Access: 3, Expected: 1072, Actual: 1088,
			Detail: "the compiled iterator moved one vector further than the Go model"}}})
	res.Skipped = []report.ProbeSkip{{Reason: "the configuration's shared memory exceeds the device's limit of 232448 bytes per block (needs 1048576)"}}
	res.Uncompilable = []string{"my-regular-tile-iterator-with-a-long-name on elem=e3m2 shape=64x4 map=warp-raked | accesses(): does not compile: fast_math.h:714:78: error: static assertion failed: Size must be a power of two"}
	res.Errors = []string{"launch of translation unit 3 failed: an illegal memory access was encountered (cudaErrorIllegalAddress) after 2 of 4 kernels"}
	return res
}

// TestProbeTextWithin100Columns: every line of the probe's text report
// fits in 100 columns, long labels and diagnostics included.
func TestProbeTextWithin100Columns(t *testing.T) {
	for name, run := range map[string]report.ProbeReport{"weak": weakRun(), "wide": wideRun()} {
		var b strings.Builder
		Text(&b, run)
		for _, line := range strings.Split(b.String(), "\n") {
			assert.LessOrEqual(t, utf8.RuneCountInString(line), 100, "%s: line too wide:\n%s", name, line)
		}
		if name == "wide" {
			assert.Contains(t, b.String(), "my_project::detail::transform::threadblock", "the namespace is missing:\n%s", b.String())
		}
	}
}
