package reports

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// f32Load is the configuration and program the check reports' tests use.
func f32Load(t *testing.T) (iterator.Config, iterator.Program) {
	t.Helper()
	cfg, err := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	require.NoError(t, err)
	prog, err := iterator.ParseProgram("load()")
	require.NoError(t, err)
	return cfg, prog
}

func checkResults(t *testing.T) []props.Result {
	t.Helper()
	cfg, prog := f32Load(t)
	var vs []props.Violation
	for th := range 4 {
		vs = append(vs, props.Violation{Property: "P-sym", Config: cfg, Program: prog, Thread: th, Expected: []int64{1}, Actual: []int64{2}})
	}
	vs[0].Detail = "the round trip moved"
	return []props.Result{
		{ID: "P-cover", Doc: "covers the tile", Status: report.Held},
		{ID: "P-sym", Doc: "loads and stores agree", Status: report.Violated, Violations: vs},
		{ID: "P-align", Doc: "aligned", Status: report.NotApplicable},
	}
}

// TestWriteCheckText: the table marks a failure FAIL with its count, and only
// the first three violations get address tables; the rest are counted.
func TestWriteCheckText(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteCheckText(&b, checkResults(t)))
	out := b.String()
	for _, want := range []string{
		"| P-sym    | FAIL   | 4 ",
		"P-sym violated: thread 0\nconfig: elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64\nops: load()\ndetail: the round trip moved\n",
		"P-sym violated: thread 2\n",
		"P-sym: 1 more violations not shown (use --thread N to see one thread)\n",
	} {
		assert.Contains(t, out, want, "missing")
	}
	assert.NotContains(t, out, "thread 3\n", "a fourth violation or a passing property got an address table")
	assert.NotContains(t, out, "P-cover violated", "a fourth violation or a passing property got an address table")
}

// TestWriteCheckJSON: the case is echoed as given, the verdict is the one
// passed in, and a property without violations has an empty list, not null.
func TestWriteCheckJSON(t *testing.T) {
	var b bytes.Buffer
	c := CheckCase{Iterator: "cutlass", Config: "elem=f32  shape=64x8", Ops: "load()"}
	require.NoError(t, WriteCheckJSON(&b, c, report.Fail, checkResults(t)))
	var got struct {
		Tool, Iterator, Config, Ops string
		Verdict                     report.Verdict
		Properties                  []struct {
			ID, Status string
			Violations *[]struct{ Thread int }
		}
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &got), "not JSON\n%s", b.String())
	assert.Equal(t, "tilecheck", got.Tool, "case or verdict: %+v", got)
	assert.Equal(t, "cutlass", got.Iterator, "case or verdict: %+v", got)
	assert.Equal(t, "elem=f32  shape=64x8", got.Config, "case or verdict: %+v", got)
	assert.Equal(t, "load()", got.Ops, "case or verdict: %+v", got)
	assert.Equal(t, report.Fail, got.Verdict, "case or verdict: %+v", got)
	require.Len(t, got.Properties, 3, "properties: %s", b.String())
	require.NotNil(t, got.Properties[0].Violations, "properties: %s", b.String())
	assert.Empty(t, *got.Properties[0].Violations, "properties: %s", b.String())
	assert.Equal(t, "fail", got.Properties[1].Status, "properties: %s", b.String())
	require.NotNil(t, got.Properties[1].Violations, "properties: %s", b.String())
	assert.Len(t, *got.Properties[1].Violations, 4, "properties: %s", b.String())
}

// TestTileWideViolationNamesNoThread: a violation of the tile as a whole
// (P-cover's uncovered element, thread -1) says it is the tile in check's
// text and in the reports' counterexamples, never "thread -1".
func TestTileWideViolationNamesNoThread(t *testing.T) {
	cfg, prog := f32Load(t)
	var b bytes.Buffer
	res := []props.Result{{ID: "P-cover", Doc: "covers the tile", Status: report.Violated,
		Violations: []props.Violation{{Property: "P-cover", Config: cfg, Program: prog, Thread: -1, Detail: "element (8,0) is covered by no thread"}}}}
	require.NoError(t, WriteCheckText(&b, res))
	r := failingReport()
	r.Properties[0].Counterexample.Thread = -1
	var md, txt bytes.Buffer
	require.NoError(t, Markdown(&md, r))
	require.NoError(t, TextWith(&txt, r, TextOptions{}))
	for what, out := range map[string]string{"check": b.String(), "markdown": md.String(), "text": txt.String(),
		"ci": counterexampleText(r.Properties[0].Counterexample)} {
		assert.NotContains(t, out, "thread -1", "%s names thread -1", what)
		assert.NotContains(t, out, "thread: -1", "%s names thread -1", what)
		assert.NotContains(t, out, "**: -1", "%s names thread -1", what)
		assert.Contains(t, out, tileWide, "%s does not say", what)
	}
}
