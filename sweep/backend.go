package sweep

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// CompiledOptions configure a sweep of compiled code (tilecheck sweep
// --backend host|gpu). The properties, controls, coverage floors
// and verdict rules are the Go sweep's; only the iterator's traces come
// from Source, and P-companion holds them to the companion Go model.
//
// What runs where: the iterator under test is compiled (Source); P-oracle's
// oracle is the Go reference model; the controls are the Go controls on the
// same generated cases (they prove the properties' power on the generator,
// which is the same whatever the back end).
type CompiledOptions struct {
	Options // Source is required; Iterator names the report
	// Companion is the Go model of the same code (the built-in of the same
	// name, or --iterator for a user's header). Where the compiled addresses
	// of a request equal the companion's access for access, the companion's
	// int32 overflows and inexact conversions (which compiled code performs
	// silently) are imported into the compiled trace, so P-index and P-exact
	// judge them; where they differ, the case is listed in the audit as not
	// judged by P-index/P-exact.
	Companion string
	// ReplayFlags are the check flags of every counterexample's replay
	// (report.Replay.Flags), so that it rebuilds and runs the same
	// compiled case.
	ReplayFlags string
	// Keep, when set, restricts the sweep to the generated configurations it
	// keeps and drops the random phase (tests' dedicated case lists).
	Keep func(iterator.Config) bool
	// Log receives progress lines of the prefetch phase.
	Log func(format string, args ...any)
}

// unjudgedTopic is the audit topic of compiled cases whose addresses differ
// from the companion model's, so that P-index/P-exact could not be judged.
const unjudgedTopic = "compiled-arith-unjudged"

// RunCompiled sweeps compiled code. Every request of the preset is fetched
// from the source in one call before judging, so that a compiled source
// builds all its translation units in parallel, once. ctx stops the sweep
// as it stops Run's.
func RunCompiled(ctx context.Context, opts CompiledOptions) (*report.Report, error) {
	if opts.Source == nil {
		return nil, errors.New("a compiled sweep needs a source")
	}
	if err := opts.Options.defaults(); err != nil {
		return nil, err
	}
	start := time.Now()
	companion, err := iterator.ModelByName(opts.Companion)
	if err != nil {
		return nil, fmt.Errorf("companion model: %w", err)
	}
	gen, err := generate(ctx, opts.Options)
	if err != nil {
		return nil, err
	}
	if opts.Keep != nil {
		gen = gen.keep(opts.Keep)
	}
	logf := func(format string, args ...any) {
		if opts.Log != nil {
			opts.Log(format, args...)
		}
	}
	// The requests a property evaluation makes depend only on the cases,
	// so a pass on the companion model lists them, chunk by chunk of
	// batches in the engine's order.
	rec := &recordingSource{inner: props.ModelSource(companion), chunkOf: map[string]int{}}
	ref := referenceSource()
	for bi, b := range gen.batches() {
		rec.chunk = bi / chunkBatches
		if _, err := engine.Evaluate(opts.Properties, rec, ref, gen.cases(b)); err != nil {
			return nil, err
		}
	}
	logf("%d requests in %d chunks for %s", len(rec.chunkOf), len(rec.chunks), opts.Source.Name())
	pre := &prefetched{inner: opts.Source, companion: props.ModelSource(companion), chunkOf: rec.chunkOf, chunks: rec.chunks,
		answers: map[string]props.Response{}, imported: map[int]bool{}, log: logf}
	name := opts.Iterator
	if name == "" {
		name = opts.Source.Name()
	}
	o := opts.Options
	o.Source = pre
	// P-companion: the compiled accesses equal the companion model's. The
	// Go sweep does not judge it (a model is its own companion).
	o.Properties = append(slices.Clip(o.Properties), props.Companion(props.ModelSource(companion)))
	rep, err := runGenerated(ctx, o, name, pre, gen)
	if err != nil {
		return nil, err
	}
	if pre.ran == 0 && rep.Interrupted == "" {
		// Nothing was judged: a pass would say nothing about the code.
		return nil, fmt.Errorf("the compiled code ran none of the preset's cases (%s)", strings.Join(rep.Unavailable, "; "))
	}
	finishCompiledReport(rep, opts, pre)
	rep.ElapsedS = time.Since(start).Seconds()
	if rep.ElapsedS > 0 {
		rep.ChecksPerSecond = float64(rep.Checks) / rep.ElapsedS
	}
	return rep, nil
}

// keep restricts the generated cases to the configurations keep accepts.
func (g generated) keep(keep func(iterator.Config) bool) generated {
	var kept []iterator.Config
	for _, c := range g.configs {
		if keep(c) {
			kept = append(kept, c)
		}
	}
	g.configs, g.random = kept, nil
	g.valid = len(kept)
	return g
}

// finishCompiledReport adds what only a compiled sweep knows: the paths
// that do not compile (with their first diagnostic), the cases whose
// arithmetic could not be judged, and the back end in every replay command.
func finishCompiledReport(rep *report.Report, opts CompiledOptions, pre *prefetched) {
	if c, ok := opts.Source.(props.CompiledSource); ok {
		listed := map[string]bool{}
		for _, u := range rep.Unavailable {
			listed[u] = true
		}
		for _, u := range c.Uncompilable() {
			// The engine lists the path without its diagnostic; replace it.
			short := u[:strings.Index(u, ": does not compile")] + ": does not compile"
			delete(listed, short)
			listed[u] = true
		}
		rep.Unavailable = rep.Unavailable[:0]
		for u := range listed {
			rep.Unavailable = append(rep.Unavailable, u)
		}
		sort.Strings(rep.Unavailable)
	}
	for _, group := range []struct {
		entries []report.AuditEntry
		count   int
	}{{pre.notRun, pre.notRunCount}, {pre.notRunArith, pre.notRunArithN}, {pre.unjudged, pre.unjudgedCount}} {
		for i, e := range group.entries {
			if i == 0 {
				e.Count = group.count
			}
			rep.Audit = append(rep.Audit, e)
		}
	}
	for i := range rep.Properties {
		if ce := rep.Properties[i].Counterexample; ce != nil {
			ce.Replay.Flags = opts.ReplayFlags
		}
	}
}

// RunAllCompiled sweeps the compiled rendition of every built-in model,
// each with its own Go model as companion; sourceFor builds the source of
// one model and replayFlags the check flags of its replays. ctx stops the
// sweeps as it stops Run's.
func RunAllCompiled(ctx context.Context, opts CompiledOptions, sourceFor func(model string) (props.Source, error)) (*report.Matrix, error) {
	if err := opts.Options.defaults(); err != nil {
		return nil, err
	}
	m := &report.Matrix{Preset: string(opts.Preset), Seed: opts.Seed}
	models := iterator.Builtins()
	for i, b := range models {
		src, err := sourceFor(b.Name())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b.Name(), err)
		}
		o := opts
		o.Iterator, o.Source, o.Companion = b.Name(), src, b.Name()
		if opts.Progress != nil {
			i := i
			o.Progress = func(done, total int) { opts.Progress(i*total+done, len(models)*total) }
		}
		r, err := RunCompiled(ctx, o)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b.Name(), err)
		}
		m.Reports = append(m.Reports, r)
	}
	return m, nil
}

// companionProperty is P-companion against the Go model named name.
func companionProperty(name string) (props.Property, error) {
	m, err := iterator.ModelByName(name)
	if err != nil {
		return props.Property{}, fmt.Errorf("companion model: %w", err)
	}
	return props.Companion(props.ModelSource(m)), nil
}
