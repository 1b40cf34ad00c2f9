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
// and returns their merged aggregate. When ctx is cancelled it stops
// handing out batches and returns the batches merged so far, in order, with
// interrupted saying how far it got.
func judgeBatches(ctx context.Context, opts Options, name string, src props.Source, gen generated) (total *aggregate, interrupted string, err error) {
	// stop ends the producer when the merge below stops early (an error or
	// an interruption), so that no worker waits for a batch forever.
	stopCtx, stop := context.WithCancel(ctx)
	defer stop()
	j := newBatchJudge(opts, name, src, gen)
	work := j.handOut(stopCtx)
	var wg sync.WaitGroup
	j.startWorkers(&wg, work)
	total, merged, err := j.mergeInOrder(ctx)
	stop()
	wg.Wait() // in-flight batches end (their compilers killed) before the report
	if err != nil {
		return nil, "", err
	}
	if merged < len(j.batches) {
		interrupted = fmt.Sprintf("stopped after %d of %d batches", merged, len(j.batches))
	}
	return total, interrupted, nil
}

// batchJudge is what one judgeBatches call's producer, workers and merge
// share: the batches of its shard, the channel each batch's result arrives
// on, and the tokens that bound how many batches are in flight.
type batchJudge struct {
	opts     Options
	name     string
	src      props.Source
	gen      generated
	controls []iterator.Defect // none with KillOnly
	batches  []batch
	lo       int // the index of batches[0] among the sweep's batches
	ready    []chan batchResult
	tokens   chan struct{}
}

// newBatchJudge takes the batches of opts.Shard and the controls judged on
// them (none with KillOnly), each batch with a ready channel of its own.
func newBatchJudge(opts Options, name string, src props.Source, gen generated) *batchJudge {
	controls := props.ControlsFor(opts.Class, opts.PtrContract)
	if opts.KillOnly {
		controls = nil
	}
	all := gen.batches()
	lo, hi := opts.Shard.span(len(all))
	j := &batchJudge{opts: opts, name: name, src: src, gen: gen, controls: controls, batches: all[lo:hi], lo: lo,
		tokens: make(chan struct{}, 4*opts.Workers)}
	j.ready = make([]chan batchResult, len(j.batches))
	for i := range j.ready {
		j.ready[i] = make(chan batchResult, 1)
	}
	return j
}

// handOut sends the batches' indices in order, each once a token is free
// (mergeInOrder frees one per batch merged), and closes the channel after
// the last or when stop is done.
func (j *batchJudge) handOut(stop context.Context) <-chan int {
	work := make(chan int)
	go func() {
		defer close(work)
		for b := range j.batches {
			select {
			case j.tokens <- struct{}{}:
			case <-stop.Done():
				return
			}
			select {
			case work <- b:
			case <-stop.Done():
				return
			}
		}
	}()
	return work
}

// startWorkers starts opts.Workers goroutines, added to wg, that judge the
// batches work hands them.
func (j *batchJudge) startWorkers(wg *sync.WaitGroup, work <-chan int) {
	ctrlModels := make([]iterator.Model, len(j.controls))
	for i, d := range j.controls {
		ctrlModels[i] = iterator.Control(d)
	}
	// A sweep of the reference model itself has judged the reference on
	// each batch's plan: a control takes that judgement where it answers
	// as the reference does (engine.Shortcut).
	m, ok := goModel(j.opts)
	viaRef := ok && m == iterator.Control("")
	first := newFirstKills(len(j.controls), len(j.opts.Properties))
	if j.opts.fullControls {
		first = nil
	}
	for w := 0; w < j.opts.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j.judgeEach(work, ctrlModels, first, viaRef)
		}()
	}
}

// judgeEach is one worker: it judges each batch work hands it into a
// partial aggregate (a panic turned into its error) and delivers it on the
// batch's ready channel. The controls' traces, the sources' arenas and the
// case list are its own, reused batch after batch.
func (j *batchJudge) judgeEach(work <-chan int, ctrlModels []iterator.Model, first *firstKills, viaRef bool) {
	arena := &iterator.Arena{} // the controls' traces
	ctrls := make([]props.Source, len(ctrlModels))
	for i, cm := range ctrlModels {
		ctrls[i] = props.ModelSourceIn(cm, arena)
	}
	w := newWorkerSources(j.opts, j.src)
	var cases []props.Case
	for b := range work {
		agg := newAggregate(j.name, j.opts, j.controls)
		w.reset()
		clear(cases)
		cases = j.gen.appendCases(cases[:0], j.batches[b])
		err := guard(func() error {
			return runBatch(agg, w, ctrls, arena, cases, j.lo+b, j.batches[b].rndLo, first, viaRef)
		})
		j.ready[b] <- batchResult{agg: agg, err: err}
	}
}

// mergeInOrder merges the batches' results in batch order, so that the
// aggregate does not depend on the worker count, reporting progress after
// each. It stops at the first batch's error, or when ctx is done (a batch
// that failed because the run was stopped, a compiler killed, is part of
// the interruption, not an error), and returns how many batches it merged.
func (j *batchJudge) mergeInOrder(ctx context.Context) (total *aggregate, merged int, err error) {
	total = newAggregate(j.name, j.opts, j.controls)
	for b := range j.batches {
		var r batchResult
		select {
		case r = <-j.ready[b]:
			<-j.tokens
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		if r.err != nil {
			return total, merged, r.err
		}
		total.merge(r.agg)
		merged++
		if j.opts.Progress != nil {
			j.opts.Progress(b+1, len(j.batches))
		}
	}
	return total, merged, nil
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
func batchCount(ctx context.Context, opts Options) int {
	if err := opts.defaults(); err != nil {
		return 0
	}
	gen, err := opts.shared.generate(ctx, opts)
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
