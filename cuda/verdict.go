package cuda

import "github.com/tilecheck/tilecheck/report"

// ProbeVerdict is a probe's verdict, decided as a sweep decides its own: fail
// on any disagreement with a Go model, an unexpected round trip, a dropped
// record or an error; weak when a row of the kill matrix (KillMatrix) does
// not meet its spec (weak lists which, each as "<control> did not <what it
// must>"): a run whose accesses all agree but whose controls were not
// caught is not a pass; pass otherwise.
func ProbeVerdict(res *Result) (verdict report.Verdict, weak []string) {
	if !res.OK() {
		return report.Fail, nil
	}
	for _, c := range res.Controls() {
		if !c.OK {
			weak = append(weak, c.Variant+" did not "+c.Must)
		}
	}
	if len(weak) > 0 {
		return report.Weak, weak
	}
	return report.Pass, nil
}
