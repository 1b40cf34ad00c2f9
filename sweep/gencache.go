package sweep

import (
	"context"
	"sync"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// sharedGen lets the sweeps of one RunAll share what generate returns:
// every model of a class sweeps the same configurations, programs and
// random cases. Generating them once per class instead of once per model
// (twice with progress, which counts batches first) builds each class's
// enumeration once, not once per concurrent sweep: the exhaustive
// RegularTileIterator enumeration peaks near 200 MB while it is built, and
// RunAll runs three sweeps at once. The generations are kept until RunAll
// returns (about 60 MB for the exhaustive preset's four classes). What is
// shared is read only: batches copy the cases they judge.
type sharedGen struct {
	mu sync.Mutex
	m  map[genKey]*genOnce
}

// genKey is everything generate reads from Options, given cases aside
// (those are never shared).
type genKey struct {
	class    iterator.Class
	preset   gen.Preset
	seed     int64
	contract props.Contract
}

type genOnce struct {
	once sync.Once
	g    generated
	err  error
}

// generate is generate(ctx, opts), computed once per key (under the ctx of
// the first sweep to ask: RunAll's sweeps share one); a nil sharedGen
// computes it every time.
func (s *sharedGen) generate(ctx context.Context, opts Options) (generated, error) {
	if s == nil || opts.Cases != nil {
		return generate(ctx, opts)
	}
	k := genKey{opts.Class, opts.Preset, opts.Seed, opts.PtrContract}
	s.mu.Lock()
	if s.m == nil {
		s.m = map[genKey]*genOnce{}
	}
	e := s.m[k]
	if e == nil {
		e = &genOnce{}
		s.m[k] = e
	}
	s.mu.Unlock()
	e.once.Do(func() { e.g, e.err = generate(ctx, opts) })
	return e.g, e.err
}
