package sweep

import (
	"errors"
	"slices"

	"github.com/tilecheck/tilecheck/engine"
)

// A sweep of given cases (Options.Cases) judges exactly the cases it is
// handed, in order, instead of a preset's enumeration and random phase.
// It is how a source that can answer only some cases is judged by the
// engine: the compiled probe's traces, which one build produced for a
// fixed list of (configuration, program) pairs (package probe). So nothing
// asks the source for another case: no shrinking and no exhibit (the
// counterexamples are the smallest given), and no coverage floors (no
// generator aimed the cases at a target).

// givenPerBatch is how many given cases one batch judges: enough that a
// batch's plan shares the traces of a configuration's programs.
const givenPerBatch = 32

// checkGiven reports an Observe without the Cases it indexes.
func checkGiven(o *Options) error {
	if o.Observe != nil && o.Cases == nil {
		return errors.New("sweep: Observe needs Cases (it is called with an index into them)")
	}
	return nil
}

// givenCases is what a sweep of given cases judges: the cases as given
// (each with its own PtrContract), prepared, as the one run of cases the
// batches split.
func givenCases(opts Options) generated {
	cases := slices.Clone(opts.Cases)
	for i := range cases {
		cases[i].Prepare()
	}
	return generated{random: cases, contract: opts.PtrContract, valid: len(cases), given: true}
}

// observe hands the outcomes of a batch of given cases, whose first is
// Cases[at], to Options.Observe.
func observe(opts *Options, at int, outs []engine.Outcome) {
	if opts.Observe == nil {
		return
	}
	for k := range outs {
		opts.Observe(at+k, outs[k])
	}
}
