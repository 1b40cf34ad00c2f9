package report

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestDependencies keeps the package split true: the schema imports nothing
// outside the standard library, and the engine that fills it reaches
// neither the renderers nor their table library.
func TestDependencies(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the dependency check needs the go command: %v", err)
	}
	deps := func(pkg string) []string {
		out, err := exec.Command(goTool, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		return strings.Fields(string(out))
	}
	const mod = "github.com/tilecheck/tilecheck/"
	if got := deps(mod + "report"); !slices.Equal(got, []string{mod + "report"}) {
		t.Errorf("report imports %v; want the standard library only", got)
	}
	for _, d := range deps(mod + "sweep") {
		if d == mod+"reports" || strings.Contains(d, "tablewriter") {
			t.Errorf("sweep depends on %s; the engine must not reach the renderers", d)
		}
	}
}
