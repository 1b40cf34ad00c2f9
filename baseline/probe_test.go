package baseline_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/baseline"
	"github.com/tilecheck/tilecheck/report"
)

// probeRun is a probe of an old tree against the fixed model: its store
// path disagrees in RegularTileIterator, and its store round trips fail
// where the model does not predict it.
func probeRun() *report.ProbeReport {
	it := report.ProbeVariant{Label: "cutlass", Model: "cutlass", Namespace: "cutlass", Role: "iterator", Programs: 40, Accesses: 900, Mismatches: 12,
		MismatchGroups: []report.MismatchGroup{
			{Class: "RegularTileIterator", Ops: "store(1,0)", Config: "elem=f32 shape=8x8", Count: 8},
			{Class: "RegularTileIterator", Ops: "store(-1,2)", Config: "elem=f16 shape=8x8", Count: 3},
			{Class: "RegularTileIterator", Ops: "load(1,0);store(1,0)", Config: "elem=f32 shape=8x8", Count: 1},
		},
		StoreRoundTrip: report.RoundTrip{Cases: 10, Failed: 4, Unexpected: 4}}
	ctl := report.ProbeVariant{Label: "C-load-div", Role: "control", Programs: 40, Accesses: 900}
	return &report.ProbeReport{Verdict: report.Fail, Classes: []string{"RegularTileIterator"},
		Controls:    []report.ProbeControl{{Variant: "C-load-div", Must: "show mismatches", OK: true}},
		ProbeResult: &report.ProbeResult{Backend: "host", Variants: []report.ProbeVariant{it, ctl}}}
}

func laws(fs []report.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Property+" "+f.Law)
	}
	return out
}

func TestOfProbe(t *testing.T) {
	fs := baseline.OfProbe(probeRun())
	assert.Equal(t, []string{"P-companion load(·,·);store(·,·)", "P-companion store(·,·)", "P-roundtrip store round trip"}, laws(fs))
	for _, f := range fs {
		assert.Equal(t, baseline.SourceProbe, f.Source)
		assert.Equal(t, "cutlass", f.Iterator)
	}
}

func TestProbeBaselineGates(t *testing.T) {
	f, fixed := baseline.Update(nil, nil, []*report.ProbeReport{probeRun()})
	require.Empty(t, fixed)
	require.Len(t, f.Findings, 3)

	r := probeRun()
	baseline.ApplyProbe(r, f, "b.json")
	assert.Empty(t, r.Baseline.New)
	assert.Len(t, r.Baseline.Known, 3)
	assert.Equal(t, report.Pass, baseline.ProbeVerdict(r))

	// A new disagreement.
	r = probeRun()
	r.Variants[0].MismatchGroups = append(r.Variants[0].MismatchGroups, report.MismatchGroup{Class: "RegularTileIterator", Ops: "inc", Count: 1})
	baseline.ApplyProbe(r, f, "b.json")
	assert.Equal(t, []string{"P-companion inc"}, laws(r.Baseline.New))
	assert.Equal(t, report.Fail, baseline.ProbeVerdict(r))

	// Fixed: the tree now agrees; a class not probed is not judged.
	f.Findings = append(f.Findings, report.Finding{Class: "PredicatedTileIterator", Iterator: "cutlass", Source: baseline.SourceProbe, Property: "P-companion", Law: "load()"})
	r = probeRun()
	r.Verdict, r.Variants[0].MismatchGroups, r.Variants[0].Mismatches, r.Variants[0].StoreRoundTrip.Unexpected = report.Pass, nil, 0, 0
	baseline.ApplyProbe(r, f, "b.json")
	assert.Len(t, r.Baseline.Fixed, 3)
	assert.NotContains(t, laws(r.Baseline.Fixed), "P-companion load()")
	assert.Equal(t, report.Pass, baseline.ProbeVerdict(r))
	updated, dropped := baseline.Update(f, nil, []*report.ProbeReport{r})
	assert.Len(t, dropped, 3)
	assert.Equal(t, []string{"P-companion load()"}, laws(updated.Findings))
}

func TestProbeGateFailsOnWhatIsNoFinding(t *testing.T) {
	f, _ := baseline.Update(nil, nil, []*report.ProbeReport{probeRun()})
	r := probeRun()
	r.Variants[1].Mismatches = 1 // a control disagreeing with its own Go model
	baseline.ApplyProbe(r, f, "b.json")
	assert.Equal(t, report.Fail, baseline.ProbeVerdict(r))

	r = probeRun()
	r.Dropped = 1
	baseline.ApplyProbe(r, f, "b.json")
	assert.Equal(t, report.Fail, baseline.ProbeVerdict(r))

	r = probeRun()
	r.Controls[0].OK = false
	baseline.ApplyProbe(r, f, "b.json")
	assert.Equal(t, report.Weak, baseline.ProbeVerdict(r))
}

func TestSweepAndProbeFindingsDoNotMeet(t *testing.T) {
	f := &baseline.File{Version: baseline.Version, Findings: []report.Finding{
		{Class: "RegularTileIterator", Iterator: "cutlass", Source: baseline.SourceCompiled, Property: "P-companion", Law: "store(·,·) ≡ the companion model"},
	}}
	r := probeRun()
	r.Verdict, r.Variants[0].MismatchGroups, r.Variants[0].StoreRoundTrip.Unexpected = report.Pass, nil, 0
	baseline.ApplyProbe(r, f, "b.json")
	assert.Empty(t, r.Baseline.Fixed, "a sweep's finding is not the probe's to call fixed")
}
