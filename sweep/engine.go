// Package sweep generates cases (deterministic presets plus a rapid-driven
// random phase), judges them with every property on the iterator under
// test and on every control, in parallel, and fills a reports.Report:
// property outcomes with shrunk counterexamples, the kill matrix, coverage
// floors, inferred units and the precondition audit.
package sweep

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/reports"
)

// Options configures a sweep.
type Options struct {
	Iterator    string // a built-in model or control name
	Preset      string // quick (default), release or exhaustive
	Seed        int64  // drives the random phase
	Workers     int    // 0 means GOMAXPROCS
	PtrContract string // elements (default) or bytes: add_pointer_offset's documented unit
	Progress    func(done, total int)
	// Source replaces the Go model named by Iterator (a compiled probe);
	// nil means the Go model.
	Source props.Source
	// Properties replaces props.All() (tests use it to disable a check).
	Properties []props.Property
}

func (o *Options) defaults() error {
	if o.Preset == "" {
		o.Preset = "quick"
	}
	if _, ok := presetSizes[o.Preset]; !ok {
		return fmt.Errorf("unknown preset %q (want quick, release or exhaustive)", o.Preset)
	}
	switch o.PtrContract {
	case "":
		o.PtrContract = props.PtrElements
	case props.PtrElements, props.PtrBytes:
	default:
		return fmt.Errorf("unknown pointer-offset contract %q (want elements or bytes)", o.PtrContract)
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Properties == nil {
		o.Properties = props.All()
	}
	return nil
}

func referenceSource() props.Source {
	m, _ := iterator.ModelByName("reference")
	return props.ModelSource(m)
}

// generated is the case list of a sweep: enumerated then random, grouped so
// that the cases of one configuration are adjacent.
type generated struct {
	cases   []props.Case
	valid   int
	invalid int
}

func generate(opts Options) (generated, error) {
	cfgs, progs, err := enumerate(opts.Preset)
	if err != nil {
		return generated{}, err
	}
	var g generated
	for _, cfg := range cfgs {
		m, err := iterator.Validate(cfg)
		if err != nil {
			g.invalid++
			continue
		}
		g.valid++
		threads := sampleThreads(cfg.Threads)
		for i, p := range progs {
			c := props.Case{Config: cfg, Map: m, Program: p, Threads: threads,
				PtrContract: opts.PtrContract, First: i == 0}
			c.Prepare()
			g.cases = append(g.cases, c)
		}
	}
	rnd := randomCases(opts.Seed, presetSizes[opts.Preset].random, opts.PtrContract)
	g.valid += len(rnd)
	g.cases = append(g.cases, rnd...)
	return g, nil
}

// batchResult is what one batch of cases produced on the iterator and on
// every control.
type batchResult struct {
	outcomes []props.Outcome // iterator under test, per case
	killedBy [][]bool        // per control, per property
	checks   int64
	err      error
}

// batches splits the cases into runs of whole configurations.
func batches(cases []props.Case, perBatch int) [][2]int {
	var out [][2]int
	start, configs := 0, 0
	for i := 1; i <= len(cases); i++ {
		if i == len(cases) || cases[i].First {
			configs++
			if configs == perBatch || i == len(cases) {
				out = append(out, [2]int{start, i})
				start, configs = i, 0
			}
		}
	}
	return out
}

// Run sweeps one iterator.
func Run(opts Options) (*reports.Report, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	start := time.Now()
	src := opts.Source
	if src == nil {
		if opts.Iterator == "" {
			return nil, errors.New("no iterator given")
		}
		m, err := iterator.ModelByName(opts.Iterator)
		if err != nil {
			return nil, err
		}
		src = props.ModelSource(m)
	}
	name := opts.Iterator
	if name == "" {
		name = src.Name()
	}
	gen, err := generate(opts)
	if err != nil {
		return nil, err
	}
	rep, err := runGenerated(opts, name, src, gen)
	if err != nil {
		return nil, err
	}
	rep.ElapsedS = time.Since(start).Seconds()
	if rep.ElapsedS > 0 {
		rep.ChecksPerSecond = float64(rep.Checks) / rep.ElapsedS
	}
	return rep, nil
}

// runGenerated judges generated cases on src and every control, in
// parallel, and aggregates them in case order.
func runGenerated(opts Options, name string, src props.Source, gen generated) (*reports.Report, error) {
	ref := referenceSource()
	controls := props.ControlsFor(iterator.RegularTile, opts.PtrContract)
	ctrlSrcs := make([]props.Source, len(controls))
	for i, d := range controls {
		ctrlSrcs[i] = props.ModelSource(iterator.Control(d))
	}
	bs := batches(gen.cases, 4)
	results := make([]batchResult, len(bs))
	var mu sync.Mutex
	done := 0
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < opts.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				results[b] = runBatch(opts.Properties, src, ref, ctrlSrcs, gen.cases[bs[b][0]:bs[b][1]])
				if opts.Progress != nil {
					mu.Lock()
					done++
					opts.Progress(done, len(bs))
					mu.Unlock()
				}
			}
		}()
	}
	for b := range bs {
		work <- b
	}
	close(work)
	wg.Wait()
	for _, r := range results {
		if r.err != nil {
			return nil, r.err
		}
	}
	agg := newAggregate(name, opts, controls)
	for b, r := range results {
		agg.addBatch(gen.cases[bs[b][0]:bs[b][1]], r)
	}
	agg.shrinkFailures(src, ref)
	return agg.report(gen), nil
}

// runBatch judges one batch on the iterator and on every control. The
// reference traces the oracle reads are the same for all of them, so they
// are fetched once (memoSource).
func runBatch(ps []props.Property, src, ref props.Source, ctrls []props.Source, cases []props.Case) batchResult {
	memo := newMemoSource(ref)
	outs, err := props.Evaluate(ps, src, memo, cases)
	if err != nil {
		return batchResult{err: err}
	}
	r := batchResult{outcomes: outs, killedBy: make([][]bool, len(ctrls))}
	for _, o := range outs {
		r.checks += o.Checks
	}
	for i, cs := range ctrls {
		couts, err := props.Evaluate(ps, cs, memo, cases)
		if err != nil {
			return batchResult{err: err}
		}
		kills := make([]bool, len(ps))
		for _, o := range couts {
			r.checks += o.Checks
			for j := range ps {
				if len(o.Violations[j]) > 0 && !ps[j].AuditOnly {
					kills[j] = true
				}
			}
		}
		r.killedBy[i] = kills
	}
	return r
}

// RunAll sweeps every built-in model and returns the model × property matrix.
func RunAll(opts Options) (*reports.Matrix, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	m := &reports.Matrix{Preset: opts.Preset, Seed: opts.Seed}
	models := iterator.Builtins()
	for i, b := range models {
		o := opts
		o.Iterator, o.Source = b.Name(), nil
		if opts.Progress != nil {
			i := i
			o.Progress = func(done, total int) { opts.Progress(i*total+done, len(models)*total) }
		}
		r, err := Run(o)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b.Name(), err)
		}
		m.Reports = append(m.Reports, r)
	}
	return m, nil
}
