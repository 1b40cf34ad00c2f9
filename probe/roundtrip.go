package probe

import (
	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/engine"
)

// roundTrip is what P-roundtrip found on one program's traces: whether a
// load round trip and the store round trip failed, and where the store's
// first discrepancy lies ("ok" when none).
type roundTrip struct {
	load, store bool
	where       string
}

// roundTripOf reads what P-roundtrip found on one program run's traces
// (the compiled ones, or the Go model's, which predict the compiled
// outcome) from its outcome: o.Err, the run's traces missing, is a failed
// judgement, never a pass.
func roundTripOf(o engine.Outcome, j int, run *cuda.ProgramRun) roundTrip {
	if o.Err != nil {
		return unjudgedRoundTrip(run)
	}
	out := roundTrip{where: "ok"}
	for _, v := range o.Violations[j] {
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

// unjudgedRoundTrip is the round trips of a run no property could judge:
// failed.
func unjudgedRoundTrip(run *cuda.ProgramRun) roundTrip {
	return roundTrip{load: true, store: run.RoundTrip, where: "not judged: no traces"}
}
