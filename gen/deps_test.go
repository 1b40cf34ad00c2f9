package gen

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies keeps issue 13's item 1 true: gen reaches none of the
// packages that consume cases (sweep, cuda, the renderers), and the
// engine no longer imports the testing and flag packages or rapid, which
// only gen's rapid adapter touches.
func TestDependencies(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the dependency check needs the go command: %v", err)
	}
	list := func(format, pkg string) []string {
		out, err := exec.Command(goTool, "list", "-f", format, pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		return strings.Fields(string(out))
	}
	const mod = "github.com/tilecheck/tilecheck/"
	deps := list(`{{join .Deps " "}}`, mod+"gen")
	if len(deps) == 0 {
		t.Fatal("go list gave gen no dependencies")
	}
	for _, d := range deps {
		switch d {
		// report, the schema (standard library only), is no consumer:
		// gen reaches it through props (a check's report.Status).
		case mod + "sweep", mod + "cuda", mod + "probejudge", mod + "reports", mod + "reports/probe":
			t.Errorf("gen depends on %s; cases flow one way, out of gen", d)
		}
	}
	for _, d := range list(`{{join .Imports " "}}`, mod+"sweep") {
		if d == "testing" || d == "flag" || d == "pgregory.net/rapid" {
			t.Errorf("sweep imports %s outside its tests; gen's rapid adapter owns it", d)
		}
	}
}
