package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// familyCases is the generated case list of a family class: every valid
// configuration of gen.FamilyConfigs with every program of
// gen.FamilyPrograms.
func familyCases(t *testing.T, class iterator.Class, n int) []props.Case {
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

// model is a built-in model by name.
func model(t *testing.T, name string) iterator.Model {
	t.Helper()
	m, err := iterator.ModelByName(name)
	require.NoError(t, err)
	return m
}
