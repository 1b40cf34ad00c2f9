package props

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
)

// coverDetails is P-cover's violations, by their details, on the case
// judged by the reference with thread 0's records edited.
func coverDetails(t *testing.T, c Case, edit func(*iterator.Record)) string {
	t.Helper()
	ref, err := iterator.ModelByName("reference")
	require.NoError(t, err)
	src := tampered{inner: ModelSource(ref), thread: 0, edit: func(tr *iterator.ThreadTrace) {
		for i := range tr.Records {
			edit(&tr.Records[i])
		}
	}}
	res, _, err := Check([]Property{PCover}, src, nil, c)
	require.NoError(t, err)
	var details []string
	for _, v := range res[0].Violations {
		details = append(details, v.Detail)
	}
	return strings.Join(details, "\n")
}

// TestCoverFollowsAnAccessIntoTheNextRow: an access that runs past the end
// of a row (L = Sc) covers the next row's first elements, as the
// row-major element index says, not columns past the tile. Thread 0's
// first access of f32 8x2, V=4 moved to element 6 covers (6,0), (7,0),
// (0,1) and (1,1), which threads 1 and 2 cover again.
func TestCoverFollowsAnAccessIntoTheNextRow(t *testing.T) {
	c := mustCase(t, "elem=f32 shape=8x2 map=stripmined threads=4 access=4 adv=1", "load()")
	all := coverDetails(t, c, func(r *iterator.Record) { r.Addrs[0] = 6 * 4 }) // element 6, in bytes
	assert.Contains(t, all, "covers element (0,1), already covered by thread 0", "P-cover violations")
	assert.NotContains(t, all, "outside", "P-cover violations: nothing outside the tile")
}

// TestCoverQuickFallsBack: where a thread's record covers an element twice
// (an access made again) or leaves one out (an access dropped), P-cover
// reports it as the element-by-element judgement does, though the other
// threads cover the tile exactly.
func TestCoverQuickFallsBack(t *testing.T) {
	c := mustCase(t, "elem=f32 shape=8x2 map=stripmined threads=4 access=4 adv=1", "load()")
	for _, tc := range []struct {
		name string
		edit func(*iterator.Record)
		want string
	}{
		{"access made again", func(r *iterator.Record) { r.Addrs = append(r.Addrs, r.Addrs[0]) }, "covers element (0,0), already covered by thread 0"},
		{"access dropped", func(r *iterator.Record) { r.Addrs = r.Addrs[:0] }, "element (0,0) is covered by no thread"},
	} {
		assert.Contains(t, coverDetails(t, c, tc.edit), tc.want, "%s: P-cover violations", tc.name)
	}
}
