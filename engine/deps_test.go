package engine_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPropsDoesNotImportTheEngine keeps the split true: the properties
// and their reading contract (props) never reach the engine that plans
// and judges them, nor the sweep above it, so a property can be written,
// and judged by any Reader, without them.
func TestPropsDoesNotImportTheEngine(t *testing.T) {
	goTool, err := exec.LookPath("go")
	require.NoError(t, err, "the dependency check needs the go command")
	const mod = "github.com/tilecheck/tilecheck/"
	out, err := exec.Command(goTool, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", mod+"props").Output()
	require.NoError(t, err, "go list props")
	deps := strings.Fields(string(out))
	require.Contains(t, deps, mod+"iterator", "props depends on; the list is not the dependencies")
	for _, forbidden := range []string{"engine", "sweep", "gen", "cuda"} {
		assert.NotContains(t, deps, mod+forbidden, "props depends on %s", forbidden)
	}
}
