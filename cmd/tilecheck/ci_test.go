package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports"
)

// xmlNode is any XML element, for checking a document against a schema's
// required elements and attributes without trusting our own types.
type xmlNode struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []xmlNode  `xml:",any"`
}

func (n xmlNode) attr(name string) (string, bool) {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

// TestJUnitRequiredElements validates sweep --format junit against the
// required elements and attributes of the JUnit XML schema (the Jenkins
// junit-10.xsd that CI servers read): a testsuites root whose testsuite
// elements carry name, tests, failures, errors and time, whose testcase
// elements carry name and classname, and whose failures carry a message;
// the counts agree with the test cases; one test case per property × model
// × class; a failure carries the counterexample and its replay command.
func TestJUnitRequiredElements(t *testing.T) {
	code, out, stderr := runCLI("sweep", "--class", "all", "--format", "junit")
	if code != exitPass {
		t.Fatalf("exit %d; stderr %s", code, stderr)
	}
	if !strings.HasPrefix(out, `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("no XML declaration: %.60q", out)
	}
	var root xmlNode
	if err := xml.Unmarshal([]byte(out), &root); err != nil {
		t.Fatalf("not XML: %v", err)
	}
	if root.XMLName.Local != "testsuites" {
		t.Fatalf("root element %q, want testsuites", root.XMLName.Local)
	}
	suites, cases := 0, map[string]bool{}
	sawReplay := false
	for _, s := range root.Children {
		if s.XMLName.Local != "testsuite" {
			t.Errorf("child of testsuites: %q", s.XMLName.Local)
			continue
		}
		suites++
		for _, a := range []string{"name", "tests", "failures", "errors", "time"} {
			if _, ok := s.attr(a); !ok {
				t.Errorf("testsuite without required attribute %s", a)
			}
		}
		var tests, failures, errs int
		for _, c := range s.Children {
			if c.XMLName.Local == "properties" {
				continue
			}
			if c.XMLName.Local != "testcase" {
				t.Errorf("child of testsuite: %q", c.XMLName.Local)
				continue
			}
			tests++
			name, ok1 := c.attr("name")
			class, ok2 := c.attr("classname")
			if !ok1 || !ok2 {
				t.Errorf("testcase without name or classname: %v", c.Attrs)
			}
			cases[class+" "+name] = true
			for _, f := range c.Children {
				switch f.XMLName.Local {
				case "failure":
					failures++
					if m, ok := f.attr("message"); !ok || m == "" {
						t.Errorf("failure of %s without a message", name)
					}
					if strings.HasPrefix(name, "P-") {
						if !strings.Contains(f.Text, "config: ") || !strings.Contains(f.Text, "replay: tilecheck check ") {
							t.Errorf("failure of %s %s lacks the counterexample or replay: %q", class, name, f.Text)
						}
						sawReplay = true
					}
				case "error":
					errs++
				}
			}
		}
		for attr, n := range map[string]int{"tests": tests, "failures": failures, "errors": errs} {
			if v, _ := s.attr(attr); v != strconv.Itoa(n) {
				t.Errorf("testsuite %s=%q, counted %d", attr, v, n)
			}
		}
	}
	if suites != 12 { // 3 models × 4 classes
		t.Errorf("%d test suites, want 12", suites)
	}
	for _, want := range []string{"tilecheck.RegularTileIterator.cutlass P-tile", "tilecheck.PredicatedTileIterator.reference P-traverse",
		"tilecheck.RegularTileIterator.reference control C-load-div"} {
		if !cases[want] {
			t.Errorf("no test case %q", want)
		}
	}
	if !sawReplay {
		t.Error("no property failure at all: cutlass fails P-tile")
	}
}

// TestGitHubAnnotations: one ::error per failing property, with the replay
// command in the (escaped, one-line) message.
func TestGitHubAnnotations(t *testing.T) {
	code, out, stderr := runCLI("sweep", "--iterator", "cutlass", "--format", "github")
	if code != exitFail {
		t.Fatalf("exit %d; stderr %s", code, stderr)
	}
	var errs int
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(line, "::") {
			t.Errorf("not a workflow command: %q", line)
		}
		if strings.HasPrefix(line, "::error title=tilecheck P-") {
			errs++
			if !strings.Contains(line, "%0Areplay: tilecheck check ") {
				t.Errorf("error annotation without the replay command: %q", line)
			}
		}
	}
	if errs < 5 {
		t.Errorf("%d error annotations for cutlass, want one per failing property", errs)
	}
}

// TestGitHubMatrixAnnotations: the all-models matrix exits 0 with the
// built-in models failing, so its failures are notices, not errors, after
// a first notice that says why.
func TestGitHubMatrixAnnotations(t *testing.T) {
	code, out, stderr := runCLI("sweep", "--format", "github")
	if code != exitPass {
		t.Fatalf("exit %d; stderr %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], "::notice title=tilecheck all-models matrix::") {
		t.Errorf("first annotation %q, want the notice saying failures are expected", lines[0])
	}
	var failures int
	for _, line := range lines {
		if strings.HasPrefix(line, "::error") {
			t.Errorf("error annotation from a sweep that exits 0: %q", line)
		}
		if strings.HasPrefix(line, "::notice title=tilecheck P-") {
			failures++
		}
	}
	if failures == 0 {
		t.Error("no failing property annotated: the built-in models fail")
	}
}

// TestShardMergeCLI: three shards of the quick all-models, all-classes
// sweep, merged by the merge command, give byte for byte the unsharded
// JSON, elapsed time and rate aside (they are measured per run).
func TestShardMergeCLI(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := 1; i <= 3; i++ {
		f := filepath.Join(dir, "shard"+strconv.Itoa(i)+".json")
		if code, _, stderr := runCLI("sweep", "--shard", strconv.Itoa(i)+"/3", "--format", "json", "--out", f); code != exitPass {
			t.Fatalf("shard %d: exit %d, %s", i, code, stderr)
		}
		files = append(files, f)
	}
	code, merged, stderr := runCLI(append([]string{"merge", "--format", "json"}, files[2], files[0], files[1])...)
	if code != exitPass {
		t.Fatalf("merge: exit %d, %s", code, stderr)
	}
	code, whole, _ := runCLI("sweep", "--format", "json")
	if code != exitPass {
		t.Fatalf("unsharded sweep: exit %d", code)
	}
	if a, b := untimed(t, merged), untimed(t, whole); a != b {
		t.Errorf("merged shards differ from the unsharded sweep:\n%s\n---\n%s", a, b)
	}
	if code, _, stderr := runCLI("merge", files[0], files[1]); code != exitUsage || !strings.Contains(stderr, "exactly once") {
		t.Errorf("merging 2 of 3 shards: exit %d, %q", code, stderr)
	}
	if code, _, stderr := runCLI("sweep", "--shard", "1/3"); code != exitUsage || !strings.Contains(stderr, "--format json") {
		t.Errorf("a text shard: exit %d, %q", code, stderr)
	}
}

// untimed re-renders a JSON matrix with elapsed_s and checks_per_second
// zeroed, through the same renderer, so the comparison is byte for byte.
func untimed(t *testing.T, s string) string {
	t.Helper()
	var m report.Matrix
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	for _, r := range m.Reports {
		r.ElapsedS, r.ChecksPerSecond = 0, 0
	}
	var b strings.Builder
	if err := reports.JSONMatrix(&b, &m); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestHostRehearsalIsNotGPUEvidence: gpu --backend host names its files
// host-*, titles them as a host rehearsal, and its last line states the
// verdict and that no GPU ran.
func TestHostRehearsalIsNotGPUEvidence(t *testing.T) {
	requireCompiler(t)
	dir := t.TempDir()
	code, out, stderr := runCLI("gpu", "--backend", "host", "--preset", "representative", "--class", "RegularTileIterator", "--out-dir", dir)
	if code != exitPass {
		t.Fatalf("exit %d; stderr %s", code, stderr)
	}
	mds, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	if len(mds) != 1 || !strings.HasPrefix(filepath.Base(mds[0]), "host-") {
		t.Fatalf("evidence files %v, want one host-<date>.md", mds)
	}
	b, _ := os.ReadFile(mds[0])
	if strings.Contains(string(b), "# tilecheck GPU evidence") || !strings.Contains(string(b), "not GPU evidence") {
		t.Errorf("host rehearsal titled as GPU evidence:\n%.300s", b)
	}
	// The verdict is the last paragraph (wrapped to 100 columns).
	text := strings.TrimSpace(out)
	last := text[strings.LastIndex(text, "\n")+1:]
	if i := strings.LastIndex(text, "\nVerdict: "); i >= 0 {
		last = strings.Join(strings.Fields(text[i:]), " ")
	}
	if !strings.HasPrefix(last, "Verdict: PASS (host rehearsal") {
		t.Errorf("last paragraph %q, want the verdict and that it is a host rehearsal", last)
	}
}

// requireCompiler skips, saying so, where the host compiler is missing.
func requireCompiler(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("SKIPPED, NOT PASSED: g++ not found — the host build was not tested")
	}
}

// TestEmptyShardIsStated: with more shards than the sweep has batches,
// some shards judge nothing. Each is still a valid shard (exit 0, its JSON
// written: merge needs every shard 1..n, and the merged report is the
// unsharded one), and says on stderr that it is empty and why, instead of
// a quiet report of 0 checks.
func TestEmptyShardIsStated(t *testing.T) {
	const n = 30
	dir := t.TempDir()
	var files []string
	empty := 0
	for i := 1; i <= n; i++ {
		f := filepath.Join(dir, "shard"+strconv.Itoa(i)+".json")
		shard := strconv.Itoa(i) + "/" + strconv.Itoa(n)
		code, _, stderr := runCLI("sweep", "--iterator", "reference", "--shard", shard, "--format", "json", "--out", f)
		if code != exitPass {
			t.Fatalf("shard %s: exit %d, %s", shard, code, stderr)
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var r struct{ Checks int64 }
		if err := json.Unmarshal(b, &r); err != nil {
			t.Fatalf("shard %s: %v", shard, err)
		}
		stated := strings.Contains(stderr, "--shard "+shard+" is empty: the sweep has only ")
		if (r.Checks == 0) != stated {
			t.Errorf("shard %s: %d checks, stderr %q; an empty shard, and only one, must say so", shard, r.Checks, stderr)
		}
		if stated {
			empty++
		}
		files = append(files, f)
	}
	if empty == 0 {
		t.Fatalf("no shard of %d was empty: the test needs more shards than batches", n)
	}
	code, merged, stderr := runCLI(append([]string{"merge", "--format", "json"}, files...)...)
	if code != exitPass {
		t.Fatalf("merge: exit %d, %s", code, stderr)
	}
	_, whole, _ := runCLI("sweep", "--iterator", "reference", "--format", "json")
	if a, b := untimed(t, merged), untimed(t, whole); a != b {
		t.Errorf("merged shards differ from the unsharded sweep")
	}
}

// TestShardMergeOneIteratorClasses: shards of one iterator swept over
// several classes (--iterator cutlass --class all) merge into the report
// the unsharded sweep gives, combined verdict and exit status included
// (1: cutlass fails), not into an all-models matrix (exit 0).
func TestShardMergeOneIteratorClasses(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := 1; i <= 2; i++ {
		f := filepath.Join(dir, "shard"+strconv.Itoa(i)+".json")
		if code, _, stderr := runCLI("sweep", "--iterator", "cutlass", "--class", "all", "--shard", strconv.Itoa(i)+"/2", "--format", "json", "--out", f); code != exitPass {
			t.Fatalf("shard %d: exit %d, %s", i, code, stderr)
		}
		files = append(files, f)
	}
	wantCode, whole, _ := runCLI("sweep", "--iterator", "cutlass", "--class", "all", "--format", "json")
	if wantCode != exitFail {
		t.Fatalf("unsharded sweep: exit %d, want %d", wantCode, exitFail)
	}
	code, merged, stderr := runCLI(append([]string{"merge", "--format", "json"}, files...)...)
	if code != wantCode {
		t.Errorf("merge: exit %d, want the unsharded sweep's %d (%s)", code, wantCode, stderr)
	}
	var m report.Matrix
	if err := json.Unmarshal([]byte(merged), &m); err != nil {
		t.Fatal(err)
	}
	if m.Verdict != report.Fail {
		t.Errorf("merged verdict %q, want fail", m.Verdict)
	}
	if a, b := untimed(t, merged), untimed(t, whole); a != b {
		t.Errorf("merged shards differ from the unsharded sweep:\n%s\n---\n%s", a, b)
	}
	_, text, _ := runCLI(append([]string{"merge"}, files...)...)
	if lines := strings.Split(strings.TrimSpace(text), "\n"); lines[len(lines)-1] != "Verdict: FAIL" {
		t.Errorf("merged text report ends %q, want the combined verdict", lines[len(lines)-1])
	}
}

// TestMergeNamesTheFileThatIsNoShard: a report made without --shard among
// shards is refused naming the file, not "report 1 (reference,
// RegularTileIterator)", which does not say which argument it was.
func TestMergeNamesTheFileThatIsNoShard(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "shard1.json")
	if code, _, stderr := runCLI("sweep", "--iterator", "reference", "--shard", "1/2", "--format", "json", "--out", shard); code != exitPass {
		t.Fatalf("shard: exit %d, %s", code, stderr)
	}
	for _, args := range [][]string{{"--iterator", "reference"}, {}} {
		whole := filepath.Join(dir, "whole.json")
		if code, _, stderr := runCLI(append([]string{"sweep", "--format", "json", "--out", whole}, args...)...); code != exitPass {
			t.Fatalf("sweep %v: exit %d, %s", args, code, stderr)
		}
		code, _, stderr := runCLI("merge", shard, whole)
		if code != exitUsage || !strings.Contains(stderr, whole) {
			t.Errorf("sweep %v merged with a shard: exit %d, %q; want %d naming %s", args, code, stderr, exitUsage, whole)
		}
	}
}
