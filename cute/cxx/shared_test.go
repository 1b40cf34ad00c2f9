package cxx

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cute"
)

// The tests that hold real CuTe to stated answers (TestDocumentedResults,
// TestDividesByTiler, TestBlockedAndRakedProducts, TestInverses,
// TestMaxCommonVector, TestSwizzle, TestRejectionsAttributed) ask their
// cases in one Answer call, the union of their lists: one translation unit
// (and its rebuilds without the refused cases) instead of one per test.
// An answer does not depend on the other cases of its unit; each test
// still checks its own cases. The union builds in the checkout's cache,
// so a warm run builds nothing; TestWarmRunBuildsNothing asks it again
// and holds the second run to building nothing.
var shared struct {
	once  sync.Once
	opt   Options
	specs []string
	ans   map[string]cute.Answer
	lines []string // the first run's progress
	err   error
}

// sharedSpecs is the union of the answer tests' cases, in a fixed order.
func sharedSpecs() []string {
	all := documentedSpecs()
	for _, l := range [][]string{dividesSpecs, productSpecs, inverseSpecs, vectorSpecs, swizzleSpecs, rejectionSpecs} {
		all = append(all, l...)
	}
	slices.Sort(all)
	return slices.Compact(all)
}

// askShared runs the union once, with real CuTe v4.7.0. Each caller finds
// the tree itself, so that each skips where it is absent.
func askShared(t *testing.T) {
	t.Helper()
	inc := realCute(t)
	shared.once.Do(func() {
		shared.err = errors.New("the shared run stopped (see the first test that asked for it)")
		shared.opt = Options{Include: inc, CacheDir: testCache(t),
			Progress: func(s string) { shared.lines = append(shared.lines, s) }}
		shared.specs = sharedSpecs()
		ans, err := Answer(context.Background(), shared.opt, casesOf(t, shared.specs))
		if err != nil {
			shared.err = err
			return
		}
		shared.ans = map[string]cute.Answer{}
		for i, s := range shared.specs {
			shared.ans[s] = ans[i]
		}
		shared.err = nil
	})
	require.NoError(t, shared.err)
}

func casesOf(t *testing.T, specs []string) []cute.Case {
	t.Helper()
	cases := make([]cute.Case, len(specs))
	for i, s := range specs {
		cases[i] = mustCase(t, s)
	}
	return cases
}

// answer is real CuTe's answer to each spec, from the shared run; a spec
// must be among sharedSpecs'.
func answer(t *testing.T, specs ...string) ([]cute.Case, []cute.Answer) {
	t.Helper()
	askShared(t)
	for _, l := range shared.lines {
		t.Log(l)
	}
	ans := make([]cute.Answer, len(specs))
	for i, s := range specs {
		a, ok := shared.ans[s]
		require.True(t, ok, "%s is not among sharedSpecs' cases", s)
		ans[i] = a
	}
	return casesOf(t, specs), ans
}

// A second run of the same cases builds nothing: every unit the first run
// built or found (the answer tests' union) is found in the cache, so the
// units' sources are the same from run to run. (That a build is cached at
// all, and rebuilt when a header changes, is the toolchain's, tested in
// package cuda.)
func TestWarmRunBuildsNothing(t *testing.T) {
	askShared(t)
	require.NotEmpty(t, shared.lines)
	var lines []string
	opt := shared.opt
	opt.Progress = func(s string) { lines = append(lines, s) }
	ans, err := Answer(context.Background(), opt, casesOf(t, shared.specs))
	require.NoError(t, err)
	require.Len(t, ans, len(shared.specs))
	require.Len(t, lines, len(shared.lines))
	for _, l := range lines {
		require.True(t, strings.Contains(l, " cached "), "run 1: %s", l)
	}
}
