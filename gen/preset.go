package gen

import "fmt"

// Preset names how much a sweep (or a probe) generates. Its zero value is
// not a preset: callers default it (the sweep to Quick, the probe to
// Representative) before asking for its Size.
type Preset string

// The presets, cheapest first. Representative is the probe's own list of
// cases; a sweep has no such preset.
const (
	Quick          Preset = "quick"
	Release        Preset = "release"
	Exhaustive     Preset = "exhaustive"
	Representative Preset = "representative"
)

// Presets lists the sweep's presets, cheapest first.
var Presets = []Preset{Quick, Release, Exhaustive}

// Size says how much of the axis product a preset walks.
type Size struct {
	// Configs is the number of diagonal samples of the RegularTileIterator
	// axis product (the whole product, some 150 million points, is beyond
	// even a night); Programs how many op programs each configuration runs.
	Configs, Programs int
	// Spread adds that many points of the whole product, visited in a
	// pseudo-random order without repeats (the exhaustive preset).
	Spread int
	// Random is the number of rapid-drawn cases, ShrinkChecks the rapid
	// checks per failing property.
	Random, ShrinkChecks int
	// Family is the number of configurations of a family class sweep, and
	// FamilyShrinkChecks the rapid checks per failing property there: the
	// family's defects need rarer draws (sub-byte types with access_elems
	// < V, residues), and a family case is cheap to judge.
	Family, FamilyShrinkChecks int
	// ProbeFamily is how many configurations of each family class a
	// compiled probe of the preset instantiates (FamilyConfigs' first dozen
	// already reach every axis value that matters).
	ProbeFamily int
	// probeOnly marks a preset a sweep does not have.
	probeOnly bool
}

// sizes is the one size table. quick's diagonal is short: the pairwise set
// (pairwise.go) carries most of its configurations, and every quick
// configuration is compiled once more by the real-CUTLASS test.
var sizes = map[Preset]Size{
	Quick:          {Configs: 24, Programs: 6, Random: 40, ShrinkChecks: 40, Family: 80, FamilyShrinkChecks: 100, ProbeFamily: 16},
	Release:        {Configs: 3000, Programs: 10, Random: 400, ShrinkChecks: 150, Family: 1500, FamilyShrinkChecks: 400, ProbeFamily: 48},
	Exhaustive:     {Configs: 60000, Programs: 10, Random: 5000, ShrinkChecks: 1000, Spread: 600000, Family: 60000, FamilyShrinkChecks: 2000, ProbeFamily: 160},
	Representative: {ProbeFamily: 10, probeOnly: true},
}

// String is the preset's name.
func (p Preset) String() string { return string(p) }

// Check says whether p is a sweep preset.
func (p Preset) Check() error {
	if s, ok := sizes[p]; !ok || s.probeOnly {
		return fmt.Errorf("unknown preset %q (want quick, release or exhaustive)", string(p))
	}
	return nil
}

// Size is the preset's row of the size table; a name outside it has the
// zero Size (Check says so first).
func (p Preset) Size() Size { return sizes[p] }

// ParsePreset reads a sweep preset's name.
func ParsePreset(s string) (Preset, error) {
	p := Preset(s)
	return p, p.Check()
}

// ParseProbePreset reads a probe preset's name: a sweep preset or
// representative.
func ParseProbePreset(s string) (Preset, error) {
	p := Preset(s)
	if _, ok := sizes[p]; !ok {
		return p, fmt.Errorf("unknown preset %q (want representative, quick, release or exhaustive)", s)
	}
	return p, nil
}
