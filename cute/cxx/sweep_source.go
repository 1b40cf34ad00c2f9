package cxx

import (
	"context"

	"github.com/tilecheck/tilecheck/cute"
)

// Source is compiled CuTe as a sweep's source of answers.
type Source struct {
	Opt Options
	// Label names the source in reports; empty: "cute-host".
	Label string
}

// Name names the source in reports.
func (s Source) Name() string {
	if s.Label != "" {
		return s.Label
	}
	return "cute-host"
}

// Backend is where the answers are computed.
func (Source) Backend() string { return "host" }

// Answer asks CuTe for every case.
func (s Source) Answer(ctx context.Context, cases []cute.Case) ([]cute.Answer, error) {
	return Answer(ctx, s.Opt, cases)
}
