package cuda

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedEvidenceMatchesSources: some committed GPU evidence was made
// from exactly the C++ sources committed in cuda/include (a header change
// needs a new GPU run), and every committed evidence file passed. Evidence
// from earlier headers stays as the record of what those headers did.
func TestCommittedEvidenceMatchesSources(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "reports", "evidence", "gpu-*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no committed GPU evidence under reports/evidence (%v)", err)
	}
	current := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var ev Evidence
		if err := json.Unmarshal(b, &ev); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if ev.Result == nil {
			t.Fatalf("%s: no result", f)
		}
		if ev.Result.HeaderSHA256 == HeaderHash() {
			current++
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
	if current == 0 {
		t.Errorf("no committed GPU evidence was built from the C++ sources cuda/include now holds (sha256 %s): rerun tilecheck gpu on a GPU", HeaderHash())
	}
}
