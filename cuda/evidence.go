package cuda

import "github.com/tilecheck/tilecheck/report"

// Sanitizer is the outcome of one compute-sanitizer tool over the run.
type Sanitizer struct {
	Tool    string   `json:"tool"` // memcheck or racecheck
	Preset  string   `json:"preset"`
	Ran     bool     `json:"ran"`
	Clean   bool     `json:"clean"`
	Summary string   `json:"summary"` // the tool's ERROR SUMMARY line, or why it did not run
	Reports []string `json:"reports,omitempty"`
}

// Evidence is the committed record of a GPU run (SPEC §9).
type Evidence struct {
	Tool       string            `json:"tool"`
	Version    string            `json:"version"`
	Date       string            `json:"date"`
	Preset     string            `json:"preset"`
	GPU        string            `json:"gpu"`
	Driver     string            `json:"driver"`
	Compiler   string            `json:"compiler"`
	Arch       string            `json:"arch"`
	Device     map[string]string `json:"device"`
	Verdict    report.Verdict    `json:"verdict"` // pass, fail or weak
	Result     *Result           `json:"result"`
	Controls   []ControlOutcome  `json:"controls"`
	Sanitizers []Sanitizer       `json:"sanitizers,omitempty"`
	Notes      []string          `json:"notes,omitempty"`
}

// Judge sets the verdict: the run's, as ProbeVerdict decides it (fail on
// any disagreement with a Go model, an unexpected round trip or a dropped
// record; weak when a row of the kill matrix misses its spec), then fail on
// a sanitizer report, weak (at best) on a sanitizer asked for but not run.
func (e *Evidence) Judge() {
	e.Controls = e.Result.Controls()
	e.Verdict, _ = ProbeVerdict(e.Result)
	for _, s := range e.Sanitizers {
		switch {
		case s.Ran && !s.Clean:
			e.Verdict = report.Fail
		case !s.Ran && e.Verdict == report.Pass:
			e.Verdict = report.Weak // asked for, not done: no evidence either way
		}
	}
}
