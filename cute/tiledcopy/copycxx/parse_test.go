package copycxx

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// A reply as the harness prints it: two one-thread calls of two values,
// the second turned off by copy_if; a sentinel, a torn element and writes
// on both sides of the span.
func TestParse(t *testing.T) {
	c := copyCase(t, "UniversalCopy<uint32_t>", "half_t", 16, "(_1,_1):(_1,_1)", "(_1,_2):(_1,_1)", "(_1,_4):(_1,_1)")
	c.Extent = []int64{1, 2}
	lines := []string{
		"threads 1", "size 4", "atom 1 2 2", "span 4 4",
		"t 0", "S 0 0 1 1 2 2 3 3", "D 0 0 1 1 2 2 3 3", "P 1 0 0 1",
		"landed 0 1 -2 -3",
		"stray -1 3 5 2",
	}
	r, err := parse(lines, c)
	require.NoError(t, err)
	require.Equal(t, 1, r.AtomThreads)
	require.Equal(t, tiledcopy.Elements(2), r.SrcAtomVals)
	require.Equal(t, tiledcopy.Bits(32), r.VectorBits)
	require.Equal(t, tiledcopy.Bits(32), r.DstVectorBits)
	// Call 0 runs on its first value's predicate (1), call 1 not (0).
	require.Equal(t, []bool{true, true, false, false}, r.Threads[0].Pred)
	require.Equal(t, r.Threads[0].Pred, r.Threads[0].DstPred)
	require.Equal(t, []int64{0, 1, -1, tiledcopy.Torn, -1, 2}, r.Landed)
	require.Equal(t, []int64{2}, r.Sentinels)
	require.Equal(t, []Stray{{Offset: -1, Landed: 3}}, r.Below)

	r, err = parse([]string{"refused a thread's predicate exceeds the harness's buffer"}, c)
	require.NoError(t, err)
	require.Equal(t, "harness: a thread's predicate exceeds the harness's buffer", r.Rejected)

	for _, bad := range [][]string{
		{"threads 2", "size 4", "atom 1 2 2", "span 4 4", "t 0", "S 0 0", "D 0 0", "P 1"},
		{"threads 1", "size 4", "atom 1 2 2", "span 4 4", "t 0", "S 0 0", "D 0 0"},
		{"threads 1", "size 4", "atom 1 2 2", "span 4 4", "t 0", "S 0", "D 0 0", "P 1"},
		{"threads 1", "size 4", "atom 1 2 2", "span 4 4", "t 0", "S 0 0", "D 0 0", "P 1", "landed 0"},
		{"what 1"},
	} {
		_, err := parse(bad, c)
		require.Error(t, err, "%q", bad)
	}
}

// The device's reply ends with the controls' landings, each after its
// "control NAME" line; they are the controls', not the copy's.
func TestParseControls(t *testing.T) {
	c := copyCase(t, "UniversalCopy<uint32_t>", "half_t", 16, "(_1,_1):(_1,_1)", "(_1,_2):(_1,_1)", "(_1,_4):(_1,_1)")
	head := []string{"threads 1", "size 4", "atom 1 2 2", "span 4 4", "t 0", "S 0 0 1 1 2 2 3 3", "D 0 0 1 1 2 2 3 3", "landed 0 1 2 3"}
	r, err := parse(append(head, "control dst+16B", "landed -1 -1 0 1", "stray 4 2 5 3", "control src+16B", "landed 2 3 -2 -2"), c)
	require.NoError(t, err)
	require.Equal(t, []int64{0, 1, 2, 3}, r.Landed)
	require.Len(t, r.Controls, 2)
	require.Equal(t, Control{Name: "dst+16B", Landed: []int64{-1, -1, 0, 1, 2, 3}}, r.Controls[0])
	require.Equal(t, "src+16B", r.Controls[1].Name)
	require.Equal(t, []int64{2, 3, -1, -1}, r.Controls[1].Landed)
	require.Equal(t, []int64{2, 3}, r.Controls[1].Sentinels)

	_, err = parse(append(head, "control dst+16B", "landed 0"), c)
	require.ErrorContains(t, err, "control dst+16B")
}
