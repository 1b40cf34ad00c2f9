package gen

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDependencies: cases flow one way, so gen reaches none of the
// packages that consume cases (sweep, cuda, the renderers), and the
// engine imports neither the testing and flag packages nor rapid, which
// only gen's rapid adapter touches.
func TestDependencies(t *testing.T) {
	goTool, err := exec.LookPath("go")
	require.NoError(t, err, "the dependency check needs the go command")
	list := func(format, pkg string) []string {
		out, err := exec.Command(goTool, "list", "-f", format, pkg).Output()
		require.NoError(t, err, "go list %s", pkg)
		return strings.Fields(string(out))
	}
	const mod = "github.com/tilecheck/tilecheck/"
	deps := list(`{{join .Deps " "}}`, mod+"gen")
	require.NotEmpty(t, deps, "go list gave gen no dependencies")
	for _, d := range deps {
		switch d {
		// report, the schema (standard library only), is no consumer:
		// gen reaches it through props (a check's report.Status).
		case mod + "sweep", mod + "cuda", mod + "probe", mod + "reports", mod + "reports/proberender":
			assert.Fail(t, "gen depends on "+d, "cases flow one way, out of gen")
		}
	}
	for _, d := range list(`{{join .Imports " "}}`, mod+"sweep") {
		assert.NotContains(t, []string{"testing", "flag", "pgregory.net/rapid"}, d,
			"sweep imports it outside its tests; gen's rapid adapter owns it")
	}
}
