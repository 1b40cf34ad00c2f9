package mytile_test

import (
	"os"
	"strings"
	"testing"

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

// README's Go example is example_test.go, word for word, so that it
// compiles and its tests run with every `go test ./...`: a README example
// that no longer builds (it compared a report.Status with a string) fails
// here instead of in a reader's project.
func TestReadmeExampleIsThisPackage(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(readme)
	const section = "### Using tilecheck's properties from your own Go tests"
	i := strings.Index(s, section)
	if i < 0 {
		t.Fatalf("README has no section %q", section)
	}
	start := strings.Index(s[i:], "```go\n")
	if start < 0 {
		t.Fatalf("README's section %q has no Go block", section)
	}
	block := s[i+start+len("```go\n"):]
	block = block[:strings.Index(block, "```\n")]
	file, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	if block != string(file) {
		t.Errorf("README's Go example and docs/readme/example_test.go differ: edit both alike")
	}
}
