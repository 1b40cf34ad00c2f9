package diff

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
)

// representativePairs are the probe's representative cases, every class,
// as pairs.
func representativePairs(t *testing.T) []Pair {
	t.Helper()
	cases, err := gen.ProbeClassCases(gen.Representative, []iterator.Class{iterator.RegularTile,
		iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile})
	require.NoError(t, err)
	var pairs []Pair
	for _, c := range cases {
		for _, p := range c.Programs {
			pairs = append(pairs, Pair{Config: c.Config, Program: p})
		}
	}
	return pairs
}

func modelSide(t *testing.T, name string, pairs []Pair) Side {
	t.Helper()
	m, err := iterator.ModelByName(name)
	require.NoError(t, err)
	runs, left := TraceModel(m, pairs)
	require.NotEmpty(t, runs)
	return Side{Label: name, Runs: runs, Left: left}
}

// The fix between cutlass-pre3049 and cutlass is store(frag, tile)'s
// contiguous tile term divided by V: the models differ there and nowhere
// else, only where an access moves several elements and the store's
// contiguous tile offset is not zero.
func TestPre3049AgainstCutlassDiffersOnStoreWithTileOffsetOnly(t *testing.T) {
	pairs := representativePairs(t)
	rep := Compare(modelSide(t, "cutlass-pre3049", pairs), modelSide(t, "cutlass", pairs), Options{Replay: "tilecheck diff X"})
	require.True(t, rep.Differs())
	require.NotEmpty(t, rep.Groups)
	assert.Positive(t, rep.Differing)
	assert.Less(t, rep.Differing, rep.Accesses)
	assert.Empty(t, rep.Unpaired)
	for _, g := range rep.Groups {
		assert.Equal(t, "RegularTileIterator", g.Class)
		assert.True(t, strings.HasSuffix(g.Path, "store(frag, tile)"), "path %q", g.Path)
		assert.True(t, strings.HasSuffix(g.ConfigClass, "V>1"), "configuration class %q", g.ConfigClass)
		assert.Equal(t, []string{"address"}, g.What)
		require.NotEmpty(t, g.Examples)
		for _, e := range g.Examples {
			assert.Equal(t, "store", strings.SplitN(e.Call, "(", 2)[0], e.Call)
			require.NotNil(t, e.A.Addr)
			require.NotNil(t, e.B.Addr)
			assert.NotEqual(t, *e.A.Addr, *e.B.Addr)
			assert.Contains(t, e.Replay, "tilecheck diff X --config '"+e.Config+"' --ops '"+e.Program+"'")
		}
	}
	// The worked example of the fix: f32, V=4, store(1,0).
	found := false
	for _, g := range rep.Groups {
		found = found || (g.ConfigClass == "pitchlinear 32-bit V>1" && g.Path == "store(frag, tile)")
	}
	assert.True(t, found, "no pitch-linear f32 store(frag, tile) group: %+v", rep.Groups)
	assert.Equal(t, []Match{{Class: "RegularTileIterator", Model: "cutlass-pre3049", Also: []string{"cutlass-pre3.1"}}}, stripCounts(pick(rep.A.Matches, "RegularTileIterator")))
	assert.Equal(t, []Match{{Class: "RegularTileIterator", Model: "cutlass"}}, stripCounts(pick(rep.B.Matches, "RegularTileIterator")))
}

func pick(ms []Match, class string) []Match {
	var out []Match
	for _, m := range ms {
		if m.Class == class {
			out = append(out, m)
		}
	}
	return out
}

func stripCounts(ms []Match) []Match {
	for i := range ms {
		if ms[i].Differ != 0 || ms[i].Compared == 0 {
			continue // left as is: the assertion shows it
		}
		ms[i].Compared = 0
	}
	return ms
}

func TestModelAgainstItselfShowsNothing(t *testing.T) {
	pairs := representativePairs(t)
	side := modelSide(t, "cutlass", pairs)
	rep := Compare(side, side, Options{})
	assert.False(t, rep.Differs())
	assert.Empty(t, rep.Groups)
	assert.Empty(t, rep.Unpaired)
	assert.Equal(t, len(side.Runs), rep.Pairs)
	assert.Positive(t, rep.Accesses)
	assert.Zero(t, rep.Differing)
}

func TestReferenceAgainstCutlassDiffersBeyondTheStore(t *testing.T) {
	pairs := representativePairs(t)
	rep := Compare(modelSide(t, "reference", pairs), modelSide(t, "cutlass", pairs), Options{})
	paths := map[string]bool{}
	for _, g := range rep.Groups {
		paths[g.Path] = true
	}
	assert.Greater(t, len(paths), 1, "the reference and cutlass differ on more than one path: %v", paths)
}

func rec(kind string, width int64, addrs ...int64) iterator.Record {
	return iterator.Record{Kind: kind, AccessBytes: width, Addrs: addrs}
}

func TestAccessDiffNamesWhatDiffers(t *testing.T) {
	load := rec("load", 16, 0, 64)
	wider := rec("load", 32, 0, 64)
	moved := rec("load", 16, 0, 80)
	guarded := rec("load", 16, 0, 64)
	guarded.Valid = []bool{true, true}
	off := rec("load", 16, 0, 64)
	off.Valid = []bool{true, false}
	compiled := rec("store", 16, 0, iterator.NoAddress)
	compiled.Evidence = []iterator.AccessEvidence{0, iterator.EvidenceNotSeen}
	compiledSeen := rec("store", 16, 0, 64)
	compiledSeen.Evidence = []iterator.AccessEvidence{0, 0}
	goStore := rec("store", 16, 0, 64)
	short := rec("load", 16, 0)

	assert.Nil(t, accessDiff(&load, &load, 1))
	assert.Equal(t, []string{"width"}, accessDiff(&load, &wider, 1))
	assert.Equal(t, []string{"address"}, accessDiff(&load, &moved, 1))
	assert.Nil(t, accessDiff(&load, &moved, 0))
	assert.Equal(t, []string{"guard"}, accessDiff(&guarded, &off, 1))
	assert.Equal(t, []string{"seen"}, accessDiff(&compiled, &compiledSeen, 1))
	assert.Nil(t, accessDiff(&compiled, &goStore, 1), "a Go model sees every access: not seen is compared with nothing")
	assert.Equal(t, []string{"present"}, accessDiff(&load, &short, 1))
	assert.Equal(t, []string{"present"}, accessDiff(&load, nil, 0))
}

func mustConfig(t *testing.T, s string) iterator.Config {
	t.Helper()
	c, err := iterator.ParseConfig(s)
	require.NoError(t, err)
	return c
}

func mustProgram(t *testing.T, s string) iterator.Program {
	t.Helper()
	p, err := iterator.ParseProgram(s)
	require.NoError(t, err)
	return p
}

func TestExamplesSmallestCaseFirstAndUnpairedCounted(t *testing.T) {
	big := mustConfig(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	small := mustConfig(t, "elem=f32 shape=32x4 map=stripmined threads=8 access=4 adv=1 stride=64")
	prog := mustProgram(t, "store(1,0)")
	pairs := []Pair{{big, prog}, {small, prog}}
	a := modelSide(t, "cutlass-pre3049", pairs)
	b := modelSide(t, "cutlass", pairs)
	only := mustProgram(t, "load()")
	a.Runs = append(a.Runs, Run{Config: big, Program: only, Traces: a.Runs[0].Traces})
	rep := Compare(a, b, Options{})
	require.Len(t, rep.Groups, 1)
	g := rep.Groups[0]
	assert.Equal(t, 2, g.Configs)
	assert.Equal(t, 2, g.Pairs)
	require.Len(t, g.Examples, 2)
	assert.Equal(t, small.String(), g.Examples[0].Config, "the smallest case comes first")
	require.Len(t, rep.Unpaired, 1)
	u := rep.Unpaired[0]
	assert.Equal(t, []any{"A", "RegularTileIterator", "load()", 1, 1, big.String()},
		[]any{u.Side, u.Class, u.Program, u.Configs, u.Programs, u.ExampleConfig})

	// A configuration the other side ran nothing of is one row for its
	// class, whatever its programs.
	other := mustConfig(t, "elem=f16 shape=64x8 map=stripmined threads=32 access=8 adv=1 stride=64")
	extra := modelSide(t, "cutlass", []Pair{{other, prog}, {other, only}})
	b.Runs = append(b.Runs, extra.Runs...)
	rep = Compare(a, b, Options{})
	require.Len(t, rep.Unpaired, 2)
	u = rep.Unpaired[1]
	assert.Equal(t, []any{"B", "RegularTileIterator", "", 1, 2, other.String()},
		[]any{u.Side, u.Class, u.Program, u.Configs, u.Programs, u.ExampleConfig})
	var text bytes.Buffer
	Text(&text, rep)
	assert.Contains(t, strings.Join(strings.Fields(text.String()), " "), "B only: RegularTileIterator, every program (the other side ran nothing of these configurations): 2 pairs in 1 configuration")
}

func TestCallPath(t *testing.T) {
	p := mustProgram(t, "add_tile_offset(1,0);load();add_tile_offset(-1,1);inc;store()")
	assert.Equal(t, "add_tile_offset → load(frag)", CallPath(p, 1))
	assert.Equal(t, "add_tile_offset, add_tile_offset, ++ → store(frag)", CallPath(p, 4))
	assert.Equal(t, "store(frag, tile)", CallPath(mustProgram(t, "load(1,0);store(1,0)"), 1))
	assert.Equal(t, "op 9", CallPath(p, 9))
}

func TestConfigClass(t *testing.T) {
	assert.Equal(t, "pitchlinear 32-bit V>1", ConfigClass(mustConfig(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1")))
	assert.Equal(t, "rowmajor 16-bit V=1", ConfigClass(mustConfig(t, "layout=rowmajor elem=f16 shape=8x64 map=stripmined threads=32 access=1 adv=0")))
}

// An access a compiled store left no byte of is not counted as compared
// against a Go model, and is against another compiled side.
func TestNotSeenIsComparedOnlyBetweenCompiledSides(t *testing.T) {
	cfg := mustConfig(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	prog := mustProgram(t, "store()")
	compiled := rec("store", 16, 0, iterator.NoAddress)
	compiled.Evidence = []iterator.AccessEvidence{0, iterator.EvidenceNotSeen}
	model := rec("store", 16, 0, 64)
	side := func(r iterator.Record, compiledSide bool) Side {
		return Side{Compiled: compiledSide, Runs: []Run{{Config: cfg, Program: prog,
			Traces: []iterator.ThreadTrace{{Records: []iterator.Record{r}}}}}}
	}
	rep := Compare(side(compiled, true), side(model, false), Options{Models: []iterator.Model{}})
	assert.False(t, rep.Differs())
	assert.Equal(t, int64(1), rep.Accesses)
	rep = Compare(side(compiled, true), side(compiled, true), Options{Models: []iterator.Model{}})
	assert.False(t, rep.Differs())
	assert.Equal(t, int64(2), rep.Accesses)
}
