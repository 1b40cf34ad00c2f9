package cuda

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// Source is a props.Source whose traces come from compiled C++: one variant
// (a rendition, or a user's CUTLASS namespace) built and run by the probe.
// It is how a sweep judges compiled code: properties see traces
// and cannot tell this source from a Go model.
//
// Compiled traces carry every access address; they do not carry the int32
// overflows and bit truncations a Go model records (P-index, P-exact), which
// the C++ performs silently.
type Source struct {
	ctx     context.Context
	variant Variant
	opts    Options
	// Last is the result of the latest batch, for its accounting.
	Last *Result

	// scaleBatches: choose the number of translation units per call from
	// its size (NewBackendSource) instead of opts.Batches.
	scaleBatches bool

	mu sync.Mutex
	// uncompilable maps a (class, layout, path) to the first diagnostic
	// seen for it, in the order found.
	uncompilable      map[string]string
	uncompilableOrder []string
}

// NewSource answers requests by compiling and running variant.
func NewSource(ctx context.Context, variant Variant, opts Options) *Source {
	return &Source{ctx: ctx, variant: variant, opts: opts}
}

// Name names the compiled variant.
func (s *Source) Name() string { return "compiled:" + s.variant.Label() + "@" + s.opts.Backend }

// Backend is where the traces come from, host or gpu (the sweep report's
// backend field reads it).
func (s *Source) Backend() string { return s.opts.Backend }

// Traces builds one run for the whole batch: requests on the same
// configuration share one instantiation.
func (s *Source) Traces(reqs []props.Request) ([]props.Response, error) {
	out := make([]props.Response, len(reqs))
	type slot struct{ kase, prog int }
	where := make([]slot, len(reqs))
	byConfig := map[string]int{}
	var cases []Case
	progIndex := []map[string]int{}
	for i, r := range reqs {
		if _, err := iterator.Validate(r.Config); err != nil {
			out[i].Err = err
			where[i] = slot{-1, -1}
			continue
		}
		k := r.Config.String()
		c, ok := byConfig[k]
		if !ok {
			c = len(cases)
			byConfig[k] = c
			cases = append(cases, Case{Config: r.Config})
			progIndex = append(progIndex, map[string]int{})
		}
		ps := r.Program.String()
		p, ok := progIndex[c][ps]
		if !ok {
			p = len(cases[c].Programs)
			progIndex[c][ps] = p
			cases[c].Programs = append(cases[c].Programs, r.Program)
		}
		where[i] = slot{c, p}
	}
	if len(cases) == 0 {
		return out, nil
	}
	opts := s.opts
	opts.Variants = []Variant{s.variant}
	if s.scaleBatches {
		opts.Batches = batchesFor(len(cases), opts.Backend)
	}
	res, err := Run(s.ctx, cases, opts)
	s.mu.Lock()
	s.Last = res
	s.mu.Unlock()
	if err != nil && res == nil {
		return nil, err
	}
	if err != nil && res.Configs > 0 {
		return nil, err // a build or run failed: the source as a whole
	}
	skipped := map[string]string{}
	for _, sk := range res.Skipped {
		skipped[sk.Config] = sk.Reason
	}
	for i, r := range reqs {
		w := where[i]
		if w.kase < 0 {
			continue
		}
		if why, ok := skipped[r.Config.String()]; ok {
			out[i].Err = &iterator.UnavailableError{Path: skipPath(why), Reason: why, LeftOut: why == NotInUserNamespace || why == PTXOnly || strings.HasPrefix(why, LacksElement)}
			continue
		}
		threads, ok := res.compiled[traceKey{w.kase, 0, w.prog}]
		if !ok {
			out[i].Err = s.unavailable(r, res.whyUnavailable(w.kase, w.prog))
			continue
		}
		for _, t := range r.Threads {
			if t < 0 || t >= len(threads) {
				out[i].Err = fmt.Errorf("thread %d out of range", t)
				break
			}
			out[i].Traces = append(out[i].Traces, threads[t])
		}
	}
	return out, nil
}

// unavailable is the error of a request whose program did not run. A path
// that does not compile is named by (class, layout, path) and keeps the
// first diagnostic seen for it, so that the report lists it once.
func (s *Source) unavailable(r props.Request, why string) error {
	const prefix = "does not compile: "
	if strings.HasPrefix(why, "misaligned") {
		return &iterator.UnavailableError{Path: "compiled probe: misaligned vector access (would fault on the GPU)", Reason: why}
	}
	if !strings.HasPrefix(why, prefix) {
		return &iterator.UnavailableError{Path: r.Program.String(), Reason: "not run on compiled code: " + why}
	}
	path := pathOf(r.Config.Class.String(), r.Config.Layout.String(), r.Program.String())
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.uncompilable == nil {
		s.uncompilable = map[string]string{}
	}
	diag, seen := s.uncompilable[path]
	if !seen {
		diag = strings.TrimPrefix(why, prefix)
		s.uncompilable[path] = diag
		s.uncompilableOrder = append(s.uncompilableOrder, path)
	}
	return &iterator.UnavailableError{Path: path + ": does not compile", Reason: diag}
}

var _ props.Source = (*Source)(nil)

// A compiled source tells a sweep its back end and its uncompilable paths.
var _ props.CompiledSource = (*Source)(nil)
