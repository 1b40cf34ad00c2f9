package sweep

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// A compiled sweep of a user's CUTLASS cannot have tilecheck's #3131
// thread map: its cases come back left out (iterator.UnavailableError
// LeftOut). They count in no coverage class, the universe keys only they
// would reach are outside the floors, and the class of the map itself is
// not measured, so that a back end without the map can meet every floor
// (a fixed CUTLASS could pass instead of staying weak). A case that only
// failed to run, not left out, counts as any case does.
func TestCoverageLeavesOutWhatTheBackEndCannotHave(t *testing.T) {
	opts, cases := quickCases(t)
	leftOut := &iterator.UnavailableError{Path: "compiled probe: thread map", Reason: "not in your namespace", LeftOut: true}
	a := newAggregate("cutlass", opts, nil)
	var kept, keptRank0, left int
	for _, c := range cases {
		o := engine.Outcome{Violations: make([][]props.Violation, len(opts.Properties)), Judged: make([]bool, len(opts.Properties))}
		if c.Config.Map == iterator.WarpStriped3131 {
			o.Err = leftOut
			left++
		} else {
			kept++
			if c.Config.PitchAdv() == 0 {
				keptRank0++
			}
		}
		a.addOutcomes([]props.Case{c}, []engine.Outcome{o})
	}
	require.NotZero(t, left, "the quick preset has no #3131 case: the test shows nothing")
	measured := map[string]float64{}
	for k, cl := range a.classes {
		f, ok := a.coverage(k, cl)
		if !ok {
			assert.Equal(t, "map warp-striped-3131", cl.Name, "a class not measured")
			continue
		}
		measured[cl.Name] = f
		assert.GreaterOrEqual(t, f, cl.Floor, "class %s without the #3131 cases", cl.Name)
	}
	assert.NotContains(t, measured, "map warp-striped-3131", "the #3131 map's class is measured although every case of it was left out")
	assert.Equal(t, float64(keptRank0)/float64(kept), measured["rank 0"], "rank 0 (%d of the %d cases not left out)", keptRank0, kept)
	for name, f := range measured {
		if strings.HasPrefix(name, "element × map") {
			assert.Equal(t, 1.0, f, "%s: want every pair of the maps the back end has", name)
		}
	}

	// The same cases merely not run (a path that did not compile) are not
	// left out: the map's pairs stay in the universe, unmet.
	b := newAggregate("cutlass", opts, nil)
	for _, c := range cases {
		o := engine.Outcome{Violations: make([][]props.Violation, len(opts.Properties)), Judged: make([]bool, len(opts.Properties))}
		if c.Config.Map == iterator.WarpStriped3131 {
			o.Err = &iterator.UnavailableError{Path: "load(): does not compile", Reason: "error"}
		}
		b.addOutcomes([]props.Case{c}, []engine.Outcome{o})
	}
	for k, cl := range b.classes {
		if f, ok := b.coverage(k, cl); strings.HasPrefix(cl.Name, "element × map") {
			assert.True(t, ok, "%s with the #3131 cases not run: not measured", cl.Name)
			assert.Less(t, f, 1.0, "%s with the #3131 cases not run: want the pairs unmet", cl.Name)
		}
	}
}

// A configuration the back end left out is reported as left out even
// where the Go model lacks the path too (a wrapper's tile op on the #3131
// map): the case must count as left out, not as a path both lack; where
// the model has the path, the request is still noted as not run.
func TestImportKeepsLeftOut(t *testing.T) {
	cfg, err := iterator.ParseConfig("layout=rowmajor elem=f16 shape=8x32 map=warp-striped-3131 threads=8 access=8 adv=0 warp=2x2 stride=40")
	require.NoError(t, err)
	prog, err := iterator.ParseProgram("load(1,0)")
	require.NoError(t, err)
	r := props.Request{Config: cfg, Program: prog, Threads: []int{0}}
	left := props.Response{Err: &iterator.UnavailableError{Path: "compiled probe: map", Reason: "not in your namespace", LeftOut: true}}
	lacks := props.Response{Err: &iterator.UnavailableError{Path: "load(1,0) on the rowmajor wrapper", Reason: "does not compile"}}
	var p prefetched
	got := importArithmetic(left, lacks, r, &p, true)
	var ue *iterator.UnavailableError
	require.ErrorAs(t, got.Err, &ue, "want the back end's left-out error")
	require.True(t, ue.LeftOut, "answer %v: want the back end's left-out error", got.Err)
	has := props.Response{Traces: []iterator.ThreadTrace{{Thread: 0}}}
	got = importArithmetic(left, has, r, &p, true)
	require.ErrorAs(t, got.Err, &ue, "want left out")
	require.True(t, ue.LeftOut, "answer %v: want left out", got.Err)
	require.Equal(t, 1, p.notRunCount, "requests noted not run")
}

// TestCoverageKeysPerConfiguration holds the keys a sweep files, working a
// PerConfig target's key out once per run of a configuration's cases, to
// working every case's out: on the quick preset's cases in sweep order,
// some left out, some failed, some with a model error, so that a case
// files its key where the one before it did not.
func TestCoverageKeysPerConfiguration(t *testing.T) {
	opts, cases := quickCases(t)
	leftOut := &iterator.UnavailableError{Path: "compiled probe", Reason: "not built", LeftOut: true}
	memo := newAggregate("x", opts, nil)
	outs := make([]engine.Outcome, len(cases))
	// What each case files, worked out here case by case.
	seen, left := make([]map[string]bool, len(memo.classes)), make([]map[string]bool, len(memo.classes))
	for k := range memo.classes {
		seen[k], left[k] = map[string]bool{}, map[string]bool{}
	}
	for i, c := range cases {
		o := engine.Outcome{Violations: make([][]props.Violation, len(opts.Properties)), Judged: make([]bool, len(opts.Properties))}
		switch i % 7 {
		case 1, 4:
			o.Err = leftOut
		case 2:
			o.ModelErr = errors.New("model error")
		}
		outs[i] = o
		for k, cl := range memo.classes {
			switch {
			case cl.Key == nil:
			case o.Err != nil && !cl.Generated:
				left[k][cl.Key(&c)] = true
			case (o.Err == nil || cl.Generated) && o.ModelErr == nil:
				seen[k][cl.Key(&c)] = true
			}
		}
	}
	memo.addOutcomes(cases, outs)
	filed := 0
	for k, cl := range memo.classes {
		if cl.Key == nil {
			continue
		}
		// maps.Equal holds a nil map equal to an empty one; assert shows the diff.
		if !maps.Equal(memo.covSeen[k], seen[k]) {
			assert.Equal(t, seen[k], memo.covSeen[k], "%s: keys filed case by case and by the sweep", cl.Name)
		}
		if !maps.Equal(memo.leftKeys[k], left[k]) {
			assert.Equal(t, left[k], memo.leftKeys[k], "%s: keys left out case by case and by the sweep", cl.Name)
		}
		if cl.PerConfig {
			filed += len(seen[k]) + len(left[k])
		}
	}
	require.NotZero(t, filed, "no per-configuration key filed: the test shows nothing")
}

// quickCases are the cases of a quick sweep of the reference, in the order
// its batches judge them, with the sweep's options.
func quickCases(t *testing.T) (Options, []props.Case) {
	t.Helper()
	opts := Options{Iterator: "reference", Preset: "quick", Seed: 1}
	require.NoError(t, opts.defaults())
	g, err := generate(context.Background(), opts)
	require.NoError(t, err)
	var cases []props.Case
	for _, b := range g.batches() {
		cases = g.appendCases(cases, b)
	}
	return opts, cases
}
