package probejudge

import (
	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// roundTrip is what P-roundtrip found on one program's traces: whether a
// load round trip and the store round trip failed, and where the store's
// first discrepancy lies ("ok" when none).
type roundTrip struct {
	load, store bool
	where       string
}

// judgeRoundTrip judges traces (the compiled ones, or a Go model's, which
// predicts the compiled outcome) against the reference with
// props.PRoundTrip.
func judgeRoundTrip(run *cuda.ProgramRun, traces []iterator.ThreadTrace) roundTrip {
	out := roundTrip{where: "ok"}
	c, err := props.NewCase(run.Config, run.Program, props.AllThreads(len(traces)))
	if err != nil {
		// A configuration the Go side rejects still has traces to judge.
		c = props.Case{Config: run.Config, Program: run.Program, Threads: props.AllThreads(len(traces))}
	}
	outs, err := props.Evaluate([]props.Property{props.PRoundTrip}, fixedSource(traces), fixedSource(run.Reference), []props.Case{c})
	if err != nil || outs[0].Err != nil {
		return roundTrip{load: true, store: run.RoundTrip, where: "not judged: no traces"}
	}
	for _, v := range outs[0].Violations[0] {
		if v.Op < 0 || v.Op >= len(run.Program) {
			continue
		}
		switch run.Program[v.Op].RecordKind() {
		case "load":
			out.load = true
		case "store":
			out.store, out.where = true, v.Detail
		}
	}
	return out
}
