// Package report is the schema of a sweep's result: the report of
// one iterator, the matrix of several, and their parts (properties,
// counterexamples, controls, coverage, units, audit), plus the tool's
// version that stamps them. It holds data only, no rendering and no
// third-party imports, so the engine that fills it (sweep) does not pull in
// the renderers (package reports) and their table library.
package report

import (
	"encoding/json"
	"math"
)

// Report is the result of one sweep of one iterator. Field names follow the
// report's JSON contract (docs/contract.md#report-schema); renderers read
// only this struct.
type Report struct {
	Tool            string       `json:"tool"`
	Version         string       `json:"version"`
	Iterator        string       `json:"iterator"`
	Class           string       `json:"class,omitempty"`
	Backend         string       `json:"backend,omitempty"` // go, host or gpu
	Preset          string       `json:"preset"`
	Seed            int64        `json:"seed"`
	Verdict         Verdict      `json:"verdict"` // pass, fail, weak or interrupted
	Configs         ConfigCounts `json:"configs"`
	Checks          int64        `json:"checks"` // address comparisons made on the iterator under test, not on the controls: the same whatever the worker count
	ElapsedS        float64      `json:"elapsed_s"`
	ChecksPerSecond float64      `json:"checks_per_second"`
	Properties      []Property   `json:"properties"`
	Controls        []Control    `json:"controls"`
	Coverage        []Coverage   `json:"coverage"`
	Units           []Unit       `json:"units"`
	Audit           []AuditEntry `json:"audit,omitempty"`
	Unavailable     []string     `json:"unavailable,omitempty"` // paths that do not exist (e.g. do not compile)
	// Interrupted, when set, says the run was stopped (SIGINT or SIGTERM)
	// before it ended and how far it got: the report holds what was
	// judged by then, without shrinking.
	Interrupted string `json:"interrupted,omitempty"`
	// Shard is the state of one shard of a sharded sweep (sweep --shard
	// i/n), which tilecheck merge joins into the unsharded report; the
	// rest of a shard's report covers only its own part of the preset.
	Shard json.RawMessage `json:"shard,omitempty"`
	// Baseline, when the run was given known findings, sorts its
	// failures into new, known and fixed (package baseline).
	Baseline *Findings `json:"baseline,omitempty"`
}

// IsShard says whether r is one shard's report (it carries shard state).
func (r *Report) IsShard() bool { return len(r.Shard) > 0 }

// ConfigCounts counts generated configurations.
type ConfigCounts struct {
	Valid   int `json:"valid"`
	Invalid int `json:"invalid"`
}

// Property is one property's outcome on the iterator.
type Property struct {
	ID             string          `json:"id"`
	Doc            string          `json:"doc,omitempty"`
	Status         Status          `json:"status"` // pass, fail, n/a or audit
	Cases          int64           `json:"cases"`
	Violations     int64           `json:"violations"`
	Counterexample *Counterexample `json:"counterexample,omitempty"`
}

// Counterexample is one shrunk failing case and the command that replays it.
// An address of compiled code that the bytes did not show (a store access
// overwritten whole, a guard seen off, no record at all) is NotSeen in
// Actual: compiled traces hold what the bytes show, never a model's guess.
type Counterexample struct {
	Config   string  `json:"config"`
	Ops      string  `json:"ops"`
	Thread   int     `json:"thread"`
	Expected []int64 `json:"expected"`
	Actual   []int64 `json:"actual"`
	Detail   string  `json:"detail,omitempty"`
	Replay   Replay  `json:"replay"`
}

// NotSeen is the address Counterexample.Actual and ProbeMismatch.Actual
// hold for an access the compiled code's bytes did not show
// (iterator.NoAddress; a test holds the two equal). Renderers print it as
// NotSeenText; JSON keeps the number.
const NotSeen int64 = math.MinInt64

// NotSeenText is how every text and Markdown renderer prints NotSeen: one
// word here, as the sweep's renderers (reports) and the probe's
// (reports/proberender) import only this package in common.
const NotSeenText = "not seen"

// Control is one known-bad variant and the properties that caught it.
type Control struct {
	ID       string   `json:"id"`
	Defect   string   `json:"defect,omitempty"`
	Killed   bool     `json:"killed"`
	KilledBy []string `json:"killed_by"`
	MustKill []string `json:"must_kill,omitempty"`
	// Survives lists properties that must NOT kill it (C-both-div survives P-sym).
	MustSurvive []string `json:"must_survive,omitempty"`
	OK          bool     `json:"ok"` // killed by every MustKill, by no MustSurvive
}

// Coverage is one coverage class and whether its floor was met.
type Coverage struct {
	Class    string  `json:"class"`
	Fraction float64 `json:"fraction"`
	Floor    float64 `json:"floor"`
	OK       bool    `json:"ok"`
}

// Unit is the inferred unit of one offset-taking path (P-unit).
type Unit struct {
	Path       string `json:"path"`
	Documented string `json:"documented"`
	Observed   string `json:"observed"`
}

// AuditEntry is one finding of the thread-map and precondition audit: a
// configuration outside a property's preconditions, or an instantiation fact.
type AuditEntry struct {
	Topic  string `json:"topic"` // e.g. "inexact-map", "misaligned-pitch", "fragment-overrun", "sub-byte-rows"
	Config string `json:"config"`
	Detail string `json:"detail"`
	Count  int    `json:"count,omitempty"`
}

// Matrix is the model × property matrix of a sweep over several iterators.
type Matrix struct {
	Preset  string    `json:"preset"`
	Seed    int64     `json:"seed"`
	Reports []*Report `json:"reports"`
	// Verdict is the combined verdict of one iterator swept over several
	// classes (sweep.CombinedVerdict, set by the front end), which its exit
	// status follows; Unjudged, and absent from JSON, for a matrix of
	// every model, whose exit follows its own rule (sweep.MatrixWeak).
	Verdict Verdict `json:"verdict,omitempty"`
}
