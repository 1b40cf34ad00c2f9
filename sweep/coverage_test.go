package sweep

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// A sweep's coverage section is gen's targets of the class swept, in their
// order and with their floors: the sweep measures, gen declares (gen's
// TestTargetsMetByTheirGenerators holds the generators to the floors).
func TestCoverageListsGenTargets(t *testing.T) {
	for _, class := range iterator.Classes() {
		r := newAggregate("m", Options{Class: class}, nil).report(generated{})
		targets := gen.Targets(class)
		require.Len(t, r.Coverage, len(targets), "%s: a coverage entry for each target gen declares", class)
		for i, c := range r.Coverage {
			assert.Equal(t, targets[i].Name, c.Class, "%s: entry %d", class, i)
			assert.Equal(t, targets[i].Floor, c.Floor, "%s: entry %d's floor", class, i)
		}
	}
}

// coverageOf is the coverage a sweep of the class reports for the cases
// and their outcomes, by class name.
func coverageOf(t *testing.T, class iterator.Class, cases []props.Case, outs []engine.Outcome) map[string]report.Coverage {
	t.Helper()
	a := newAggregate("m", Options{Class: class}, nil)
	a.addOutcomes(cases, outs)
	got := map[string]report.Coverage{}
	for _, c := range a.report(generated{}).Coverage {
		got[c.Class] = c
	}
	return got
}

func mustCase(t *testing.T, cfg, prog string) props.Case {
	t.Helper()
	c, err := iterator.ParseConfig(cfg)
	require.NoError(t, err)
	p, err := iterator.ParseProgram(prog)
	require.NoError(t, err)
	k, err := props.NewCase(c, p, nil)
	require.NoError(t, err)
	return k
}

// A fraction target counts every case judged, model errors included; a
// universe target counts a key only from a case that ran without error.
func TestCoverageFractions(t *testing.T) {
	cases := []props.Case{
		mustCase(t, "elem=u4 shape=64x4 map=stripmined threads=8 access=8 adv=1", "load()"),
		// Two warps along S, Iter.S = 2: "rows".
		mustCase(t, "elem=f32 shape=16x8 map=warp-raked threads=8 warp=2x2 access=4 adv=1", "load()"),
		// Two warps along C, Iter.C = 2: "columns", but its program failed.
		mustCase(t, "elem=f32 shape=32x2 map=warp-raked threads=8 warp=2x2 access=4 adv=0", "load()"),
	}
	outs := []engine.Outcome{{}, {}, {Err: errors.New("no such op")}}
	got := coverageOf(t, iterator.RegularTile, cases, outs)
	const warp = "warp-raked with several warps along S (Iter.S>1) and along C (Iter.C>1)"
	for name, want := range map[string]float64{"B<8": 1.0 / 3, "map warp-raked": 2.0 / 3, "rank 0": 1.0 / 3, "B=64": 0, warp: 0.5} {
		c, ok := got[name]
		if !assert.True(t, ok, "no coverage entry %q", name) {
			continue
		}
		assert.Equal(t, want, c.Fraction, "%q: fraction", name)
		assert.Equal(t, want >= c.Floor, c.OK, "%q: ok", name)
	}
}

// The wide target counts a wide case the source could not run (a compiled
// back end lists it in its own audit) but not one the model erred on.
func TestCoverageWideCountsGenerated(t *testing.T) {
	const name = "pitch or pointer offset past 2^31 bytes"
	wide := mustCase(t, "class=PredicatedTileIterator elem=u8 shape=64x4 threads=16 access=16 adv=0 stride=2147483000 extent=100x4", "load()")
	for _, tc := range []struct {
		out  engine.Outcome
		want float64
	}{
		{engine.Outcome{}, 1},
		{engine.Outcome{Err: errors.New("no buffer")}, 1},
		{engine.Outcome{ModelErr: errors.New("model failed")}, 0},
	} {
		got := coverageOf(t, iterator.PredicatedTile, []props.Case{wide}, []engine.Outcome{tc.out})
		assert.Equal(t, tc.want, got[name].Fraction, "outcome %+v: %q fraction", tc.out, name)
	}
}
