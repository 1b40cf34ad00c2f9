package copysweep

import (
	"context"
	"fmt"
	"io"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copyprops"
)

// CheckResult is one case judged: the source's trace, the model's, and
// each property's verdict.
type CheckResult struct {
	Case         tiledcopy.Case
	Source       string
	Trace, Model tiledcopy.Trace
	Judged       []PropResult
}

// PropResult is one property's judgement of a case; Skipped says why it
// judged nothing.
type PropResult struct {
	Prop      *copyprops.Property
	Violation *copyprops.Violation
	Skipped   string
}

// Failed says whether a property was violated.
func (r *CheckResult) Failed() bool {
	for _, j := range r.Judged {
		if j.Violation != nil {
			return true
		}
	}
	return false
}

// Check judges case c, answered by src, with every property (or only
// the one given), as a sweep would.
func Check(ctx context.Context, src Source, c tiledcopy.Case, only *copyprops.Property) (*CheckResult, error) {
	props := propsFor(src)
	if only != nil {
		props = []*copyprops.Property{only}
	}
	got, err := src.Answer(ctx, []tiledcopy.Case{c})
	if err != nil {
		return nil, err
	}
	if len(got) != 1 {
		return nil, fmt.Errorf("%s answered %d traces for one case", src.Name(), len(got))
	}
	r := &CheckResult{Case: c, Source: src.Name(), Trace: got[0], Model: c.Eval()}
	for _, p := range props {
		v, applied := judge(p, c, r.Trace, r.Model)
		res := PropResult{Prop: p, Violation: v}
		if !applied {
			res.Skipped = "refused (a static_assert CuTe states)"
		}
		r.Judged = append(r.Judged, res)
	}
	return r, nil
}

// describe summarises a trace in a line.
func describe(tr tiledcopy.Trace) string {
	if tr.Rejected != "" {
		return "refused: " + tr.Rejected
	}
	calls := 0
	if len(tr.Threads) > 0 && tr.SrcAtomVals > 0 {
		calls = len(tr.Threads[0].Src) / int(tr.SrcAtomVals)
	}
	return fmt.Sprintf("%d threads (atoms of %d), %d calls each, vectors %d/%d bits", len(tr.Threads), tr.AtomThreads, calls, tr.VectorBits, tr.DstVectorBits)
}

// WriteText prints the result for a person: the case, each side's
// summary, thread 0's partitions and every property's verdict.
func (r *CheckResult) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "case:  %v\n", r.Case)
	fmt.Fprintf(w, "%s: %s\n", r.Source, describe(r.Trace))
	if r.Source != (Model{}).Name() {
		fmt.Fprintf(w, "model: %s\n", describe(r.Model))
	}
	if r.Trace.Rejected == "" && len(r.Trace.Threads) > 0 {
		th := r.Trace.Threads[0]
		fmt.Fprintf(w, "thread 0 partition_S (element@offset): %s\n", slots(th.Src))
		fmt.Fprintf(w, "thread 0 partition_D (element@offset): %s\n", slots(th.Dst))
	}
	for _, j := range r.Judged {
		switch {
		case j.Violation != nil:
			fmt.Fprintf(w, "FAIL  %s: %s\n", j.Prop.ID, j.Violation.Detail)
			fmt.Fprintf(w, "      property: %s\n", j.Prop.Doc)
		case j.Skipped != "":
			fmt.Fprintf(w, "n/a   %s: %s\n", j.Prop.ID, j.Skipped)
		default:
			fmt.Fprintf(w, "pass  %s\n", j.Prop.ID)
		}
	}
	_, err := fmt.Fprintf(w, "verdict: %s\n", map[bool]string{true: "fail", false: "pass"}[r.Failed()])
	return err
}

func slots(ss []tiledcopy.Slot) string {
	out := ""
	for i, s := range ss {
		if i == 16 {
			return out + fmt.Sprintf(" ... (%d in all)", len(ss))
		}
		if i > 0 {
			out += " "
		}
		out += fmt.Sprintf("%d@%d", s.Coord, s.Offset)
	}
	return out
}
