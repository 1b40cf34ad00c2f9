package report

import (
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies keeps the package split true: the schema imports nothing
// outside the standard library, and the engine that fills it reaches
// neither the renderers nor their table library.
func TestDependencies(t *testing.T) {
	goTool, err := exec.LookPath("go")
	require.NoError(t, err, "the dependency check needs the go command")
	deps := func(pkg string) []string {
		out, err := exec.Command(goTool, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", pkg).Output()
		require.NoError(t, err, "go list %s", pkg)
		return strings.Fields(string(out))
	}
	const mod = "github.com/tilecheck/tilecheck/"
	assert.Equal(t, []string{mod + "report"}, deps(mod+"report"), "report imports; want the standard library only")
	for _, d := range deps(mod + "sweep") {
		assert.NotEqual(t, mod+"reports", d, "sweep depends on; the engine must not reach the renderers")
		assert.NotContains(t, d, "tablewriter", "sweep depends on; the engine must not reach the renderers")
	}
}
