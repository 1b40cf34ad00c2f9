package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
)

type fakeCompiled struct{ Source }

func (fakeCompiled) Backend() string        { return "gpu" }
func (fakeCompiled) Uncompilable() []string { return nil }

// TestBackendOf: a compiled source names its back end; a Go model, or no
// source, is "go".
func TestBackendOf(t *testing.T) {
	m, err := iterator.ModelByName("reference")
	require.NoError(t, err)
	for _, c := range []struct {
		src  Source
		want string
	}{{ModelSource(m), "go"}, {nil, "go"}, {fakeCompiled{ModelSource(m)}, "gpu"}} {
		assert.Equal(t, c.want, BackendOf(c.src), "BackendOf(%T)", c.src)
	}
}
