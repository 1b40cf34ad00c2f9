package probe_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/probe"
	"github.com/tilecheck/tilecheck/report"
)

// A probe's verdict from its counts (made by hand, as if decoded from JSON):
// pass when the controls fail round trips and the identity copy does not;
// weak when the iterator compared no access; fail on one mismatch.
func ExampleJudge() {
	failedTrip := report.RoundTrip{Cases: 4, Failed: 4, Predicted: 4}
	res := &cuda.Result{ProbeResult: report.ProbeResult{Variants: []report.ProbeVariant{
		{Label: "cutlass", Namespace: "NS", Role: cuda.RoleIterator, Accesses: 100},
		{Label: "C-load-div", Role: cuda.RoleControl, Accesses: 100, StoreRoundTrip: failedTrip},
		{Label: "C-pitch-plus-one", Role: cuda.RoleControl, Accesses: 100, StoreRoundTrip: failedTrip},
		{Label: "identity-copy", Role: cuda.RoleIdentity, Accesses: 100, StoreRoundTrip: report.RoundTrip{Cases: 4}},
	}}}
	fmt.Println(probe.Judge(res, probe.Judging{}).Report().Verdict)

	res.Variants[0].Accesses = 0
	rep := probe.Judge(res, probe.Judging{}).Report()
	fmt.Println(rep.Verdict, rep.Unproven)

	res.Variants[0].Accesses, res.Variants[0].Mismatches = 100, 1
	fmt.Println(probe.Judge(res, probe.Judging{}).Report().Verdict)
	// Output:
	// pass
	// weak [cutlass (namespace NS) compared no access with its Go model: none of its programs ran]
	// fail
}
