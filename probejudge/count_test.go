package probejudge

import (
	"math"
	"testing"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// TestCountFromFacts: Count reads every counter off the raw facts alone:
// each observation kind lands in its own counter, a moved address is a
// mismatch (P-companion), differs from the reference and fails the load
// round trip the Go model did not predict (P-roundtrip); a missing access
// is a mismatch P-recovered finds, with its evidence as the detail.
func TestCountFromFacts(t *testing.T) {
	cfg, prog, expected, compiled := referenceTwice(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64", "load(1,0)")
	run := cuda.ProgramRun{Config: cfg, Program: prog, Expected: expected, Reference: expected, AccessBytes: 16}
	total := 0
	for th := range compiled {
		r := &compiled[th].Records[0]
		r.Addrs = append([]int64(nil), r.Addrs...)
		r.Evidence = make([]iterator.AccessEvidence, len(r.Addrs))
		for i, want := range r.Addrs {
			o := cuda.Observation{Thread: th, Op: r.Op, Access: i, Want: want, Actual: want}
			switch {
			case th == 7 && i == 3:
				r.Addrs[i] += 16 // a moved address
				o.Actual = r.Addrs[i]
			case th == 4 && i == 2:
				r.Addrs[i], r.Evidence[i] = math.MinInt64, iterator.EvidenceMissing
				o.Actual, o.Evidence = math.MinInt64, iterator.EvidenceMissing
			}
			run.Seen = append(run.Seen, o)
			total++
		}
	}
	run.Compiled = compiled
	// Kinds that are counted, not compared (their traces hold the model's
	// address): one hidden store access, one guarded-off access whose guard
	// agreed.
	run.Seen = append(run.Seen, cuda.Observation{How: cuda.Hidden}, cuda.Observation{How: cuda.GuardedOff, Guarded: true})
	res := &cuda.Result{ProbeResult: report.ProbeResult{Variants: []report.ProbeVariant{{Label: "reference"}}}, Runs: []cuda.ProgramRun{run}}
	Count(res)
	v := res.Variants[0]
	if v.Programs != 1 || v.Accesses != int64(total) || v.Hidden != 1 || v.GuardedOff != 1 || v.Guards != 1 {
		t.Errorf("counters: programs %d accesses %d (want %d) hidden %d guarded off %d guards %d", v.Programs, v.Accesses, total, v.Hidden, v.GuardedOff, v.Guards)
	}
	if v.Mismatches != 2 || len(v.Examples) != 2 {
		t.Fatalf("mismatches %d, examples %+v; want the moved and the missing access", v.Mismatches, v.Examples)
	}
	for _, e := range v.Examples {
		switch {
		case e.Thread == 7 && e.Access == 3:
			if e.Actual-e.Expected != 16 || e.Detail != "" || e.Ops != "load(1,0)" {
				t.Errorf("moved access: %+v", e)
			}
		case e.Thread == 4 && e.Access == 2:
			if e.Detail == "" {
				t.Errorf("missing access without its evidence: %+v", e)
			}
		default:
			t.Errorf("unexpected mismatch %+v", e)
		}
	}
	if v.VsReference != 2 {
		t.Errorf("%d accesses differ from the reference, want 2", v.VsReference)
	}
	if rt := v.LoadRoundTrip; rt.Cases != 1 || rt.Failed != 1 || rt.Predicted != 0 || rt.Unexpected != 1 || len(rt.Examples) != 1 {
		t.Errorf("load round trip %+v: want failed, not predicted", rt)
	}
	if v.StoreRoundTrip.Cases != 0 {
		t.Errorf("no store round trip was run: %+v", v.StoreRoundTrip)
	}
}
