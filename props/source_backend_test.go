package props

import (
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
)

type fakeCompiled struct{ Source }

func (fakeCompiled) Backend() string        { return "gpu" }
func (fakeCompiled) Uncompilable() []string { return nil }

// TestBackendOf: a compiled source names its back end; a Go model, or no
// source, is "go".
func TestBackendOf(t *testing.T) {
	m, err := iterator.ModelByName("reference")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		src  Source
		want string
	}{{ModelSource(m), "go"}, {nil, "go"}, {fakeCompiled{ModelSource(m)}, "gpu"}} {
		if got := BackendOf(c.src); got != c.want {
			t.Errorf("BackendOf(%T) = %q, want %q", c.src, got, c.want)
		}
	}
}
