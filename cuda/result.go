package cuda

import (
	"fmt"

	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// Result is what one compiled run found.
type Result struct {
	Backend  string          `json:"backend"`
	Variants []VariantResult `json:"variants"`
	Configs  int             `json:"configs"`  // configurations run
	Programs int             `json:"programs"` // (configuration, program) pairs run
	Skipped  []Skip          `json:"skipped,omitempty"`
	// Unavailable counts (variant, configuration, program) triples not run,
	// with a few reasons.
	Unavailable        int      `json:"unavailable"`
	UnavailableReasons []string `json:"unavailable_reasons,omitempty"`
	// Uncompilable lists every (variant, configuration, program) whose
	// instantiation does not compile, with the first diagnostic line.
	Uncompilable []string `json:"uncompilable,omitempty"`
	// Exact accounting of the bounded record buffer.
	Reserved uint64 `json:"records_reserved"`
	Capacity uint64 `json:"records_capacity"`
	Dropped  uint64 `json:"records_dropped"`
	// HeaderSHA256 hashes the committed C++ renditions and harness built;
	// SourceSHA256 the generated translation units.
	HeaderSHA256 string            `json:"header_sha256"`
	SourceSHA256 []string          `json:"source_sha256"`
	Device       map[string]string `json:"device,omitempty"`
	Builds       int               `json:"builds"`
	CachedBuilds int               `json:"cached_builds"`
	BuildSeconds float64           `json:"build_s"` // summed over translation units
	RunSeconds   float64           `json:"run_s"`   // summed over programs
	Errors       []string          `json:"errors,omitempty"`
	// ToolOutput holds the lines a wrapping tool (compute-sanitizer) printed.
	ToolOutput []string `json:"tool_output,omitempty"`

	// Runs are the raw facts of every program run, in the order run:
	// what the judging layer (probejudge.Count) judges and counts into
	// Variants.
	Runs []ProgramRun `json:"-"`

	compiled map[traceKey][]compiledThread
	why      map[traceKey]string
}

// whyUnavailable says why (case, program) did not run on the first variant.
func (r *Result) whyUnavailable(kase, prog int) string {
	if w, ok := r.why[traceKey{kase, 0, prog}]; ok {
		return w
	}
	return "unknown"
}

// Skip is a configuration that could not be run, and why.
type Skip struct {
	Config string `json:"config"`
	Reason string `json:"reason"`
}

// VariantResult is one variant's outcome.
type VariantResult struct {
	Label     string `json:"variant"`
	Model     string `json:"model"`
	Namespace string `json:"namespace"`
	Role      Role   `json:"role"`
	Programs  int    `json:"programs"`
	// Accesses compared with the Go model of the same name, and how many
	// disagreed (an address, or an access the harness could not recover).
	Accesses int64 `json:"accesses"`
	// Hidden counts store accesses the model says a later access of the
	// same store overwrites entirely (an Alignment override): not compared.
	Hidden int64 `json:"hidden,omitempty"`
	// Guards compares the predicated classes' valid flags with the Go
	// model (each also counted in Accesses); GuardedOff counts the
	// guarded-off loads and stores among them, whose guard agreed but whose
	// address nothing in memory shows (their accesses() pass shows it).
	Guards     int64      `json:"guards,omitempty"`
	GuardedOff int64      `json:"guarded_off,omitempty"`
	Mismatches int64      `json:"mismatches"`
	Examples   []Mismatch `json:"examples,omitempty"`
	// Accesses that differ from the reference model (the load round trip:
	// a fragment slot that does not hold the tag at its reference address).
	VsReference int64 `json:"vs_reference"`
	// Round trips: per (configuration, program), does the compiled code
	// differ from the reference, and did its Go model predict that?
	StoreRoundTrip RoundTrip `json:"store_round_trip"`
	LoadRoundTrip  RoundTrip `json:"load_round_trip"`
}

// RoundTrip counts round trips and how many failed where predicted.
type RoundTrip struct {
	Cases      int      `json:"cases"`
	Failed     int      `json:"failed"`
	Predicted  int      `json:"predicted"`  // Go model ≠ reference
	Unexpected int      `json:"unexpected"` // failed xor predicted
	Examples   []string `json:"examples,omitempty"`
}

// Mismatch is one access where the compiled code and the Go model disagree.
type Mismatch struct {
	Config   string `json:"config"`
	Ops      string `json:"ops"`
	Thread   int    `json:"thread"`
	Op       int    `json:"op"`
	Access   int    `json:"access"`
	Expected int64  `json:"expected"`
	Actual   int64  `json:"actual"`
	Detail   string `json:"detail,omitempty"`
}

// OK reports whether every iterator and control agreed with its Go model on
// every access and no record was dropped. A run whose raw facts nobody has
// counted (Judged) is not OK: no count says it agreed.
func (r *Result) OK() bool {
	if r.Dropped > 0 || len(r.Errors) > 0 || !r.Judged() {
		return false
	}
	for _, v := range r.Variants {
		if v.Mismatches > 0 || v.StoreRoundTrip.Unexpected > 0 || v.LoadRoundTrip.Unexpected > 0 {
			return false
		}
	}
	return true
}

// Judged reports whether the judging layer (probejudge.Count) has counted
// the run's raw facts: each program run counts once in its variant's
// Programs. A result without raw facts (decoded from JSON, or made by
// hand) counts as judged.
func (r *Result) Judged() bool {
	if len(r.Runs) == 0 {
		return true
	}
	n := 0
	for _, v := range r.Variants {
		n += v.Programs
	}
	return n > 0
}

// ControlOutcome says whether one control did what it must in this run:
// the probe's form of a kill-matrix row (KillMatrix).
type ControlOutcome struct {
	Variant string `json:"variant"`
	Must    string `json:"must"`
	OK      bool   `json:"ok"`
	Detail  string `json:"detail"`
}

// KillMatrix is the probe's controls and identity copy as a sweep's kill
// matrix: the properties that killed each, read off what they found
// (P-roundtrip: a load or store round trip failed against the reference;
// P-companion: an access disagreed with its own Go model), its spec
// (props.ProbeControlSpec, props.ProbeIdentitySpec) and whether the kills
// meet it (props.ControlOK), as a sweep decides for its controls.
func (r *Result) KillMatrix() []report.Control {
	var out []report.Control
	for _, v := range r.Variants {
		var spec props.ControlSpec
		switch v.Role {
		case RoleControl:
			spec = props.ProbeControlSpec
		case RoleIdentity:
			spec = props.ProbeIdentitySpec
		default:
			continue
		}
		c := report.Control{ID: v.Label, MustKill: spec.MustKill, MustSurvive: spec.MustSurvive, KilledBy: []string{}}
		if v.LoadRoundTrip.Failed > 0 || v.StoreRoundTrip.Failed > 0 {
			c.KilledBy = append(c.KilledBy, props.RoundTripID)
		}
		if v.Mismatches > 0 {
			c.KilledBy = append(c.KilledBy, props.CompanionID)
		}
		c.Killed = len(c.KilledBy) > 0
		c.OK = props.ControlOK(spec, c.KilledBy)
		out = append(out, c)
	}
	return out
}

// Controls is KillMatrix in the words of the probe's reports: each control
// must show mismatches against the reference, the identity copy none. A
// failed outcome makes the evidence weak.
func (r *Result) Controls() []ControlOutcome {
	var out []ControlOutcome
	rows := r.KillMatrix()
	for _, v := range r.Variants {
		must := "show mismatches against the reference"
		switch v.Role {
		case RoleControl:
		case RoleIdentity:
			must = "show no mismatch"
		default:
			continue
		}
		out = append(out, ControlOutcome{v.Label, must, rows[len(out)].OK, fmtCounts(v)})
	}
	return out
}

func fmtCounts(v VariantResult) string {
	return fmt.Sprintf("%d of %d accesses differ from the reference; store round trips failed %d of %d",
		v.VsReference, v.Accesses, v.StoreRoundTrip.Failed, v.StoreRoundTrip.Cases)
}
