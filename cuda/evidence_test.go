package cuda

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedEvidenceMatchesSources: the committed GPU evidence was made
// from exactly the C++ sources committed in cuda/include (a header change
// needs a new GPU run), and it passed.
func TestCommittedEvidenceMatchesSources(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "reports", "evidence", "gpu-*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no committed GPU evidence under reports/evidence (%v)", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var ev Evidence
		if err := json.Unmarshal(b, &ev); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if ev.Result == nil || ev.Result.HeaderSHA256 != HeaderHash() {
			t.Errorf("%s was built from other C++ sources than cuda/include now holds: rerun tilecheck gpu on a GPU", f)
		}
		if ev.Verdict != "pass" || ev.Result.Dropped != 0 {
			t.Errorf("%s: verdict %s, dropped %d", f, ev.Verdict, ev.Result.Dropped)
		}
		for _, v := range ev.Result.Variants {
			if v.Mismatches != 0 || v.StoreRoundTrip.Unexpected != 0 || v.LoadRoundTrip.Unexpected != 0 {
				t.Errorf("%s: %s disagrees with its Go model on the GPU", f, v.Label)
			}
		}
		for _, s := range ev.Sanitizers {
			if !s.Ran || !s.Clean {
				t.Errorf("%s: compute-sanitizer %s: %s", f, s.Tool, s.Summary)
			}
		}
	}
}
