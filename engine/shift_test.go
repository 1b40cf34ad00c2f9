package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// TestCompactJudgesAsRecords: a source that answers in compact form (a Go
// model traced into an arena) is judged exactly as one that answers with
// the records (the same model without an arena): the same outcomes,
// violations, checks, judged marks and unit observations included, and
// the same kills, for the reference, every control and both CUTLASS
// renditions, judged in full and quietly, under both pointer contracts, on
// random cases as a sweep draws them. Most answers must be judged untraced, or the comparison shows
// nothing.
func TestCompactJudgesAsRecords(t *testing.T) {
	ref := props.ModelSource(model(t, "reference"))
	ps := props.ForClass(iterator.RegularTile)
	arena := new(iterator.Arena)
	untraced, answers, kills := 0, 0, 0
	for _, contract := range []props.Contract{props.PtrElements, props.PtrBytes} {
		cases := append(gen.RandomCases(iterator.RegularTile, 7, 300, contract), compactEdgeCases(t, contract)...)
		plan := engine.NewPlan(ps, cases)
		models := []iterator.Model{model(t, "cutlass"), model(t, "cutlass-pre3049")}
		for _, d := range append([]iterator.Defect{""}, props.ControlsFor(iterator.RegularTile, contract)...) {
			models = append(models, iterator.Control(d)) // "": the reference
		}
		for _, m := range models {
			records, compact := props.ModelSource(m), props.ModelSourceIn(m, arena)
			for _, quiet := range []bool{false, true} {
				arena.Reset()
				eval := plan.Evaluate
				if quiet {
					eval = plan.EvaluateKills
				}
				want, err := eval(records, ref)
				require.NoError(t, err)
				got, err := eval(compact, ref)
				require.NoError(t, err)
				untraced += engine.UntracedAnswers(plan)
				answers += len(cases)
				for i := range cases {
					require.Equal(t, want[i], got[i], "%s (quiet %v) on %s; %s: outcome from records and from compact answers", m.Name(), quiet, cases[i].Config, cases[i].Program)
				}
			}
			killedRecords, killedCompact := make([]bool, len(ps)), make([]bool, len(ps))
			require.NoError(t, plan.Kills(records, ref, nil, killedRecords))
			require.NoError(t, plan.Kills(compact, ref, nil, killedCompact))
			assert.Equal(t, killedRecords, killedCompact, "%s: kills from records and from compact answers", m.Name())
			for _, k := range killedRecords {
				if k {
					kills++
				}
			}
		}
	}
	t.Logf("%d answers judged untraced (%d cases judged), %d kills", untraced, answers, kills)
	require.GreaterOrEqual(t, untraced, answers, "the compact path is not exercised: answers untraced for %d cases", answers)
	require.NotZero(t, kills, "the compact path is not exercised: no kill")
}

// compactEdgeCases are cases the random ones rarely reach: sub-byte rows
// whose CUTLASS pointer truncates for some threads only, and pointer
// offsets that CUTLASS narrows to int32.
func compactEdgeCases(t *testing.T, contract props.Contract) []props.Case {
	t.Helper()
	cfgs := []string{
		"bits=2 shape=16x8 map=stripmined threads=8 access=4 adv=1 stride=7",
		"layout=rowmajor bits=4 shape=16x8 map=warp-striped-3131 threads=64 access=2 adv=0 warp=4x1 stride=7",
		"layout=rowmajor bits=8 shape=32x4 map=warp-striped threads=4 access=1 adv=1 warp=2x2",
		"bits=16 shape=64x4 map=stripmined threads=16 access=8 adv=0",
		// f64: a pointer offset of 2^57-12 elements puts the documented
		// origin 768 bits short of MaxInt64, nearer than the threads'
		// farthest access, where a control that moves po·8/B bytes
		// traces it in compact form: the masks' overflow bound decides.
		"bits=64 shape=8x2 map=stripmined threads=2 access=1 adv=1",
	}
	progs := []string{
		"add_pointer_offset(4);load()",
		"load();add_tile_offset(1,0);load();inc;load()",
		"load_with_pointer_offset(2147483648)",
		"add_pointer_offset(4294967296);load();load_with_pointer_offset(-2147483649)",
		"load_with_pointer_offset(4294967296);add_pointer_offset(8);load()",
		"store_with_pointer_offset(3);dec;load(1,0)",
		"load_with_pointer_offset(144115188075855860)",
	}
	var out []props.Case
	for _, cs := range cfgs {
		cfg, err := iterator.ParseConfig(cs)
		require.NoError(t, err, "%q", cs)
		for _, ps := range progs {
			prog, err := iterator.ParseProgram(ps)
			require.NoError(t, err, "%q", ps)
			c, err := props.NewCase(cfg, prog, gen.SampleThreads(cfg.Threads))
			require.NoError(t, err, "%q", cs)
			c.PtrContract = contract
			out = append(out, c)
		}
	}
	return out
}
