package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
)

// model is a built-in model by name.
func model(t *testing.T, name string) iterator.Model {
	t.Helper()
	m, err := iterator.ModelByName(name)
	require.NoError(t, err)
	return m
}
