package report

// The compiled probe's schema: what tilecheck probe reports (ProbeReport)
// and what tilecheck gpu commits as evidence (GPUEvidence). Package cuda
// fills a ProbeResult (its cuda.Result holds one, beside the raw facts the
// judging layer counts), package probe counts into its own copy of it, and
// reports/proberender renders it. JSON field names and order are the committed evidence's.

// ProbeResult is what one compiled run found, as reported.
type ProbeResult struct {
	Backend  string         `json:"backend"`
	Variants []ProbeVariant `json:"variants"`
	Configs  int            `json:"configs"`  // configurations run
	Programs int            `json:"programs"` // (configuration, program) pairs run
	Skipped  []ProbeSkip    `json:"skipped,omitempty"`
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
}

// ProbeSkip is a configuration that could not be run, and why.
type ProbeSkip struct {
	Config string `json:"config"`
	Reason string `json:"reason"`
}

// ProbeRole says what a variant is for in a run (cuda.RoleIterator,
// cuda.RoleControl, cuda.RoleIdentity).
type ProbeRole string

// ProbeVariant is one variant's outcome.
type ProbeVariant struct {
	Label     string    `json:"variant"`
	Model     string    `json:"model"`
	Namespace string    `json:"namespace"`
	Role      ProbeRole `json:"role"`
	Programs  int       `json:"programs"`
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
	Guards     int64 `json:"guards,omitempty"`
	GuardedOff int64 `json:"guarded_off,omitempty"`
	Mismatches int64 `json:"mismatches"`
	// ClassModels names, for an iterator under test no Go model was named
	// for, the model each class was compared with: the first that its
	// compiled accesses match on every address the bytes showed.
	ClassModels map[string]string `json:"class_models,omitempty"`
	Examples    []ProbeMismatch   `json:"examples,omitempty"`
	// MismatchGroups counts the mismatches per class, program and
	// configuration, largest first: where they are, beside the examples,
	// which are drawn from as many groups as they can be.
	MismatchGroups []MismatchGroup `json:"mismatch_groups,omitempty"`
	// Accesses whose compiled address differs from the reference model's
	// (the load round trip: a fragment slot that does not hold the tag at
	// its reference address). Only addresses the bytes showed are
	// compared: an access with none (NotSeen: a store overwritten whole,
	// a guard seen off, no record) neither agrees nor differs, so it is
	// not counted here, though Accesses counts it.
	VsReference int64 `json:"vs_reference"`
	// ComparedWithReference counts the accesses compared with the
	// reference model's address: VsReference's denominator (Accesses
	// also counts those with no address seen, those whose guard differs
	// and those where the reference's own address is inexact).
	ComparedWithReference int64 `json:"compared_with_reference"`
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

// ProbeMismatch is one access where the compiled code and the Go model
// disagree. Actual is NotSeen for an access whose bytes showed no address
// (renderers print "not seen"; JSON keeps the number), never the harness's
// placeholder 0, which would read as a real address.
type ProbeMismatch struct {
	Config   string `json:"config"`
	Ops      string `json:"ops"`
	Thread   int    `json:"thread"`
	Op       int    `json:"op"`
	Access   int    `json:"access"`
	Expected int64  `json:"expected"`
	Actual   int64  `json:"actual"`
	Detail   string `json:"detail,omitempty"`
}

// MismatchGroup is how many of a variant's mismatches one (class, program,
// configuration) holds.
type MismatchGroup struct {
	Class  string `json:"class"`
	Ops    string `json:"ops"`
	Config string `json:"config"`
	Count  int64  `json:"count"`
}

// ProbeControl says whether one control did what it must in a run: the
// probe's form of a kill-matrix row (judged by package probe).
type ProbeControl struct {
	Variant string `json:"variant"`
	Must    string `json:"must"`
	OK      bool   `json:"ok"`
	Detail  string `json:"detail"`
}

// ProbeReport is the JSON form of a probe run: its result with the verdict
// and controls' outcomes the judging layer reached.
type ProbeReport struct {
	Tool     string         `json:"tool"`
	Version  string         `json:"version"`
	Preset   string         `json:"preset"`
	Verdict  Verdict        `json:"verdict"` // pass, fail or weak
	OK       bool           `json:"ok"`
	Controls []ProbeControl `json:"controls"`
	// Unproven says what left the run without evidence though nothing
	// failed (an iterator under test that compared no access): the
	// verdict is then weak.
	Unproven []string `json:"unproven,omitempty"`
	// Matches, where an iterator under test disagreed with its Go model,
	// say per class which model its accesses agree with (the hint for
	// --iterator on a tree of another age).
	Matches []ModelMatch `json:"matches,omitempty"`
	// MatchLines are Matches in the reports' words.
	MatchLines []string `json:"-"`
	// Classes are the iterator classes probed (--class), which say what
	// a baseline's finding not seen again was judged on.
	Classes []string `json:"classes,omitempty"`
	// Baseline, when the run was given known findings, sorts its
	// disagreements into new, known and fixed (package baseline).
	Baseline *Findings `json:"baseline,omitempty"`
	*ProbeResult
}

// ModelMatch is the model an iterator under test's compiled accesses agree
// with best in one class: Differ of Compared accesses differ from it.
type ModelMatch struct {
	Variant  string `json:"variant"`
	Class    string `json:"class"`
	Model    string `json:"model"`
	Compared int64  `json:"compared"`
	Differ   int64  `json:"differ"`
}

// Sanitizer is the outcome of one compute-sanitizer tool over the run.
type Sanitizer struct {
	Tool    string   `json:"tool"` // memcheck or racecheck
	Preset  string   `json:"preset"`
	Ran     bool     `json:"ran"`
	Clean   bool     `json:"clean"`
	Summary string   `json:"summary"` // the tool's ERROR SUMMARY line, or why it did not run
	Reports []string `json:"reports,omitempty"`
}

// GPUEvidence is the committed record of a GPU run.
type GPUEvidence struct {
	Tool       string            `json:"tool"`
	Version    string            `json:"version"`
	Date       string            `json:"date"`
	Preset     string            `json:"preset"`
	GPU        string            `json:"gpu"`
	Driver     string            `json:"driver"`
	Compiler   string            `json:"compiler"`
	Arch       string            `json:"arch"`
	Device     map[string]string `json:"device"`
	Verdict    Verdict           `json:"verdict"` // pass, fail or weak
	Result     *ProbeResult      `json:"result"`
	Controls   []ProbeControl    `json:"controls"`
	Sanitizers []Sanitizer       `json:"sanitizers,omitempty"`
	Unproven   []string          `json:"unproven,omitempty"` // as ProbeReport's
	Notes      []string          `json:"notes,omitempty"`
}
