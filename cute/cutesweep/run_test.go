package cutesweep

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/laws"
	"github.com/tilecheck/tilecheck/report"
)

// The model keeps every law, every control is killed by the laws it must
// be, and every coverage floor is met: the sweep's verdict is pass.
func TestModelSweepPassesAndKillsEveryControl(t *testing.T) {
	res, err := Run(context.Background(), Options{Preset: "quick", Seed: 1, StaticEvery: 1})
	require.NoError(t, err)
	r := res.Report()
	for _, p := range r.Properties {
		require.Equal(t, report.Held, p.Status, "%s: %+v", p.ID, p.Counterexample)
	}
	require.Len(t, r.Controls, len(Controls()))
	for _, c := range r.Controls {
		require.True(t, c.OK, "%s killed by %v, must be by %v", c.ID, c.KilledBy, c.MustKill)
	}
	for _, c := range r.Coverage {
		require.True(t, c.OK, "coverage %s: %.3f < %.3f", c.Class, c.Fraction, c.Floor)
	}
	require.Equal(t, report.Pass, r.Verdict)
}

// A control swept as if it were compiled code fails L-model and the law
// its defect breaks, with a replayable, minimised counterexample.
func TestControlAsSourceFails(t *testing.T) {
	var k *Control
	for _, c := range Controls() {
		if c.ID == "C-compose-mode1-stride" {
			k = c
		}
	}
	res, err := Run(context.Background(), Options{Source: k.AsSource(), Cases: 600, Seed: 3,
		Ops: []cute.Op{cute.OpComposition}})
	require.NoError(t, err)
	r := res.Report()
	require.Equal(t, report.Fail, r.Verdict)
	failed := map[string]*report.Counterexample{}
	for _, p := range r.Properties {
		if p.Status == report.Violated {
			failed[p.ID] = p.Counterexample
		}
	}
	require.Contains(t, failed, "L-model")
	require.Contains(t, failed, "L-compose")
	require.Contains(t, failed["L-compose"].Replay.String(), "tilecheck cute check --case 'op=composition")
}

// CuTe v4.7.0 answers composition((4,6,8):(2,3,5), 6:3) with
// (_2,_3):(_6,_3) (CUTLASS issue #3177): the model refuses the pair, and
// L-compose judges the C++ answer broken at index 2 (C(2) = 3, A(B(2)) = 7).
func TestComposition3177(t *testing.T) {
	c, err := cute.ParseCase("op=composition A=(_4,_6,_8):(_2,_3,_5) B=_6:_3")
	require.NoError(t, err)
	m := c.Eval()
	require.Contains(t, m.Rejected, "stride divisibility")
	cxx, err := cute.ParseLayout("(_2,_3):(_6,_3)")
	require.NoError(t, err)
	vals, err := cxx.Image(64)
	require.NoError(t, err)
	v := laws.Compose.Check(c, cute.Answer{Layout: cxx, Values: vals}, nil)
	require.NotNil(t, v)
	require.Equal(t, int64(2), v.Index)
	require.Equal(t, []int64{7}, v.Expected)
	require.Equal(t, []int64{3}, v.Actual)
	mv := laws.Model.Check(c, cute.Answer{Layout: cxx, Values: vals}, []cute.Answer{m})
	require.NotNil(t, mv, "a static case answered outside the precondition is a finding")
}
