package sweep

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// chunkBatches is how many engine batches (of configsPerBatch
// configurations each) are fetched from the compiled source in one call: the
// whole quick preset is one chunk, so all its translation units build in
// parallel at once; larger presets go chunk by chunk, which bounds memory.
var chunkBatches = 64 // a variable so that a test can make chunks small

// recordingSource answers from a Go model and files every distinct request
// under the chunk being recorded when it was first asked.
type recordingSource struct {
	inner   props.Source
	chunk   int
	chunkOf map[string]int
	chunks  [][]props.Request
}

func (r *recordingSource) Name() string { return r.inner.Name() }

func (r *recordingSource) Traces(reqs []props.Request) ([]props.Response, error) {
	for len(r.chunks) <= r.chunk {
		r.chunks = append(r.chunks, nil)
	}
	for _, q := range reqs {
		k := requestKey(q)
		if _, ok := r.chunkOf[k]; !ok {
			r.chunkOf[k] = r.chunk
			r.chunks[r.chunk] = append(r.chunks[r.chunk], q)
		}
	}
	return r.inner.Traces(reqs)
}

// prefetched answers the engine from the compiled source, fetching a whole
// chunk of requests in one call the first time one of them is asked. A
// request of no chunk (the random shrinker's new cases) is unavailable: a
// compiled sweep reports the smallest failing generated case in the
// preset's size order instead of building one program per shrink step.
type prefetched struct {
	inner     props.Source
	companion props.Source
	chunkOf   map[string]int
	chunks    [][]props.Request
	log       func(format string, args ...any)

	load     sync.Mutex // held while answering: loading compiles
	answers  map[string]props.Response
	loaded   []int        // chunks whose answers are held, oldest first
	ran      int          // requests the compiled source answered with traces
	imported map[int]bool // chunks already noted in the audit

	mu            sync.Mutex
	unjudged      []report.AuditEntry
	unjudgedCount int
	notRun        []report.AuditEntry
	notRunCount   int
	notRunArith   []report.AuditEntry
	notRunArithN  int
}

func (p *prefetched) Name() string { return p.inner.Name() }

// Backend forwards the back end of the source it wraps to the report
// ("go" for a Go model standing in for compiled code in tests).
func (p *prefetched) Backend() string { return props.BackendOf(p.inner) }

// Uncompilable forwards the wrapped source's uncompilable paths (none for
// a source that is not compiled).
func (p *prefetched) Uncompilable() []string {
	if c, ok := p.inner.(props.CompiledSource); ok {
		return c.Uncompilable()
	}
	return nil
}

// prefetched and companionSource stand for the compiled source they wrap.
var (
	_ props.CompiledSource = (*prefetched)(nil)
	_ props.CompiledSource = (*companionSource)(nil)
)

func (p *prefetched) Traces(reqs []props.Request) ([]props.Response, error) {
	p.load.Lock()
	defer p.load.Unlock()
	out := make([]props.Response, len(reqs))
	for i, r := range reqs {
		k := requestKey(r)
		c, ok := p.chunkOf[k]
		if !ok {
			out[i].Err = &iterator.UnavailableError{Path: "compiled probe: shrinking", Reason: "not a generated case of the preset"}
			continue
		}
		a, ok := p.answers[k]
		if !ok {
			if err := p.fetch(c); err != nil {
				return nil, err
			}
			a = p.answers[k]
		}
		out[i] = a
	}
	return out, nil
}

// fetch asks the compiled source for chunk c in one call, imports the
// companion's arithmetic, and drops the answers of chunks two behind (the
// engine works through batches in order, a few at a time).
func (p *prefetched) fetch(c int) error {
	reqs := p.chunks[c]
	if p.log != nil {
		p.log("fetching %d requests (chunk %d/%d) from %s", len(reqs), c+1, len(p.chunks), p.inner.Name())
	}
	t0 := time.Now()
	compiled, err := p.inner.Traces(reqs)
	if err != nil {
		return err
	}
	modelled, err := p.companion.Traces(reqs)
	if err != nil {
		return err
	}
	note := !p.imported[c]
	p.imported[c] = true
	for i, r := range reqs {
		p.answers[requestKey(r)] = importArithmetic(compiled[i], modelled[i], r, p, note)
		if note && compiled[i].Err == nil {
			p.ran++
		}
	}
	p.loaded = append(p.loaded, c)
	if len(p.loaded) > 2 {
		for _, r := range p.chunks[p.loaded[0]] {
			delete(p.answers, requestKey(r))
		}
		p.loaded = p.loaded[1:]
	}
	if p.log != nil {
		p.log("compiled traces of chunk %d ready in %.1fs", c+1, time.Since(t0).Seconds())
	}
	return nil
}

// importArithmetic gives a compiled answer the companion model's int32
// overflows and inexact conversions when every thread's accesses are the
// same as the companion's; otherwise it notes the case as not judged by
// P-index/P-exact.
func importArithmetic(compiled, companion props.Response, r props.Request, p *prefetched, note bool) props.Response {
	if compiled.Err != nil {
		var cu, mu *iterator.UnavailableError
		switch {
		case errors.As(compiled.Err, &cu) && cu.LeftOut:
			// The back end cannot have the configuration at all: that, not
			// a path the model also lacks, is why the case was not judged
			// (the coverage floors leave such cases out).
			if companion.Err == nil && note {
				p.noteNotRun(r, cu, companion)
			}
			return compiled
		case errors.As(compiled.Err, &cu) && errors.As(companion.Err, &mu):
			// The path does not exist in the modelled code either: report
			// it as the Go sweep does.
			return companion
		case errors.As(compiled.Err, &cu) && companion.Err == nil && note:
			p.noteNotRun(r, cu, companion)
		}
		return compiled
	}
	if why := sameAccesses(compiled.Traces, companion); why != "" {
		if note {
			p.noteUnjudged(r, why)
		}
		return compiled
	}
	out := props.Response{Traces: make([]iterator.ThreadTrace, len(compiled.Traces))}
	for t, ct := range compiled.Traces {
		gt := companion.Traces[t]
		ct.Overflows, ct.Inexact = gt.Overflows, gt.Inexact
		recs := make([]iterator.Record, len(ct.Records))
		for k, rec := range ct.Records {
			rec.Inexact = gt.Records[k].Inexact
			recs[k] = rec
		}
		ct.Records = recs
		out.Traces[t] = ct
	}
	return out
}

// sameAccesses says how the compiled traces differ from the companion's,
// or "" when they are the same access for access (an access the bytes did
// not show is the same where the companion explains it).
func sameAccesses(compiled []iterator.ThreadTrace, companion props.Response) string {
	if companion.Err != nil {
		return "the Go model has no such path: " + companion.Err.Error()
	}
	if len(compiled) != len(companion.Traces) {
		return fmt.Sprintf("%d threads compiled, %d modelled", len(compiled), len(companion.Traces))
	}
	for t, ct := range compiled {
		gt := companion.Traces[t]
		if len(ct.Records) != len(gt.Records) {
			return fmt.Sprintf("thread %d: %d records compiled, %d modelled", ct.Thread, len(ct.Records), len(gt.Records))
		}
		for k, rec := range ct.Records {
			g := gt.Records[k]
			if rec.Kind != g.Kind || len(rec.Addrs) != len(g.Addrs) {
				return fmt.Sprintf("thread %d op %d: compiled %s of %d accesses, modelled %s of %d", ct.Thread, rec.Op, rec.Kind, len(rec.Addrs), g.Kind, len(g.Addrs))
			}
			for a := range rec.Addrs {
				if !rec.Seen(a) {
					// No address to compare: the same access where the Go
					// model explains why the bytes did not show it.
					if !props.NotSeenExplained(&g, &rec, a) {
						return fmt.Sprintf("thread %d op %d access %d: not seen in the compiled bytes (%s), unexplained by the model", ct.Thread, rec.Op, a, props.EvidenceText(rec.Evidence[a]))
					}
					continue
				}
				if rec.Addrs[a] != g.Addrs[a] {
					return fmt.Sprintf("thread %d op %d access %d: compiled address %d, modelled %d", ct.Thread, rec.Op, a, rec.Addrs[a], g.Addrs[a])
				}
			}
		}
	}
	return ""
}

// notRunTopic is the audit topic of requests the Go model answers and the
// compiled source could not run (buffer beyond the probe's limit, no
// rendition, misaligned on the GPU, does not compile): no property judged
// them, so a property that the Go sweep fails only on such cases passes.
const notRunTopic = "compiled-not-run"

// notRunArithTopic singles out the not-run requests on which the Go model
// records int32 overflows or truncations: there the Go sweep's P-index or
// P-exact may fail while the compiled sweep cannot judge them.
const notRunArithTopic = "compiled-not-run-arith"

func (p *prefetched) noteNotRun(r props.Request, ue *iterator.UnavailableError, companion props.Response) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, t := range companion.Traces {
		if len(t.Overflows) == 0 && len(t.Inexact) == 0 {
			continue
		}
		p.notRunArithN++
		if len(p.notRunArith) < auditExamples {
			what := fmt.Sprint(t.Inexact)
			if len(t.Overflows) > 0 {
				what = t.Overflows[0].String()
			}
			p.notRunArith = append(p.notRunArith, report.AuditEntry{Topic: notRunArithTopic, Config: r.Config.String(),
				Detail: fmt.Sprintf("ops %s, thread %d: the Go model records %s, but the case did not run on compiled code (%s): P-index/P-exact not judged here", r.Program, t.Thread, what, ue.Reason)})
		}
		break
	}
	p.notRunCount++
	if len(p.notRun) < auditExamples {
		p.notRun = append(p.notRun, report.AuditEntry{Topic: notRunTopic, Config: r.Config.String(),
			Detail: fmt.Sprintf("ops %s: not run on compiled code (%s); no property judged it", r.Program, ue.Reason)})
	}
}

func (p *prefetched) noteUnjudged(r props.Request, why string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.unjudgedCount++
	if len(p.unjudged) < auditExamples {
		p.unjudged = append(p.unjudged, report.AuditEntry{Topic: unjudgedTopic, Config: r.Config.String(),
			Detail: fmt.Sprintf("ops %s: %s, so P-index/P-exact could not be judged for this case (the compiled code's int32 overflows and truncations are not observable)", r.Program, why)})
	}
}

// WithCompanion wraps a compiled source so that its answers carry the
// companion Go model's overflows and inexact conversions wherever the
// addresses agree (the rule RunCompiled applies; tilecheck check --backend
// uses it so that a replay judges P-index/P-exact as the sweep did).
func WithCompanion(src props.Source, companion string) (props.Source, error) {
	m, err := iterator.ModelByName(companion)
	if err != nil {
		return nil, fmt.Errorf("companion model: %w", err)
	}
	return &companionSource{prefetched: prefetched{inner: src}, model: props.ModelSource(m)}, nil
}

type companionSource struct {
	prefetched
	model props.Source
}

func (c *companionSource) Traces(reqs []props.Request) ([]props.Response, error) {
	compiled, err := c.inner.Traces(reqs)
	if err != nil {
		return nil, err
	}
	modelled, err := c.model.Traces(reqs)
	if err != nil {
		return nil, err
	}
	for i := range compiled {
		compiled[i] = importArithmetic(compiled[i], modelled[i], reqs[i], &c.prefetched, true)
	}
	return compiled, nil
}
