package cuda

import (
	"encoding/json"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/report"
)

// TestCommittedEvidenceMatchesSources: every committed GPU evidence file
// passed, and was made from exactly the C++ sources committed beside it: its
// sha256 equals the hash of cuda/include as of the commit that added the
// evidence (or as of now). Evidence that predates a later header change
// stays as the record of what those headers did; the test says so in its
// log, and docs/own-cutlass.md names the run that would refresh it.
func TestCommittedEvidenceMatchesSources(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "evidence", "gpu-*.json"))
	require.NoError(t, err, "no committed GPU evidence under evidence/ (%v)", err)
	require.NotEmpty(t, files, "no committed GPU evidence under evidence/ (%v)", err)
	current := 0
	for _, f := range files {
		ev := readEvidence(t, f)
		switch hash := ev.Result.HeaderSHA256; {
		case hash == HeaderHash():
			current++
		default:
			commit, atCommit, ok := headerHashAtEvidenceCommit(t, f)
			if !ok {
				t.Skipf("%s predates the current headers and git history is unavailable to check it against its own commit (skipped, not passed)", f)
			}
			assert.Equal(t, atCommit, hash, "%s: sha256 matches neither the current headers nor cuda/include at %s", f, commit[:12])
		}
		assert.Equal(t, report.Pass, ev.Verdict, "%s: verdict %s, dropped %d", f, ev.Verdict, ev.Result.Dropped)
		assert.Zero(t, ev.Result.Dropped, "%s: verdict %s, dropped %d", f, ev.Verdict, ev.Result.Dropped)
		for _, v := range ev.Result.Variants {
			assert.Zero(t, v.Mismatches, "%s: %s disagrees with its Go model on the GPU", f, v.Label)
			assert.Zero(t, v.StoreRoundTrip.Unexpected, "%s: %s disagrees with its Go model on the GPU", f, v.Label)
			assert.Zero(t, v.LoadRoundTrip.Unexpected, "%s: %s disagrees with its Go model on the GPU", f, v.Label)
		}
		for _, s := range ev.Sanitizers {
			assert.True(t, s.Ran, "%s: compute-sanitizer %s: %s", f, s.Tool, s.Summary)
			assert.True(t, s.Clean, "%s: compute-sanitizer %s: %s", f, s.Tool, s.Summary)
		}
	}
	if current == 0 {
		t.Logf("NOTE: no GPU evidence covers the current cuda/include (sha256 %s); rerun `tilecheck gpu` on a GPU host to refresh it", HeaderHash())
	}
}

func readEvidence(t *testing.T, f string) report.GPUEvidence {
	t.Helper()
	b, err := os.ReadFile(f)
	require.NoError(t, err)
	var ev report.GPUEvidence
	require.NoError(t, json.Unmarshal(b, &ev), "%s", f)
	require.NotNil(t, ev.Result, "%s: no result", f)
	return ev
}

// headerHashAtEvidenceCommit hashes cuda/include/tilecheck as it stood in the
// commit that last wrote the evidence file f's content (followed across
// renames: a commit that only moved it wrote nothing).
func headerHashAtEvidenceCommit(t *testing.T, f string) (commit, hash string, ok bool) {
	git := func(args ...string) (string, bool) {
		out, err := exec.Command("git", args...).Output()
		return string(out), err == nil
	}
	commit, ok = git("log", "-1", "--follow", "--diff-filter=AM", "--format=%H", "--", f)
	commit = strings.TrimSpace(commit)
	if !ok || commit == "" {
		return "", "", false
	}
	list, ok := git("ls-tree", "--name-only", commit, "include/tilecheck/")
	if !ok {
		return "", "", false
	}
	var names []string
	for _, n := range strings.Fields(list) {
		if ext := path.Ext(n); ext == ".h" || ext == ".cuh" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	hash = hashHeaders(names, func(n string) ([]byte, error) {
		return exec.Command("git", "show", commit+":cuda/"+n).Output()
	})
	return commit, hash, len(names) > 0
}
