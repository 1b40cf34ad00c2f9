package cuda

import (
	"context"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"sync"
	"testing"
)

// TestRunProgressTotalCountedFirst: Run reports one step per build and one
// per run of each translation unit, with a total known before the first
// build that never changes, ending at done == total.
func TestRunProgressTotalCountedFirst(t *testing.T) {
	tc := hostToolchain(t)
	var mu sync.Mutex
	var seen [][2]int
	// The representative cases in the default number of units (one per
	// core, so several wherever there are several cores): the programs the
	// probe package's TestHostProbeRenditions builds, so the build cache
	// serves them to this test.
	opts := Options{Toolchain: tc, Progress: func(done, total int) {
		mu.Lock()
		seen = append(seen, [2]int{done, total})
		mu.Unlock()
	}}
	cases := representativeCases(t)
	_, err := Run(context.Background(), cases, opts)
	require.NoError(t, err)
	require.NotEmpty(t, seen, "no progress reported")
	total := seen[0][1]
	assert.Equal(t, 2*len(splitBatches(mustPlan(t, cases), opts.Batches)), total, "total, want a build and a run per translation unit")
	dones := map[int]bool{}
	for _, s := range seen {
		assert.Equal(t, total, s[1], "the total changed")
		dones[s[0]] = true
	}
	for d := 1; d <= total; d++ {
		assert.True(t, dones[d], "step %d of %d never reported (saw %v)", d, total, seen)
	}
}

// mustPlan plans cases with the built-in renditions, as Run does.
func mustPlan(t *testing.T, cases []Case) []*plannedCase {
	t.Helper()
	var out []*plannedCase
	for i, c := range cases {
		if pc, _ := plan(i, c, Renditions(), false); pc != nil {
			out = append(out, pc)
		}
	}
	return out
}
