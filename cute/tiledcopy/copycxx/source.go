package copycxx

import (
	"context"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// Source is compiled CuTe as a TiledCopy sweep's source of traces (it
// meets copysweep.Source).
type Source struct {
	Opt Options
	// Label names the source in reports; empty: "cute-copy-host", or
	// "cute-copy-gpu" when Opt.GPU.
	Label string
}

// Name names the source in reports.
func (s Source) Name() string {
	if s.Label != "" {
		return s.Label
	}
	return "cute-copy-" + s.Backend()
}

// Backend is where the traces are computed: host or gpu.
func (s Source) Backend() string {
	if s.Opt.GPU {
		return "gpu"
	}
	return "host"
}

// Answer asks CuTe for every case's trace; what a trace cannot hold
// (Result.Sentinels, Result.Below) is left out: Answer gives it.
func (s Source) Answer(ctx context.Context, cases []tiledcopy.Case) ([]tiledcopy.Trace, error) {
	rs, err := Answer(ctx, s.Opt, cases)
	if err != nil {
		return nil, err
	}
	out := make([]tiledcopy.Trace, len(rs))
	for i, r := range rs {
		out[i] = r.Trace
	}
	return out, nil
}
