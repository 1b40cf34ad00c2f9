package sweep

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// CheckOptions names one case to judge (tilecheck check, the replay command
// of every counterexample).
type CheckOptions struct {
	Iterator    string
	Config      iterator.Config
	Program     iterator.Program
	Property    string // "" judges every property
	Thread      int    // -1 judges every thread
	PtrContract string // elements (default) or bytes
	Source      props.Source
}

// Check judges one case and returns one result per property judged.
func Check(opts CheckOptions) ([]props.Result, error) {
	src := opts.Source
	if src == nil {
		m, err := iterator.ModelByName(opts.Iterator)
		if err != nil {
			return nil, err
		}
		src = props.ModelSource(m)
	}
	ps := props.ForClass(opts.Config.Class)
	if opts.Property != "" {
		p, err := props.ByID(opts.Property)
		if err != nil {
			return nil, err
		}
		ps = []props.Property{p}
	}
	var threads []int
	if opts.Thread >= 0 {
		if opts.Thread >= opts.Config.Threads {
			return nil, fmt.Errorf("thread %d out of range: the thread map has threads 0..%d", opts.Thread, opts.Config.Threads-1)
		}
		threads = []int{opts.Thread}
	}
	c, err := props.NewCase(opts.Config, opts.Program, threads)
	if err != nil {
		return nil, err
	}
	switch opts.PtrContract {
	case "", props.PtrElements, props.PtrBytes:
		c.PtrContract = opts.PtrContract
	default:
		return nil, fmt.Errorf("unknown pointer-offset contract %q (want elements or bytes)", opts.PtrContract)
	}
	res, _, err := props.Check(ps, src, referenceSource(), c)
	return res, err
}
