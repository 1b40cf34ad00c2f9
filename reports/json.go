package reports

import (
	"encoding/json"
	"io"

	"github.com/tilecheck/tilecheck/report"
)

// JSON writes one iterator's report with the fields of its JSON contract, indented,
// with a trailing newline. Empty lists are written as [] rather than null so
// that scripts can iterate without checking.
func JSON(w io.Writer, r *report.Report) error { return writeJSON(w, normalized(r)) }

// JSONMatrix writes a sweep over several iterators: preset, seed and every
// model's full report.
func JSONMatrix(w io.Writer, m *report.Matrix) error {
	out := *m
	out.Reports = make([]*report.Report, len(m.Reports))
	for i, r := range m.Reports {
		out.Reports[i] = normalized(r)
	}
	return writeJSON(w, &out)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	// Details such as "L < Sc" should read as written, not as \u003c.
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// normalized returns a copy of r whose required lists are non-nil.
func normalized(r *report.Report) *report.Report {
	out := *r
	out.Properties = nonNil(r.Properties)
	for i, p := range out.Properties {
		if p.Counterexample != nil {
			cx := *p.Counterexample
			cx.Expected, cx.Actual = nonNil(cx.Expected), nonNil(cx.Actual)
			p.Counterexample = &cx
		}
		out.Properties[i] = p
	}
	out.Controls = nonNil(r.Controls)
	for i, c := range out.Controls {
		c.KilledBy = nonNil(c.KilledBy)
		out.Controls[i] = c
	}
	out.Coverage = nonNil(r.Coverage)
	out.Units = nonNil(r.Units)
	return &out
}

// nonNil returns a copy of s, empty rather than nil; copying keeps the
// caller's report untouched by normalisation.
func nonNil[T any](s []T) []T {
	return append(make([]T, 0, len(s)), s...)
}
