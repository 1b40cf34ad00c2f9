// Package copysweep is the TiledCopy engine: it draws cases, asks a source
// (the Go model, or compiled CuTe through the same seam) for its traces,
// judges every property, runs the controls on the same cases, measures
// the coverage floors, minimises each failure and reports it in
// tilecheck's one report schema.
package copysweep

import (
	"context"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// Source answers cases: the one seam through which a TiledCopy sweep's
// traces arrive.
type Source interface {
	// Name names the source in reports ("tiledcopy-model").
	Name() string
	// Backend is where its answers are computed: go, host or gpu.
	Backend() string
	// Answer answers every case, in order. An error means no answer could
	// be had at all (a missing compiler, an interruption), not a refusal.
	Answer(ctx context.Context, cases []tiledcopy.Case) ([]tiledcopy.Trace, error)
}

// Model is the Go model as a source.
type Model struct{}

func (Model) Name() string    { return "tiledcopy-model" }
func (Model) Backend() string { return "go" }

func (Model) Answer(ctx context.Context, cases []tiledcopy.Case) ([]tiledcopy.Trace, error) {
	out := make([]tiledcopy.Trace, len(cases))
	for i, c := range cases {
		if i%64 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out[i] = c.Eval()
	}
	return out, nil
}

// controlSource is a control as a source.
type controlSource struct{ k *Control }

func (s controlSource) Name() string    { return s.k.ID }
func (s controlSource) Backend() string { return "go" }
func (s controlSource) Answer(ctx context.Context, cases []tiledcopy.Case) ([]tiledcopy.Trace, error) {
	out := make([]tiledcopy.Trace, len(cases))
	for i, c := range cases {
		if i%64 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out[i] = s.k.Answer(c)
	}
	return out, nil
}

// AsSource is a control as a source, for judging it alone (a replay).
func (k *Control) AsSource() Source { return controlSource{k} }
