// Package props holds tilecheck's properties: each one is a value
// that names the programs it needs and judges the traces they produce.
// Properties judge traces, never models: a trace comes from a Source, which is
// a Go model (ModelSource) or compiled C++ (the probe), and the property code
// cannot tell which. A property reads them through Traces (the answers a
// Reader lends it), so one can be written outside props too; the engine
// (package engine) plans, fetches and judges, and props never imports it.
package props

import (
	"github.com/tilecheck/tilecheck/iterator"
)

// Request asks a source for the traces of one op program on one
// configuration, for the listed threads.
type Request struct {
	Config  iterator.Config
	Program iterator.Program
	Threads []int
}

// Response answers one Request: one trace per requested thread, in the
// order of Request.Threads, or a per-request error such as
// *iterator.ConstraintError (invalid configuration) or
// *iterator.UnavailableError (a path the code under test does not have).
type Response struct {
	Traces []iterator.ThreadTrace
	Err    error
	// Shift is the compact form of Traces (nil: none), which are then nil
	// until asked for (CompactSource.TraceRequest); only a CompactSource
	// gives one, where the engine asked for it.
	Shift *iterator.ShiftTrace
}

// Source produces traces. Batching lets a compiled probe build one
// translation unit for many requests; a Go model answers them one by one.
// The error return is for the source as a whole failing (a compiler
// missing); per-request problems go in Response.Err. Traces only reads
// reqs: the engine hands it its own request list, not a copy.
type Source interface {
	Name() string
	Traces(reqs []Request) ([]Response, error)
}

// CompiledSource is a Source whose traces come from compiled code
// (cuda.Source is one; a Go model is not). It is the one seam through which
// a sweep learns what only compiled code has: the back end its report
// names, and the paths that did not compile, which the report lists with
// their diagnostics. A wrapper of a compiled source implements it by
// forwarding, so what it wraps stays visible.
type CompiledSource interface {
	Source
	// Backend names where the code runs: host or gpu.
	Backend() string
	// Uncompilable lists every path that did not compile in this source's
	// runs, each as "<path>: does not compile: <first diagnostic>".
	Uncompilable() []string
}

// BackendOf names where src's traces come from: a CompiledSource's back
// end, or "go" for anything else (a Go model, or no source at all).
func BackendOf(src Source) string {
	if c, ok := src.(CompiledSource); ok {
		return c.Backend()
	}
	return "go"
}

// ModelSource is the Source of a Go model.
func ModelSource(m iterator.Model) Source { return modelSource{m: m} }

// ModelSourceIn is the Source of a Go model whose traces are carved from
// arena: they are valid until the arena's next Reset, so the caller must
// be done with every outcome that refers to them by then. The list of
// responses is the source's own memory, reused by its next call.
func ModelSourceIn(m iterator.Model, arena *iterator.Arena) Source {
	return modelSource{m: m, arena: arena, resps: new([]Response)}
}

type modelSource struct {
	m     iterator.Model
	arena *iterator.Arena
	resps *[]Response // nil: a new list per call
}

func (s modelSource) Name() string { return s.m.Name() }

// CompactSource is a source that can answer a request with the compact
// form of its traces (iterator.ShiftTrace), and trace it in full later,
// when a judge asks for a thread's records: a Go model traced into an
// arena (ModelSourceIn). Most requests of a sweep are derived programs
// that only equivalences and unit probes read, and those judge most of
// them from the origins alone (shift.go).
type CompactSource interface {
	Source
	// CompactTraces is Traces of the requests reqs lists, with the
	// compact form of the k-th (Response.Shift, Traces nil) wherever
	// compact[k] and the model has one, and beside the records of the
	// others.
	CompactTraces(reqs RequestList, compact []bool) []Response
	// TraceRequest traces one request in full, as Traces would.
	TraceRequest(r *Request) ([]iterator.ThreadTrace, error)
}

// RequestList lists requests read in place (a list of Requests would
// copy each configuration): At gives the k-th request's configuration by
// address, unchanged until the call it was handed to returns.
type RequestList interface {
	Len() int
	At(k int) (cfg *iterator.Config, prog iterator.Program, threads []int)
}

// CompactTraces answers in compact form only where the source traces into
// an arena; otherwise it is Traces.
func (s modelSource) CompactTraces(reqs RequestList, compact []bool) []Response {
	if s.arena == nil {
		compact = nil
	}
	return s.answer(reqs.Len(), reqs.At, compact)
}

func (s modelSource) Traces(reqs []Request) ([]Response, error) {
	return s.answer(len(reqs), func(k int) (*iterator.Config, iterator.Program, []int) {
		r := &reqs[k] // not a copy of the request (its configuration) per request
		return &r.Config, r.Program, r.Threads
	}, nil), nil
}

// TraceRequest traces r in full.
func (s modelSource) TraceRequest(r *Request) ([]iterator.ThreadTrace, error) {
	return iterator.TraceThreadsIn(s.arena, s.m, r.Config, r.Program, r.Threads)
}

// answer traces the count requests req gives, or gives the compact form
// of request k where compact[k] (nil: none) and the model has one.
func (s modelSource) answer(count int, req func(k int) (*iterator.Config, iterator.Program, []int), compact []bool) []Response {
	var out []Response
	if s.resps != nil {
		out = resize(*s.resps, count)
		clear(out)
		*s.resps = out
	} else {
		out = make([]Response, count)
	}
	if s.arena != nil {
		// req gives each configuration by address, unchanged until the
		// loop is done.
		s.arena.Steady(true)
		defer s.arena.Steady(false)
	}
	for i := range count {
		cfg, prog, threads := req(i)
		if compact != nil {
			if compact[i] {
				if out[i].Shift = iterator.ShiftIn(s.arena, s.m, cfg, prog, threads); out[i].Shift != nil {
					continue
				}
			} else {
				// The records, and the compact form beside them: a
				// judge compares this program with compact ones.
				sh, trs, err := iterator.TraceShiftIn(s.arena, s.m, cfg, prog, threads)
				out[i].Traces, out[i].Err = trs, err
				if err == nil {
					out[i].Shift = sh
				}
				continue
			}
		}
		trs, err := iterator.TraceThreadsIn(s.arena, s.m, *cfg, prog, threads)
		if err != nil {
			out[i].Err = err
			continue
		}
		out[i].Traces = trs
	}
	return out
}
