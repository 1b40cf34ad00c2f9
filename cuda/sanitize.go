package cuda

import (
	"context"
	"os/exec"
	"strings"
	"time"

	"github.com/tilecheck/tilecheck/report"
)

// sanitizerTools are the compute-sanitizer tools a GPU run is checked with.
var sanitizerTools = []string{"memcheck", "racecheck"}

// PendingSanitizers is what evidence written before the sanitizer runs end
// says of them: a run cut short by a time limit must not lose the evidence,
// and its sanitizer outcome then reads as not run (the verdict says so).
func PendingSanitizers(preset string) []report.Sanitizer {
	return []report.Sanitizer{{Tool: "memcheck", Preset: preset, Summary: "not finished (the run was cut short before the sanitizers ended)"}}
}

// SanitizersNotRun is the outcome of every tool when the sanitizer runs'
// cases could not be listed (why).
func SanitizersNotRun(preset, why string) []report.Sanitizer {
	var out []report.Sanitizer
	for _, tool := range sanitizerTools {
		out = append(out, report.Sanitizer{Tool: tool, Preset: preset, Summary: why})
	}
	return out
}

// Counter judges a run's raw facts and says whether the run agreed with
// its Go models: package probe's judgement, which it hands in (cuda does
// not import it).
type Counter func(*Result) (ok bool)

// RunSanitizers runs cases under compute-sanitizer memcheck and racecheck,
// each within limit, and has count judge each run; a tool that cannot run
// says why. phase, when set, gives each tool's run its own progress
// callback.
func RunSanitizers(ctx context.Context, cases []Case, preset string, limit time.Duration, opts Options, count Counter,
	phase func(tool string) func(done, total int)) []report.Sanitizer {
	var out []report.Sanitizer
	for _, tool := range sanitizerTools {
		s := report.Sanitizer{Tool: tool, Preset: preset}
		if _, lerr := exec.LookPath("compute-sanitizer"); lerr != nil || opts.Backend != "gpu" {
			s.Summary = "compute-sanitizer not available (needs the GPU back end and the CUDA toolkit)"
			out = append(out, s)
			continue
		}
		if opts.Log != nil {
			opts.Log("compute-sanitizer --tool %s on %d configurations", tool, len(cases))
		}
		o := opts
		o.Progress = nil
		if phase != nil {
			o.Progress = phase(tool) // a phase per tool: its own total
		}
		o.Wrap = func(bin string) []string {
			return []string{"compute-sanitizer", "--tool", tool, "--print-limit", "20", bin}
		}
		tctx, cancel := context.WithTimeout(ctx, limit)
		res, rerr := Run(tctx, cases, o)
		cancel()
		ok := false
		if res != nil && rerr == nil {
			ok = count(res)
		}
		out = append(out, sanitizerOutcome(tool, preset, res, ok, rerr))
	}
	return out
}

// sanitizerOutcome reads one tool's run: its summary line, the first few
// reports, and whether it is clean (it ran, the run agreed with the Go
// models, ok, and the summary counts 0 errors or 0 hazards).
func sanitizerOutcome(tool, preset string, res *Result, ok bool, rerr error) report.Sanitizer {
	s := report.Sanitizer{Tool: tool, Preset: preset, Ran: true}
	if res != nil {
		for _, l := range res.ToolOutput {
			if strings.Contains(l, "ERROR SUMMARY") || strings.Contains(l, "RACECHECK SUMMARY") {
				s.Summary = strings.TrimSpace(strings.TrimLeft(l, "= "))
			} else if strings.Contains(l, "Invalid") || strings.Contains(l, "Error") || strings.Contains(l, "hazard") {
				if len(s.Reports) < 10 {
					s.Reports = append(s.Reports, strings.TrimSpace(strings.TrimLeft(l, "= ")))
				}
			}
		}
	}
	switch {
	case rerr != nil:
		s.Summary = strings.TrimSpace(s.Summary + " run failed: " + rerr.Error())
	case res != nil && !ok:
		s.Summary += "; the run under the sanitizer disagreed with the Go models"
	default:
		s.Clean = strings.Contains(s.Summary, " 0 errors") || strings.Contains(s.Summary, " 0 hazards")
	}
	if s.Summary == "" {
		s.Summary = "no summary line from compute-sanitizer"
	}
	return s
}

// DeviceFacts names the GPU, driver and compiler of a run (nvidia-smi,
// nvcc --version; g++ --version on the host back end).
func DeviceFacts(res *Result, backend string) (gpu, driver, compiler string) {
	gpu, driver, compiler = res.Device["name"], "unknown", "unknown"
	if out, err := exec.Command("nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader").Output(); err == nil {
		parts := strings.Split(strings.TrimSpace(strings.Split(string(out), "\n")[0]), ",")
		if len(parts) == 2 {
			gpu, driver = strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])
		}
	}
	name := "nvcc"
	if backend == "host" {
		name = "g++"
	}
	if out, err := exec.Command(name, "--version").Output(); err == nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		compiler = name + ": " + strings.TrimSpace(lines[len(lines)-1])
		if backend == "host" {
			compiler = name + ": " + strings.TrimSpace(lines[0])
		}
	}
	if gpu == "" {
		gpu = "none (host run)"
	}
	return gpu, driver, compiler
}
