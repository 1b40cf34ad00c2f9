package reports

import "github.com/tilecheck/tilecheck/report"

// Hand-made reports for the golden and behaviour tests. The addresses are
// the worked example of the cutlass-pre3049 store defect
// (docs/contract.md#cutlass-pre3049) (float, 64×8, stripmined T=32, V=4, thread 5):
// store(f,{1,0}) on CUTLASS v2.3–v4.4 touches 336, 848, 1360, 1872 where the
// load (and the contract) touch 144, 656, 1168, 1680.

const specConfig = "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64"

func failingReport() *report.Report {
	return &report.Report{
		Tool: "tilecheck", Version: "0.1.0", Iterator: "cutlass-pre3049", Class: "RegularTileIterator",
		Backend: "go", Preset: "quick", Seed: 7, Verdict: report.Fail,
		Configs: report.ConfigCounts{Valid: 120, Invalid: 8}, Checks: 48000, ElapsedS: 1.5, ChecksPerSecond: 32000,
		Properties: []report.Property{
			{ID: "P-sym", Doc: "load(f,t) and store(f,t) make the same accesses", Status: report.Violated, Cases: 400, Violations: 37,
				Counterexample: &report.Counterexample{
					Config: specConfig, Ops: "load(1,0);store(1,0)", Thread: 5,
					Expected: []int64{144, 656, 1168, 1680}, Actual: []int64{336, 848, 1360, 1872},
					Detail: "store moves tc·Sc, load tc·Sc/V",
					Replay: report.Replay{Iterator: "cutlass-pre3049", Config: specConfig, Ops: "load(1,0);store(1,0)", Property: "P-sym", Thread: 5},
				}},
			{ID: "P-frag", Doc: "A · Iter.count <= sizeof(Fragment)", Status: report.NotApplicable},
			{ID: "P-inc", Doc: "++ is one tile along the advance rank", Status: report.Held, Cases: 400},
		},
		Controls: []report.Control{
			{ID: "C-load-div", Defect: "load(t) divides by V, store(t) does not", Killed: true,
				KilledBy: []string{"P-sym", "P-inc"}, MustKill: []string{"P-sym"}, OK: true},
			{ID: "C-both-div", Defect: "both divide by V", Killed: true,
				KilledBy: []string{"P-sym"}, MustKill: []string{"P-tile"}, MustSurvive: []string{"P-sym"}, OK: false},
			{ID: "C-rank-swap", Defect: "++ along the other rank", Killed: false, MustKill: []string{"P-inc"}},
		},
		Coverage: []report.Coverage{
			{Class: "V>1 ∧ tc≠0", Fraction: 0.25, Floor: 0.05, OK: true},
			{Class: "B<8", Fraction: 1.0 / 3, Floor: 0.4, OK: false},
		},
		Units: []report.Unit{
			{Path: "add_pointer_offset", Documented: "elements", Observed: "bytes"},
			{Path: "load(f,t)", Documented: "tiles", Observed: "tiles"},
		},
		Audit: []report.AuditEntry{
			{Topic: "inexact-map", Config: "elem=f32 shape=64x6 map=stripmined threads=64 access=4 adv=1", Detail: "stripmined ceiling: Qs % (T/Qc) != 0", Count: 3},
			{Topic: "fragment-overrun", Config: "elem=f32 shape=128x4 map=stripmined threads=16 access=4 adv=1 align=32", Detail: "A=32 > natural 16"},
		},
		Unavailable: []string{"rowmajor load(c,s): CUTLASS's overload does not compile"},
	}
}

func passingReport() *report.Report {
	return &report.Report{
		Tool: "tilecheck", Version: "0.1.0", Iterator: "reference", Preset: "quick", Seed: 7, Verdict: report.Pass,
		Configs: report.ConfigCounts{Valid: 120}, Checks: 1000, ElapsedS: 0.25, ChecksPerSecond: 4000,
		Properties: []report.Property{
			{ID: "P-sym", Status: report.Held, Cases: 400},
			{ID: "P-tile", Status: report.Held, Cases: 400},
		},
		Controls: []report.Control{
			{ID: "C-load-div", Killed: true, KilledBy: []string{"P-sym", "P-tile"}, MustKill: []string{"P-sym", "P-tile"}, OK: true},
		},
		Coverage: []report.Coverage{{Class: "rank 0", Fraction: 0.5, Floor: 0.1, OK: true}},
		Units:    []report.Unit{{Path: "add_pointer_offset", Documented: "elements", Observed: "elements"}},
	}
}

func fixtureMatrix() *report.Matrix {
	return &report.Matrix{Preset: "quick", Seed: 7, Reports: []*report.Report{passingReport(), failingReport()}}
}

// sameControlsMatrix has two models whose controls fared alike, as they do
// when every model's sweep runs the controls on the same generator.
func sameControlsMatrix() *report.Matrix {
	other := passingReport()
	other.Iterator, other.Verdict = "cutlass", report.Fail
	other.Properties[1].Status, other.Properties[1].Violations = report.Violated, 3
	return &report.Matrix{Preset: "release", Seed: 1, Reports: []*report.Report{passingReport(), other}}
}

// classesMatrix is an all-classes sweep: the RegularTileIterator reports of
// fixtureMatrix, then two models of a predicated class, whose properties
// (P-traverse among them) differ from the regular iterator's.
func classesMatrix() *report.Matrix {
	m := fixtureMatrix()
	const cfg = "class=PredicatedTileAccessIterator elem=f16 shape=64x8 map=stripmined threads=8 access=8 adv=1 extent=64x20"
	family := func(name string, verdict report.Verdict) *report.Report {
		r := &report.Report{Tool: "tilecheck", Version: "0.1.0", Iterator: name, Class: "PredicatedTileAccessIterator",
			Preset: "quick", Seed: 7, Verdict: verdict, Configs: report.ConfigCounts{Valid: 80},
			Properties: []report.Property{
				{ID: "P-tile", Status: report.Held, Cases: 480},
				{ID: "P-traverse", Status: report.Held, Cases: 80},
			},
			Controls: []report.Control{{ID: "C-cross-unscaled", Killed: true, KilledBy: []string{"P-tile"}, MustKill: []string{"P-tile"}, OK: true}},
			Coverage: []report.Coverage{{Class: "residue ≠ tile", Fraction: 0.5, Floor: 0.1, OK: true}},
			Units:    []report.Unit{{Path: "add_pointer_offset", Documented: "elements", Observed: "elements"}},
		}
		return r
	}
	bad := family("cutlass", report.Fail)
	// Hand-made in the manner of CUTLASS #3487 (C-3487-cross): an unscaled f16
	// cross term moves 64 bytes where a 64-element tile is 128.
	bad.Properties[0] = report.Property{ID: "P-tile", Status: report.Violated, Cases: 480, Violations: 12,
		Counterexample: &report.Counterexample{Config: cfg, Ops: "add_tile_offset(0,1);add_tile_offset(1,0);accesses()", Thread: 0,
			Expected: []int64{128}, Actual: []int64{64},
			Replay: report.Replay{Iterator: "cutlass", Config: cfg, Ops: "add_tile_offset(0,1);add_tile_offset(1,0);accesses()", Property: "P-tile", Thread: 0}}}
	m.Reports = append(m.Reports, family("reference", report.Pass), bad)
	return m
}
