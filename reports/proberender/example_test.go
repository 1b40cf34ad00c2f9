package proberender_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports/proberender"
)

// The last line of a probe's report: a pass, as docs/own-cutlass.md shows
// it, and the weak evidence of an iterator under test that compared no
// access, as docs/ci.md shows it.
func ExampleVerdictLine() {
	fmt.Println(proberender.VerdictLine(report.Pass, nil, nil))
	fmt.Println(proberender.VerdictLine(report.Weak, nil, []string{"cutlass (namespace NS) compared no access with its Go model: none of its programs ran"}))
	// Output:
	// Verdict: pass: every compiled access agrees with its Go model and every control did what it must.
	// Verdict: WEAK evidence: cutlass (namespace NS) compared no access with its Go model: none of its programs ran.
}
