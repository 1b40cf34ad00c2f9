// Package ci_test runs the GitHub Actions workflow of docs/ci as GitHub
// would, job by job and step by step, on real CUTLASS v4.7.0, so that the
// recipe a fork copies cannot rot.
package ci_test

import (
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/tilecheck/tilecheck/internal/realcutlass"
)

type workflow struct {
	Env  map[string]string `yaml:"env"`
	Jobs map[string]job    `yaml:"jobs"`
}

type job struct {
	Needs    []string `yaml:"needs"`
	Strategy struct {
		Matrix map[string][]string `yaml:"matrix"`
	} `yaml:"strategy"`
	Steps []step `yaml:"steps"`
}

type step struct {
	Name string            `yaml:"name"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]string `yaml:"with"`
}

func readWorkflow(t *testing.T) workflow {
	t.Helper()
	b, err := os.ReadFile("tilecheck.yml")
	require.NoError(t, err)
	var w workflow
	require.NoError(t, yaml.Unmarshal(b, &w))
	return w
}

// TestWorkflowIsWhatItSays checks the recipe's shape without running it:
// the jobs, the tilecheck it installs, a shard list as long as
// CUTE_SHARDS, and a gate that reads the baseline and writes each format.
func TestWorkflowIsWhatItSays(t *testing.T) {
	w := readWorkflow(t)
	require.ElementsMatch(t, []string{"iterators", "cute", "gate"}, keys(w.Jobs))
	assert.True(t, strings.HasPrefix(w.Env["TILECHECK"], "github.com/tilecheck/tilecheck/cmd/tilecheck@"), w.Env["TILECHECK"])
	assert.Len(t, w.Jobs["cute"].Strategy.Matrix["shard"], 4)
	assert.Equal(t, "4", w.Env["CUTE_SHARDS"])
	assert.ElementsMatch(t, []string{"iterators", "cute"}, w.Jobs["gate"].Needs)
	gate := allRuns(w.Jobs["gate"])
	for _, want := range []string{`--baseline "$BASELINE"`, "--format junit", "--format md", `>> "$GITHUB_STEP_SUMMARY"`, "--format github"} {
		assert.Contains(t, gate, want)
	}
}

// TestWorkflowRunsOnRealCUTLASS runs every step that runs tilecheck, in
// one directory standing for the artifacts, with INCLUDE set to CUTLASS
// v4.7.0 and the tilecheck of this checkout on PATH (the install steps,
// which fetch it and the compilers, are left out). To keep the test
// suite's time, the iterators job runs for its first class only (every
// class runs the same command, and that class's compiled sweep shares its
// builds with cmd/tilecheck's TestRealCutlassSweep through the checkout's
// build cache) and the CuTe shards sweep the Go model (compiled CuTe is tested
// in cute/cxx; the shards, merge and gate are the same). v4.7.0 fails: without a
// baseline the gate fails; with one made from its report as the workflow's
// warning says, it passes; without one of its findings it fails on it.
func TestWorkflowRunsOnRealCUTLASS(t *testing.T) {
	inc := realcutlass.Include(t, "v4.7.0")
	w := readWorkflow(t)
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "tilecheck"), "./cmd/tilecheck")
	build.Dir = root
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	dir := t.TempDir()
	env := os.Environ()
	for k, v := range w.Env {
		env = append(env, k+"="+v)
	}
	// Builds go to the checkout's build cache, as they would from inside
	// it, though the steps run in a directory of their own: the iterators
	// job's compiled sweep is then the very program cmd/tilecheck's
	// TestRealCutlassSweep builds (same flags, class, preset and include
	// directory), compiled once for both.
	env = append(env, "INCLUDE="+inc, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GITHUB_STEP_SUMMARY="+filepath.Join(dir, "summary.md"), "XDG_CACHE_HOME="+filepath.Join(root, ".cache"))
	classes := w.Jobs["iterators"].Strategy.Matrix["class"][:1]
	runJob := func(name string) (status int, stdout string) {
		j := w.Jobs[name]
		if name == "iterators" {
			j.Strategy.Matrix = map[string][]string{"class": classes}
		}
		for _, combo := range matrix(j) {
			for _, s := range j.Steps {
				if s.Run == "" || strings.HasPrefix(s.Name, "Install") {
					continue
				}
				script := s.Run
				for k, v := range combo {
					script = strings.ReplaceAll(script, "${{ matrix."+k+" }}", v)
				}
				require.NotContains(t, script, "${{", "step %q: an expression the test does not know", s.Name)
				if name == "cute" {
					require.Contains(t, script, `--backend host --include "$INCLUDE" `)
					script = strings.ReplaceAll(script, `--backend host --include "$INCLUDE" `, "")
				}
				cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
				cmd.Dir, cmd.Env = dir, env
				var o, e strings.Builder
				cmd.Stdout, cmd.Stderr = &o, &e
				err := cmd.Run()
				stdout = o.String()
				if err != nil {
					var ee *exec.ExitError
					require.ErrorAs(t, err, &ee)
					t.Logf("job %s %v, step %q: exit %d\n%s", name, combo, s.Name, ee.ExitCode(), e.String())
					return ee.ExitCode(), stdout
				}
			}
		}
		return 0, stdout
	}
	for _, name := range []string{"iterators", "cute"} {
		status, _ := runJob(name)
		require.Equal(t, 0, status, "job %s", name)
	}

	status, annotations := runJob("gate")
	assert.Equal(t, 1, status, "v4.7.0 without a baseline fails")
	assert.Contains(t, annotations, "::error title=tilecheck P-tile (cutlass%2C RegularTileIterator)")

	// The bootstrap the workflow's warning names.
	mk := exec.Command(filepath.Join(bin, "tilecheck"), "baseline", "--from", "tilecheck-report.json", "--out", w.Env["BASELINE"])
	mk.Dir, mk.Env = dir, env
	out, err = mk.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.NoError(t, os.Remove(filepath.Join(dir, "summary.md")))

	status, annotations = runJob("gate")
	assert.Equal(t, 0, status, "every failure is known")
	assert.Contains(t, annotations, "::notice title=tilecheck known finding P-tile (cutlass%2C RegularTileIterator)")
	assert.NotContains(t, annotations, "::error")
	summary, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	require.NoError(t, err)
	assert.Contains(t, string(summary), "Gate (known findings discounted; the exit status follows it): PASS")
	for _, class := range classes {
		assert.Contains(t, string(summary), class)
	}
	junit, err := os.ReadFile(filepath.Join(dir, "tilecheck-junit.xml"))
	require.NoError(t, err)
	var suites struct {
		Suites []struct {
			Name string `xml:"name,attr"`
		} `xml:"testsuite"`
	}
	require.NoError(t, xml.Unmarshal(junit, &suites))
	assert.Len(t, suites.Suites, len(classes)+1, "a suite per class and the CuTe sweep")

	// A finding the baseline does not hold fails the gate, naming it.
	path := filepath.Join(dir, w.Env["BASELINE"])
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	pTile := regexp.MustCompile(`(?s)\{\s*"class": "RegularTileIterator",\s*"iterator": "cutlass",\s*"source": "compiled",\s*"property": "P-tile",.*?\},?`)
	require.Regexp(t, pTile, string(b))
	require.NoError(t, os.WriteFile(path, pTile.ReplaceAll(b, nil), 0o644))
	status, annotations = runJob("gate")
	assert.Equal(t, 1, status)
	assert.Contains(t, annotations, "::error title=tilecheck NEW finding P-tile (cutlass%2C RegularTileIterator)")
}

// matrix is every combination of a job's matrix (one key per job here),
// or one empty combination without a matrix.
func matrix(j job) []map[string]string {
	out := []map[string]string{{}}
	for _, k := range keys(j.Strategy.Matrix) {
		var next []map[string]string
		for _, c := range out {
			for _, v := range j.Strategy.Matrix[k] {
				m := map[string]string{k: v}
				for a, b := range c {
					m[a] = b
				}
				next = append(next, m)
			}
		}
		out = next
	}
	return out
}

func allRuns(j job) string {
	var b strings.Builder
	for _, s := range j.Steps {
		b.WriteString(s.Run)
	}
	return b.String()
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
