package probejudge_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/probejudge"
	"github.com/tilecheck/tilecheck/report"
)

// A probe's verdict from its counts (made by hand, as if decoded from JSON):
// pass when the controls fail round trips and the identity copy does not;
// weak when the iterator compared no access; fail on one mismatch.
func ExampleVerdict() {
	failedTrip := report.RoundTrip{Cases: 4, Failed: 4, Predicted: 4}
	res := &cuda.Result{ProbeResult: report.ProbeResult{Variants: []report.ProbeVariant{
		{Label: "cutlass", Namespace: "NS", Role: cuda.RoleIterator, Accesses: 100},
		{Label: "C-load-div", Role: cuda.RoleControl, Accesses: 100, StoreRoundTrip: failedTrip},
		{Label: "C-pitch-plus-one", Role: cuda.RoleControl, Accesses: 100, StoreRoundTrip: failedTrip},
		{Label: "identity-copy", Role: cuda.RoleIdentity, Accesses: 100, StoreRoundTrip: report.RoundTrip{Cases: 4}},
	}}}
	fmt.Println(probejudge.Verdict(res))

	res.Variants[0].Accesses = 0
	fmt.Println(probejudge.Verdict(res), probejudge.Unproven(res))

	res.Variants[0].Accesses, res.Variants[0].Mismatches = 100, 1
	fmt.Println(probejudge.Verdict(res))
	// Output:
	// pass
	// weak [cutlass (namespace NS) compared no access with its Go model: none of its programs ran]
	// fail
}
