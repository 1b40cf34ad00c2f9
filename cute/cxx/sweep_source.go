package cxx

import (
	"context"

	"github.com/tilecheck/tilecheck/cute"
)

// Source is compiled CuTe as a sweep's source of answers.
type Source struct {
	Opt Options
	// Label names the source in reports; empty: "cute-host", or
	// "cute-gpu" when Opt.GPU.
	Label string
}

// Name names the source in reports.
func (s Source) Name() string {
	if s.Label != "" {
		return s.Label
	}
	return "cute-" + s.Backend()
}

// Backend is where the answers are computed: host or gpu.
func (s Source) Backend() string {
	if s.Opt.GPU {
		return "gpu"
	}
	return "host"
}

// Answer asks CuTe for every case.
func (s Source) Answer(ctx context.Context, cases []cute.Case) ([]cute.Answer, error) {
	return Answer(ctx, s.Opt, cases)
}
