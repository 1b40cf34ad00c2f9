package sweep

import (
	"fmt"

	"github.com/tilecheck/tilecheck/report"
)

// MatrixWeak says whether the evidence of an all-models sweep is weak:
// models are expected to fail (that is the finding), so only a weak
// verdict, a control not killed as required or a missed coverage floor, in
// any model's run, counts against it.
func MatrixWeak(m *report.Matrix) bool {
	for _, r := range m.Reports {
		if r.Verdict == report.Weak {
			return true
		}
		for _, c := range r.Controls {
			if !c.OK {
				return true
			}
		}
		for _, c := range r.Coverage {
			if !c.OK {
				return true
			}
		}
	}
	return false
}

// CombinedVerdict is the verdict of one iterator swept over several
// classes: a failing class fails it; else a class whose verdict is neither
// pass nor interrupted makes it weak; else it passes.
func CombinedVerdict(m *report.Matrix) report.Verdict {
	verdict := report.Pass
	for _, r := range m.Reports {
		switch r.Verdict {
		case report.Fail:
			return report.Fail
		case report.Pass, report.Interrupted:
		default:
			verdict = report.Weak
		}
	}
	return verdict
}

// ModelErrors is one line per model that errored during a sweep (its
// verdict is weak at best), for a front end to show: the matrix has no
// audit section, and an error must never read as a pass.
func ModelErrors(rs ...*report.Report) []string {
	var out []string
	for _, r := range rs {
		for _, a := range r.Audit {
			if a.Topic == "model-error" {
				out = append(out, fmt.Sprintf("%s (%s): the model failed on %d cases; first: config %s %s", r.Iterator, r.Class, a.Count, a.Config, a.Detail))
			}
		}
	}
	return out
}
