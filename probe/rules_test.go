package probe

import (
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"testing"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// TestProbeVerdict: agreeing accesses with a control not caught are weak
// by the one rule (sweep.Verdict), and Controls names the control that
// missed; a caught control passes; a mismatch fails.
func TestProbeVerdict(t *testing.T) {
	res := &counted{ProbeResult: report.ProbeResult{Backend: "host", Variants: []report.ProbeVariant{
		{Label: "reference", Role: cuda.RoleIterator, Accesses: 10},
		{Label: "C-load-div", Role: cuda.RoleControl, Accesses: 10}, // no mismatch: not caught
	}}}
	assert.Equal(t, report.Weak, verdict(res), "control not caught: verdict")
	c := controls(res)
	require.Len(t, c, 1, "control not caught: controls %+v", c)
	assert.False(t, c[0].OK, "control not caught: controls %+v", c)
	assert.Equal(t, "C-load-div did not show mismatches against the reference", c[0].Variant+" did not "+c[0].Must)
	res.Variants[1].LoadRoundTrip = report.RoundTrip{Cases: 4, Failed: 3} // P-roundtrip killed it
	assert.Equal(t, report.Pass, verdict(res), "caught control: verdict")
	assert.True(t, controls(res)[0].OK, "caught control: controls %+v", controls(res))
	res.Variants[0].Mismatches = 1
	assert.Equal(t, report.Fail, verdict(res), "a mismatch: verdict, want fail")
}

// TestEvidenceJudge: a disagreement or a sanitizer report fails the
// evidence; a control not caught, or a sanitizer asked for but not run,
// makes it weak.
func TestEvidenceJudge(t *testing.T) {
	caught := func() *counted {
		return &counted{ProbeResult: report.ProbeResult{Variants: []report.ProbeVariant{
			{Label: "reference", Role: cuda.RoleIterator, Accesses: 10},
			{Label: "C-load-div", Role: cuda.RoleControl, Accesses: 10, StoreRoundTrip: report.RoundTrip{Cases: 2, Failed: 2}},
		}}}
	}
	for _, c := range []struct {
		name   string
		res    func() *counted
		sans   []report.Sanitizer
		weaken bool
		want   report.Verdict
	}{
		{"all agree, control caught", caught, nil, false, report.Pass},
		{"sanitizers clean", caught, []report.Sanitizer{{Tool: "memcheck", Ran: true, Clean: true}}, false, report.Pass},
		{"a sanitizer reported", caught, []report.Sanitizer{{Tool: "memcheck", Ran: true}}, false, report.Fail},
		{"a sanitizer did not run", caught, []report.Sanitizer{{Tool: "racecheck"}}, false, report.Weak},
		{"a control not caught", caught, nil, true, report.Weak},
		{"a dropped record", func() *counted { r := caught(); r.Dropped = 1; return r }, nil, true, report.Fail},
	} {
		res, e := c.res(), &report.GPUEvidence{Sanitizers: c.sans}
		if c.weaken {
			res.Variants[1].StoreRoundTrip.Failed = 0
		}
		judgeEvidence(res, e)
		assert.Equal(t, c.want, e.Verdict, "%s: verdict", c.name)
	}
}

// TestKillMatrix: the probe's controls are judged as a sweep's are
// (props.ControlOK): a control must be killed by P-roundtrip (a load or a
// store round trip failed against the reference), the identity copy killed
// by nothing: neither P-roundtrip nor P-companion (a mismatch with its own
// model).
func TestKillMatrix(t *testing.T) {
	res := &counted{ProbeResult: report.ProbeResult{Variants: []report.ProbeVariant{
		{Label: "reference", Role: cuda.RoleIterator, Mismatches: 5},
		{Label: "C-load-div", Role: cuda.RoleControl, LoadRoundTrip: report.RoundTrip{Cases: 4, Failed: 1}},
		// addresses differ, round trips ran and none failed
		{Label: "C-pitch-plus-one", Role: cuda.RoleControl, VsReference: 7, StoreRoundTrip: report.RoundTrip{Cases: 3}},
		{Label: "identity-copy", Role: cuda.RoleIdentity, Mismatches: 1},
		// an access iterator class: no round trip, the addresses decide
		{Label: "C-pitch-plus-one", Role: cuda.RoleControl, VsReference: 7},
		{Label: "C-load-div", Role: cuda.RoleControl},
	}}}
	rows := killMatrix(res)
	require.Len(t, rows, 5, "rows, want the controls and the identity copy")
	want := []struct {
		id       string
		killedBy []string
		ok       bool
	}{
		{"C-load-div", []string{"P-roundtrip"}, true},
		{"C-pitch-plus-one", []string{}, false},
		{"identity-copy", []string{"P-companion"}, false},
		{"C-pitch-plus-one", []string{"P-oracle"}, true},
		{"C-load-div", []string{}, false},
	}
	for i, w := range want {
		r := rows[i]
		assert.Equal(t, w.id, r.ID, "row %d: %+v, want %s killed by %v ok=%v", i, r, w.id, w.killedBy, w.ok)
		assert.Equal(t, w.killedBy, r.KilledBy, "row %d: %+v, want %s killed by %v ok=%v", i, r, w.id, w.killedBy, w.ok)
		assert.Equal(t, w.ok, r.OK, "row %d: %+v, want %s killed by %v ok=%v", i, r, w.id, w.killedBy, w.ok)
		assert.Equal(t, (len(w.killedBy) > 0), r.Killed, "row %d: %+v, want %s killed by %v ok=%v", i, r, w.id, w.killedBy, w.ok)
	}
	for i, c := range controls(res) {
		assert.Equal(t, want[i].id, c.Variant, "Controls()[%d] = %+v", i, c)
		assert.Equal(t, want[i].ok, c.OK, "Controls()[%d] = %+v", i, c)
	}
}

// TestUnjudgedRunIsNotOK: a run whose raw facts were never counted has no
// mismatch on record but is not OK, so it fails by rule instead of passing
// unjudged.
func TestUnjudgedRunIsNotOK(t *testing.T) {
	res := &counted{ProbeResult: report.ProbeResult{Variants: []report.ProbeVariant{{Label: "reference", Role: cuda.RoleIterator}}}, runs: []cuda.ProgramRun{{}}}
	assert.False(t, judged(res), "unjudged run: judged=%v OK=%v verdict %q", judged(res), agreed(res), verdict(res))
	assert.False(t, agreed(res), "unjudged run: judged=%v OK=%v verdict %q", judged(res), agreed(res), verdict(res))
	assert.Equal(t, report.Fail, verdict(res), "unjudged run: judged=%v OK=%v verdict %q", judged(res), agreed(res), verdict(res))
	res.Variants[0].Programs = 1 // counted
	assert.True(t, judged(res), "counted run: judged=%v OK=%v", judged(res), agreed(res))
	assert.True(t, agreed(res), "counted run: judged=%v OK=%v", judged(res), agreed(res))
}

// A probe of the access iterators alone cannot show C-load-div's defect
// (RegularTileIterator's load): it is listed as not judged and leaves the
// kill matrix, so the run is not weak for it.
func TestControlJudgedOnlyWhereItsDefectCanShow(t *testing.T) {
	family := iterator.Config{Class: iterator.PredicatedTileAccess}
	res := &counted{ProbeResult: report.ProbeResult{Backend: "host", Variants: []report.ProbeVariant{
		{Label: "cutlass", Role: cuda.RoleIterator, Accesses: 10},
		{Label: "C-load-div", Role: cuda.RoleControl, Accesses: 10},
		{Label: "C-pitch-plus-one", Role: cuda.RoleControl, Accesses: 10, VsReference: 4},
	}}, runs: []cuda.ProgramRun{{Variant: 0, Config: family}, {Variant: 1, Config: family}, {Variant: 2, Config: family}}}
	rows := killMatrix(res)
	require.Len(t, rows, 1)
	require.Equal(t, "C-pitch-plus-one", rows[0].ID)
	require.True(t, rows[0].OK)
	c := controls(res)
	require.Len(t, c, 2)
	require.True(t, c[0].OK)
	require.Contains(t, c[0].Must, "(not judged)")

	res.runs = append(res.runs, cuda.ProgramRun{Variant: 1, Config: iterator.Config{Class: iterator.RegularTile}})
	rows = killMatrix(res)
	require.Len(t, rows, 2, "a RegularTileIterator run judges it")
	require.False(t, rows[0].OK, "and it was not caught")
}
