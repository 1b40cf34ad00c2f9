// Package testcases holds the case lists that tests of several packages
// judge, so that each package's tests read the same cases (tests only).
package testcases

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// Family is the generated case list of a family class: every valid
// configuration of gen.FamilyConfigs(class, n) with every program of
// gen.FamilyPrograms. It fails t unless n configurations are generated and
// at least three in four of them are valid.
func Family(t testing.TB, class iterator.Class, n int) []props.Case {
	t.Helper()
	cfgs := gen.FamilyConfigs(class, n)
	require.Len(t, cfgs, n, "%s: configurations", class)
	var out []props.Case
	valid := 0
	for _, cfg := range cfgs {
		for i, p := range gen.FamilyPrograms(class) {
			c, err := props.NewCase(cfg, p, nil)
			if err != nil {
				break
			}
			if i == 0 {
				valid++
			}
			c.First = i == 0
			out = append(out, c)
		}
	}
	assert.GreaterOrEqual(t, valid, n*3/4, "%s: valid generated configurations of %d", class, n)
	return out
}
