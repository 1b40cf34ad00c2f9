package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// model is a built-in model by name.
func model(t *testing.T, name string) iterator.Model {
	t.Helper()
	m, err := iterator.ModelByName(name)
	require.NoError(t, err)
	return m
}

// mustCase is the case of cfg and ops (every thread judged).
func mustCase(t *testing.T, cfg, ops string) props.Case {
	t.Helper()
	c, err := iterator.ParseConfig(cfg)
	require.NoError(t, err)
	p, err := iterator.ParseProgram(ops)
	require.NoError(t, err)
	k, err := props.NewCase(c, p, nil)
	require.NoError(t, err)
	return k
}
