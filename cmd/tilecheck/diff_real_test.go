package main

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// diffMatches is which models a side of diff's JSON report matches, class
// by class.
type diffMatches struct {
	Pairs     int   `json:"pairs"`
	Accesses  int64 `json:"accesses"`
	Differing int64 `json:"differing"`
	Groups    []struct {
		Class, Path string
		Examples    []struct {
			Call string `json:"call"`
		} `json:"examples"`
	} `json:"groups"`
	A, B struct {
		Matches []struct {
			Model  string   `json:"model"`
			Differ int64    `json:"differ"`
			Also   []string `json:"also_matches"`
		} `json:"matches"`
	}
}

func matchesModel(ms []struct {
	Model  string   `json:"model"`
	Differ int64    `json:"differ"`
	Also   []string `json:"also_matches"`
}, model string) bool {
	return len(ms) == 1 && ms[0].Differ == 0 && (ms[0].Model == model || slices.Contains(ms[0].Also, model))
}

// TestRealCutlassDiff: between v4.4.3 and v4.7.0 the fix of store(frag,
// tile) shows, on one case whose program loads and stores with the same
// tile offset: the store changed, the load did not, and each tree matches
// the model of its age. A tree against itself, and a tree against its own
// model, show nothing. One case keeps the compiles to one small unit per
// tree, shared through the build cache.
func TestRealCutlassDiff(t *testing.T) {
	t.Parallel()
	old, cur := realCutlass(t, "v4.4.3"), realCutlass(t, "v4.7.0")
	one := []string{"--config", "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64",
		"--ops", "load(1,0);store(1,0)", "--format", "json"}
	code, out, stderr := runCLI(append([]string{"diff", "--include", old, "--include", cur}, one...)...)
	require.Equal(t, exitFail, code, "%s\n%s", stderr, tail(out, 3000))
	var rep diffMatches
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.Equal(t, 1, rep.Pairs)
	require.Len(t, rep.Groups, 1, out)
	assert.Equal(t, "RegularTileIterator", rep.Groups[0].Class)
	assert.Equal(t, "store(frag, tile)", rep.Groups[0].Path)
	assert.Equal(t, "store(1,0)", rep.Groups[0].Examples[0].Call)
	assert.Less(t, rep.Differing, rep.Accesses, "the load did not change")
	assert.True(t, matchesModel(rep.A.Matches, "cutlass-pre3049"), "v4.4.3: %+v", rep.A.Matches)
	assert.False(t, matchesModel(rep.A.Matches, "cutlass"), "v4.4.3: %+v", rep.A.Matches)
	assert.True(t, matchesModel(rep.B.Matches, "cutlass"), "v4.7.0: %+v", rep.B.Matches)

	for _, sides := range [][]string{{"--include", cur, "--include", cur}, {"--model", "cutlass-pre3049", "--include", old}} {
		code, out, stderr = runCLI(append(append([]string{"diff"}, sides...), one...)...)
		require.Equal(t, exitPass, code, "%v: %s\n%s", sides, stderr, tail(out, 3000))
		var same diffMatches
		require.NoError(t, json.Unmarshal([]byte(out), &same))
		assert.Equal(t, 1, same.Pairs, sides)
		assert.Positive(t, same.Accesses, sides)
		assert.Empty(t, same.Groups, sides)
	}
}
