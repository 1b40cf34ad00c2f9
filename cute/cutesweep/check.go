package cutesweep

import (
	"context"
	"fmt"
	"io"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/laws"
)

// CheckResult is one case judged: the source's answer, the model's, and
// each law's verdict on them.
type CheckResult struct {
	Case          cute.Case
	Source        string
	Answer, Model cute.Answer
	Judged        []LawResult
}

// LawResult is one law's judgement of a case; Skipped says why it judged
// nothing.
type LawResult struct {
	Law       *laws.Property
	Violation *laws.Violation
	Skipped   string
}

// Failed says whether a law was violated.
func (r *CheckResult) Failed() bool {
	for _, j := range r.Judged {
		if j.Violation != nil {
			return true
		}
	}
	return false
}

// Check judges case c, answered by src, with every law of its operation
// (or only the law only), as a sweep would.
func Check(ctx context.Context, src Source, c cute.Case, only *laws.Property) (*CheckResult, error) {
	props := lawsFor(src, 1)
	if only != nil {
		if !only.Judges(c.Op) {
			return nil, fmt.Errorf("law %s does not judge %s", only.ID, c.Op)
		}
		props = []*laws.Property{only}
	}
	planned := plan(ctx, []cute.Case{c}, props, 1)
	model, err := ask(ctx, Model{}, planned)
	if err != nil {
		return nil, err
	}
	ans := model
	if _, isModel := src.(Model); !isModel {
		if ans, err = ask(ctx, src, planned); err != nil {
			return nil, err
		}
	}
	r := &CheckResult{Case: c, Source: src.Name(), Answer: ans.of(c), Model: model.of(c)}
	for _, p := range props {
		if !p.Judges(c.Op) {
			continue
		}
		v, applied := judge(p, c, ans, model, 1)
		res := LawResult{Law: p, Violation: v}
		if !applied {
			res.Skipped = "outside a documented precondition, or refused"
		}
		r.Judged = append(r.Judged, res)
	}
	return r, nil
}

// WriteText prints the result for a person.
func (r *CheckResult) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "case:  %v\n", r.Case)
	fmt.Fprintf(w, "%s: %s\n", r.Source, laws.Describe(r.Case.Op, r.Answer))
	if r.Source != (Model{}).Name() {
		fmt.Fprintf(w, "model: %s\n", laws.Describe(r.Case.Op, r.Model))
	}
	for _, j := range r.Judged {
		switch {
		case j.Violation != nil:
			fmt.Fprintf(w, "FAIL  %s: %s\n", j.Law.ID, j.Violation.Detail)
			fmt.Fprintf(w, "      law: %s\n", j.Law.Doc)
		case j.Skipped != "":
			fmt.Fprintf(w, "n/a   %s: %s\n", j.Law.ID, j.Skipped)
		default:
			fmt.Fprintf(w, "pass  %s\n", j.Law.ID)
		}
	}
	_, err := fmt.Fprintf(w, "verdict: %s\n", map[bool]string{true: "fail", false: "pass"}[r.Failed()])
	return err
}
