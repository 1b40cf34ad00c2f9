package sweep

import (
	"context"
	"fmt"
	"sync"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// judgeBatches judges the batches of opts.Shard (all of them unsharded)
// and returns their merged aggregate. When opts.Context is cancelled it
// stops handing out batches and returns the batches merged so far, in
// order, with interrupted saying how far it got.
func judgeBatches(opts Options, name string, src props.Source, gen generated) (total *aggregate, interrupted string, err error) {
	ctx := opts.Context
	if ctx == nil {
		ctx = context.Background()
	}
	// stop ends the producer when the merge below stops early (an error or
	// an interruption), so that no worker waits for a batch forever.
	stopCtx, stop := context.WithCancel(ctx)
	defer stop()
	controls := props.ControlsFor(opts.Class, opts.PtrContract)
	if opts.KillOnly {
		controls = nil
	}
	ctrlModels := make([]iterator.Model, len(controls))
	for i, d := range controls {
		ctrlModels[i] = iterator.Control(d)
	}
	all := gen.batches()
	lo, hi := opts.Shard.span(len(all))
	bs := all[lo:hi]
	ready := make([]chan batchResult, len(bs))
	for i := range ready {
		ready[i] = make(chan batchResult, 1)
	}
	tokens := make(chan struct{}, 4*opts.Workers)
	work := make(chan int)
	go func() {
		defer close(work)
		for b := range bs {
			select {
			case tokens <- struct{}{}:
			case <-stopCtx.Done():
				return
			}
			select {
			case work <- b:
			case <-stopCtx.Done():
				return
			}
		}
	}()
	// A sweep of the reference model itself has judged the reference on
	// each batch's plan: a control takes that judgement where it answers
	// as the reference does (engine.Shortcut).
	m, ok := goModel(opts)
	viaRef := ok && m == iterator.Control("")
	first := newFirstKills(len(controls), len(opts.Properties))
	if opts.fullControls {
		first = nil
	}
	var wg sync.WaitGroup
	for w := 0; w < opts.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			arena := &iterator.Arena{} // the controls' traces, reused batch after batch
			ctrls := make([]props.Source, len(ctrlModels))
			for i, cm := range ctrlModels {
				ctrls[i] = props.ModelSourceIn(cm, arena)
			}
			w := newWorkerSources(opts, src)
			var cases []props.Case // the batch's, reused batch after batch
			for b := range work {
				agg := newAggregate(name, opts, controls)
				w.reset()
				clear(cases)
				cases = gen.appendCases(cases[:0], bs[b])
				err := guard(func() error {
					return runBatch(agg, w, ctrls, arena, cases, lo+b, bs[b].rndLo, first, viaRef)
				})
				ready[b] <- batchResult{agg: agg, err: err}
			}
		}()
	}
	total = newAggregate(name, opts, controls)
	var firstErr error
	merged := 0
	for b := range bs {
		var r batchResult
		select {
		case r = <-ready[b]:
			<-tokens
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			// A batch that failed because the run was stopped (a compiler
			// killed) is part of the interruption, not an error.
			break
		}
		if r.err != nil {
			firstErr = r.err
			break
		}
		total.merge(r.agg)
		merged++
		if opts.Progress != nil {
			opts.Progress(b+1, len(bs))
		}
	}
	stop()
	wg.Wait() // in-flight batches end (their compilers killed) before the report
	if firstErr != nil {
		return nil, "", firstErr
	}
	if merged < len(bs) {
		interrupted = fmt.Sprintf("stopped after %d of %d batches", merged, len(bs))
	}
	return total, interrupted, nil
}

// markInterrupted marks a report cut short: a property that failed on the
// batches judged still failed, but nothing else can be concluded, so the
// verdict is "interrupted" instead of a pass or weak.
func markInterrupted(rep *report.Report, how string) {
	if how == "" {
		return
	}
	rep.Interrupted = how + " (interrupted; counterexamples not shrunk)"
	if rep.Verdict != report.Fail {
		rep.Verdict = report.Interrupted
	}
}

// InternalError is a panic in the engine or a model, turned into an error:
// a bug in tilecheck, never a problem with the user's input.
type InternalError struct{ Value any }

func (e *InternalError) Error() string { return fmt.Sprintf("internal error: %v", e.Value) }

// guard runs f and turns a panic into an *InternalError, so that a bug on
// a worker goroutine reaches the command as an error instead of killing
// the process with a stack trace.
func guard(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &InternalError{Value: p}
		}
	}()
	return f()
}

// batchCount is the number of batches a sweep with opts judges (its shard's
// part), or 0 when it cannot be generated (the sweep will say why).
func batchCount(opts Options) int {
	if err := opts.defaults(); err != nil {
		return 0
	}
	gen, err := opts.shared.generate(opts)
	if err != nil {
		return 0
	}
	lo, hi := opts.Shard.span(len(gen.batches()))
	return hi - lo
}

// workerSources are one worker's sources of the iterator under test and of
// the reference, and its plan. Where they are Go models, their traces are carved from
// arenas the worker keeps, reset before each batch: a batch's outcomes are
// read (and the counterexamples kept copied, aggregate.offer) before the
// next batch starts. A compiled source answers as it always does.
type workerSources struct {
	src, ref           props.Source
	srcArena, refArena *iterator.Arena
	plan               *engine.Plan // replanned batch after batch
	// refMain is the reference traced on the iterator's requests, for the
	// controls' shortcut (engine.Plan.ReferenceKills): its own arena and
	// answer list, so that the batch's oracle answers (ref's) stay valid.
	refMain      props.Source
	refMainArena *iterator.Arena
}

func newWorkerSources(opts Options, src props.Source) *workerSources {
	w := &workerSources{src: src, refArena: &iterator.Arena{}, refMainArena: &iterator.Arena{}, plan: new(engine.Plan).ReuseOutcomes()}
	if m, ok := goModel(opts); ok {
		w.srcArena = &iterator.Arena{}
		w.src = props.ModelSourceIn(m, w.srcArena)
	}
	refModel, _ := iterator.ModelByName("reference")
	w.ref = props.ModelSourceIn(refModel, w.refArena)
	w.refMain = props.ModelSourceIn(refModel, w.refMainArena)
	return w
}

// reset makes the arenas' memory reusable for the next batch.
func (w *workerSources) reset() {
	w.srcArena.Reset()
	w.refArena.Reset()
	w.refMainArena.Reset()
}

// goModel is the Go model a sweep judges when no source replaces it.
func goModel(opts Options) (iterator.Model, bool) {
	if opts.Source != nil || opts.Iterator == "" {
		return nil, false
	}
	m, err := iterator.ModelByName(opts.Iterator)
	return m, err == nil
}
