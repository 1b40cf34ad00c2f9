package diff

import (
	"github.com/tilecheck/tilecheck/cuda"
)

// CompiledSide is the side a compiled run of one iterator under test left
// (variant v of res): its compiled traces, pair by pair, and what it
// could not run (configurations the run skipped, paths that did not
// compile).
func CompiledSide(label string, res *cuda.Result, v int) Side {
	s := Side{Label: label, Compiled: true}
	for _, run := range res.Runs {
		if run.Variant == v {
			s.Runs = append(s.Runs, Run{Config: run.Config, Program: run.Program, Traces: run.Compiled})
		}
	}
	for _, sk := range res.Skipped {
		s.Left = append(s.Left, Left{Config: sk.Config, Reason: sk.Reason})
	}
	for _, u := range res.Uncompilable {
		s.Left = append(s.Left, Left{Reason: u})
	}
	return s
}

// PairsOf are the (configuration, program) pairs runs ran, in order.
func PairsOf(runs []Run) []Pair {
	out := make([]Pair, len(runs))
	for i, r := range runs {
		out[i] = Pair{Config: r.Config, Program: r.Program}
	}
	return out
}

// PairsOfCases are every (configuration, program) pair of cases, in order.
func PairsOfCases(cases []cuda.Case) []Pair {
	var out []Pair
	for _, c := range cases {
		for _, p := range c.Programs {
			out = append(out, Pair{Config: c.Config, Program: p})
		}
	}
	return out
}
