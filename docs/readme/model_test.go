package mytile_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
)

// myIterator stands for the reader's own model in README's example: the
// reference model, which passes every property, so that the example's
// tests pass when they are right.
type myIterator struct{}

func (myIterator) Name() string { return "my-iterator" }

func (myIterator) Trace(cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
	m, err := iterator.ModelByName("reference")
	if err != nil {
		return iterator.ThreadTrace{}, err
	}
	return m.Trace(cfg, prog, thread)
}

// The Go API guide's example (docs/go-api.md, linked from README) is
// example_test.go, word for word, so that it compiles and its tests run
// with every `go test ./...`: an example that no longer builds (say, one
// comparing a report.Status with a string) fails here instead of in a
// reader's project.
func TestReadmeExampleIsThisPackage(t *testing.T) {
	readme, err := os.ReadFile("../go-api.md")
	require.NoError(t, err)
	s := string(readme)
	const section = "## Using tilecheck's properties from your own Go tests"
	i := strings.Index(s, section)
	require.GreaterOrEqual(t, i, 0, "docs/go-api.md has no section %q", section)
	start := strings.Index(s[i:], "```go\n")
	require.GreaterOrEqual(t, start, 0, "docs/go-api.md's section %q has no Go block", section)
	block := s[i+start+len("```go\n"):]
	block = block[:strings.Index(block, "```\n")]
	file, err := os.ReadFile("example_test.go")
	require.NoError(t, err)
	assert.Equal(t, string(file), block, "docs/go-api.md's Go example and docs/readme/example_test.go differ: edit both alike")
}
