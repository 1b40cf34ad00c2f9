package cuda

import (
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The Go side and the C++ harness speak through numbers written twice by
// hand: the flag bits of an access record, the op kind codes of the
// generated op_kind table and the field counts of the record lines. These
// tests read them out of probe_harness.h, so that a change on one side alone
// fails here instead of misreading every probe.

func harnessSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("include", "tilecheck", "probe_harness.h"))
	require.NoError(t, err)
	return string(b)
}

func TestWireFlagsAgreeWithHarness(t *testing.T) {
	src := harnessSource(t)
	m := regexp.MustCompile(`enum Flags \{([^}]*)\}`).FindStringSubmatch(src)
	require.NotNil(t, m, "probe_harness.h: no enum Flags")
	goFlags := map[string]int{
		"kIncoherent": flagIncoherent, "kUnrecovered": flagUnrecovered, "kTouchOverflow": flagTouchOverflow,
		"kByteCount": flagByteCount, "kGuardedOff": flagGuardedOff,
	}
	seen := map[string]bool{}
	for _, item := range strings.Split(m[1], ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(item), "=")
		require.True(t, ok, "enum Flags item %q has no explicit value", item)
		name = strings.TrimSpace(name)
		n, err := strconv.Atoi(strings.TrimSpace(val))
		require.NoError(t, err, "enum Flags item %q", item)
		g, ok := goFlags[name]
		if assert.True(t, ok, "harness flag %s = %d has no Go constant", name, n) {
			assert.Equal(t, n, g, "flag %s: harness then Go", name)
		}
		seen[name] = true
	}
	for name := range goFlags {
		assert.True(t, seen[name], "Go flag %s is not in the harness's enum Flags", name)
	}
}

func TestWireOpKindsAgreeWithHarness(t *testing.T) {
	src := harnessSource(t)
	// The harness's contract comment lists the codes; its driver loop
	// branches on them.
	doc := regexp.MustCompile(`op_kind\(p, o\) \(([^)]*\([^)]*\)[^)]*)\)`).FindStringSubmatch(strings.ReplaceAll(src, "\n// ", " "))
	require.NotNil(t, doc, "probe_harness.h: no op_kind contract comment")
	want := map[string]int{"state op": opKindState, "load": opKindLoad, "store": opKindStore,
		"accesses() pass": opKindAccesses, "predicated load": opKindPredLoad, "end": opKindEndOfProg}
	for _, item := range strings.Split(doc[1], ",") {
		num, name, _ := strings.Cut(strings.TrimSpace(item), " ")
		n, err := strconv.Atoi(num)
		require.NoError(t, err, "op_kind comment item %q", item)
		g, ok := want[name]
		assert.True(t, ok, "op kind %q: harness %d, Go %d (known: %v)", name, n, g, ok)
		assert.Equal(t, n, g, "op kind %q: harness %d, Go %d (known: %v)", name, n, g, ok)
		delete(want, name)
	}
	assert.Empty(t, want, "Go op kinds missing from the harness comment")
	for _, branch := range []string{
		"k == " + strconv.Itoa(opKindLoad) + " || k == " + strconv.Itoa(opKindPredLoad),
		"k == " + strconv.Itoa(opKindAccesses),
		"k == " + strconv.Itoa(opKindStore),
	} {
		assert.Contains(t, src, branch, "probe_harness.h does not branch on")
	}
}

func TestWireRecordLinesAgreeWithHarness(t *testing.T) {
	src := harnessSource(t)
	for _, c := range []struct {
		letter string
		fields int
	}{{"A", accessLineFields}, {"R", runLineFields}} {
		m := regexp.MustCompile(`printf\("` + c.letter + ` ([^"]*)\\n"`).FindStringSubmatch(src)
		require.NotNil(t, m, "probe_harness.h prints no %q record line", c.letter)
		assert.Equal(t, c.fields, strings.Count(m[1], "%"), "%q line: the harness prints numbers, the parser reads", c.letter)
	}
}
