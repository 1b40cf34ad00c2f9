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

// generated is what a sweep judges: the valid configurations of the
// preset with its op programs, then the random cases. Cases are built per
// batch, so that even the exhaustive preset never holds them all.
type generated struct {
	configs  []props.Case // one per valid configuration: Config, Map, Threads
	progs    []iterator.Program
	random   []props.Case
	contract string
	valid    int
	invalid  int
}

func generate(opts Options) (generated, error) {
	cfgs, progs, err := enumerate(opts.Preset)
	if err != nil {
		return generated{}, err
	}
	g := generated{progs: progs, contract: opts.PtrContract}
	for _, cfg := range cfgs {
		m, err := iterator.Validate(cfg)
		if err != nil {
			g.invalid++
			continue
		}
		c := props.Case{Config: cfg, Map: m, Threads: sampleThreads(cfg.Threads), PtrContract: opts.PtrContract, First: true}
		c.Prepare()
		g.configs = append(g.configs, c)
	}
	g.random = randomCases(opts.Seed, presetSizes[opts.Preset].random, opts.PtrContract)
	g.valid = len(g.configs) + len(g.random)
	return g, nil
}

// batch is a run of configurations (each with every program) or of random
// cases.
type batch struct{ cfgLo, cfgHi, rndLo, rndHi int }

const configsPerBatch = 4

func (g generated) batches() []batch {
	var out []batch
	for lo := 0; lo < len(g.configs); lo += configsPerBatch {
		out = append(out, batch{cfgLo: lo, cfgHi: min(lo+configsPerBatch, len(g.configs))})
	}
	per := configsPerBatch * max(len(g.progs), 1)
	for lo := 0; lo < len(g.random); lo += per {
		out = append(out, batch{rndLo: lo, rndHi: min(lo+per, len(g.random))})
	}
	return out
}

// cases builds the cases of one batch, in a fixed order.
func (g generated) cases(b batch) []props.Case {
	out := make([]props.Case, 0, (b.cfgHi-b.cfgLo)*len(g.progs)+b.rndHi-b.rndLo)
	for _, base := range g.configs[b.cfgLo:b.cfgHi] {
		for i, p := range g.progs {
			c := base
			c.Program, c.First = p, i == 0
			out = append(out, c)
		}
	}
	return append(out, g.random[b.rndLo:b.rndHi]...)
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

// runGenerated judges the generated cases on src and every control, in
// parallel, and merges the batches' partial results in batch order, so that
// the report does not depend on the worker count. At most a few batches per
// worker are in flight, which bounds memory.
func runGenerated(opts Options, name string, src props.Source, gen generated) (*reports.Report, error) {
	ref := referenceSource()
	controls := props.ControlsFor(iterator.RegularTile, opts.PtrContract)
	ctrlSrcs := make([]props.Source, len(controls))
	for i, d := range controls {
		ctrlSrcs[i] = props.ModelSource(iterator.Control(d))
	}
	bs := gen.batches()
	ready := make([]chan batchResult, len(bs))
	for i := range ready {
		ready[i] = make(chan batchResult, 1)
	}
	tokens := make(chan struct{}, 4*opts.Workers)
	work := make(chan int)
	go func() {
		for b := range bs {
			tokens <- struct{}{}
			work <- b
		}
		close(work)
	}()
	var wg sync.WaitGroup
	for w := 0; w < opts.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				agg := newAggregate(name, opts, controls)
				err := runBatch(agg, src, ref, ctrlSrcs, gen.cases(bs[b]))
				ready[b] <- batchResult{agg: agg, err: err}
			}
		}()
	}
	total := newAggregate(name, opts, controls)
	var firstErr error
	for b := range bs {
		r := <-ready[b]
		<-tokens
		if r.err != nil && firstErr == nil {
			firstErr = r.err
		}
		if firstErr == nil {
			total.merge(r.agg)
		}
		if opts.Progress != nil {
			opts.Progress(b+1, len(bs))
		}
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	total.shrinkFailures(src, ref)
	return total.report(gen), nil
}

// batchResult is one batch's partial aggregate.
type batchResult struct {
	agg *aggregate
	err error
}

// runBatch judges one batch on the iterator and on every control into agg.
// The reference traces the oracle reads are the same for all of them, so
// they are fetched once (memoSource).
func runBatch(agg *aggregate, src, ref props.Source, ctrls []props.Source, cases []props.Case) error {
	ps := agg.opts.Properties
	memo := newMemoSource(ref)
	outs, err := props.Evaluate(ps, src, memo, cases)
	if err != nil {
		return err
	}
	agg.addOutcomes(cases, outs)
	for i, cs := range ctrls {
		couts, err := props.Evaluate(ps, cs, memo, cases)
		if err != nil {
			return err
		}
		for _, o := range couts {
			agg.checks += o.Checks
			for j := range ps {
				if len(o.Violations[j]) > 0 && !ps[j].AuditOnly {
					agg.kills[i][j] = true
				}
			}
		}
	}
	return nil
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
