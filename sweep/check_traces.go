package sweep

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// CheckTraces traces thread on the case opts names, on the source judged
// (opts.Source, else the Go model opts.Iterator) and on the reference, so
// that a counterexample can be drawn path by path.
func CheckTraces(opts CheckOptions, thread int) (got, ref iterator.ThreadTrace, err error) {
	src := opts.Source
	if src == nil {
		m, err := iterator.ModelByName(opts.Iterator)
		if err != nil {
			return got, ref, err
		}
		src = props.ModelSource(m)
	}
	if thread < 0 || thread >= opts.Config.Threads {
		return got, ref, fmt.Errorf("thread %d out of range: the thread map has threads 0..%d", thread, opts.Config.Threads-1)
	}
	one := func(s props.Source) (iterator.ThreadTrace, error) {
		resp, err := s.Traces([]props.Request{{Config: opts.Config, Program: opts.Program, Threads: []int{thread}}})
		switch {
		case err != nil:
			return iterator.ThreadTrace{}, err
		case len(resp) != 1:
			return iterator.ThreadTrace{}, fmt.Errorf("%s answered %d requests, want 1", s.Name(), len(resp))
		case resp[0].Err != nil:
			return iterator.ThreadTrace{}, fmt.Errorf("%s: %w", s.Name(), resp[0].Err)
		case len(resp[0].Traces) != 1:
			return iterator.ThreadTrace{}, fmt.Errorf("%s answered %d threads, want 1", s.Name(), len(resp[0].Traces))
		}
		return resp[0].Traces[0], nil
	}
	if got, err = one(src); err != nil {
		return got, ref, err
	}
	ref, err = one(referenceSource())
	return got, ref, err
}

// ReplayTraces traces a counterexample's thread again from its replay, on
// the Go model the replay names and on the reference, so that its picture
// can draw every path. A replay of compiled code (back end flags, which
// would build again) or of every thread is refused.
func ReplayTraces(r report.Replay) (got, ref iterator.ThreadTrace, err error) {
	switch {
	case r.Flags != "" || r.Command != "":
		return got, ref, fmt.Errorf("replay %s: not a built-in Go model's", r)
	case r.Thread < 0:
		return got, ref, fmt.Errorf("replay %s: no one thread to trace", r)
	}
	opts, err := ReplayCheck(r, nil)
	if err != nil {
		return got, ref, err
	}
	return CheckTraces(opts, r.Thread)
}
