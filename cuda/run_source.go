package cuda

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// VariantSource is the compiled traces variant v (an index into
// Result.Variants) left in this run, as a props.Source: it answers a
// (configuration, program) the run ran on v with the traces Run recovered
// (ProgramRun.Compiled: nothing is built or run again), and any other with
// an *iterator.UnavailableError. It is how the judging layer hands a
// probe's traces to the sweep engine (package probe), judged like any source.
func (r *Result) VariantSource(v int) props.Source {
	s := &runSource{runs: map[pairKey]*ProgramRun{}}
	if v >= 0 && v < len(r.Variants) {
		s.name = "compiled:" + r.Variants[v].Label + "@" + r.Backend
	}
	for i := range r.Runs {
		if run := &r.Runs[i]; run.Variant == v {
			s.runs[pairKey{run.Config.String(), run.Program.String()}] = run
		}
	}
	return s
}

// pairKey names one (configuration, program) pair by their text.
type pairKey struct{ config, program string }

// runSource answers from one variant's program runs.
type runSource struct {
	name string
	runs map[pairKey]*ProgramRun
}

func (s *runSource) Name() string { return s.name }

// Traces answers each request from the run of its pair; a pair the run did
// not run on the variant is unavailable, and a thread it did not run is
// an error of that request.
func (s *runSource) Traces(reqs []props.Request) ([]props.Response, error) {
	out := make([]props.Response, len(reqs))
	for i := range reqs {
		q := &reqs[i]
		run, ok := s.runs[pairKey{q.Config.String(), q.Program.String()}]
		if !ok {
			out[i].Err = &iterator.UnavailableError{Path: q.Program.String(), Reason: "not run on compiled code by this probe"}
			continue
		}
		for _, t := range q.Threads {
			if t < 0 || t >= len(run.Compiled) {
				out[i].Err = fmt.Errorf("thread %d out of range", t)
				out[i].Traces = nil
				break
			}
			out[i].Traces = append(out[i].Traces, run.Compiled[t])
		}
	}
	return out, nil
}
