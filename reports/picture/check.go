package picture

import (
	"strconv"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// Drawable picks the violation a check's picture draws: the first one of a
// failed property that is about one thread (a tile-wide violation, such
// as an element no thread covers, has no thread's accesses to draw).
func Drawable(results []props.Result) (props.Violation, bool) {
	for _, r := range results {
		if r.Status != report.Violated {
			continue
		}
		for _, v := range r.Violations {
			if v.Thread >= 0 {
				return v, true
			}
		}
	}
	return props.Violation{}, false
}

// FromViolation draws v of a check of model on prog: the thread's trace
// got beside the reference's ref (sweep.CheckTraces), titled by the model,
// the property and the thread.
func FromViolation(model string, prog iterator.Program, v props.Violation, got, ref iterator.ThreadTrace) Drawing {
	title := model + " " + v.Property + ": thread " + strconv.Itoa(v.Thread)
	return FromTraces(title, v.Detail, v.Config, prog, got, ref)
}
