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

// Judge sets the controls' outcomes and the verdict by rule (sweep.Verdict):
// failed when the run failed (Result.OK: a disagreement with a Go model, an
// unexpected round trip, a dropped record, an error) or a sanitizer
// reported; weak when a row of the kill matrix misses its spec or a
// sanitizer asked for did not run (no evidence either way).
func (e *Evidence) Judge(rule VerdictRule) {
	e.Controls = e.Result.Controls()
	reported, missing := false, false
	for _, s := range e.Sanitizers {
		reported = reported || (s.Ran && !s.Clean)
		missing = missing || !s.Ran
	}
	e.Verdict = rule(!e.Result.OK() || reported, e.Result.KillMatrix(), missing)
}
