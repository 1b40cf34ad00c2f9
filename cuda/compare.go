package cuda

import (
	"math"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

type traceKey struct{ Case, Variant, Prog int }

// compiledThread is one thread's records as the compiled code made them.
type compiledThread = iterator.ThreadTrace

// ProgramRun is what one (case, variant, program) run left, raw facts only:
// the compiled traces (with the guard, evidence and memory image the bytes
// showed), the Go model's and the reference's traces of the same program,
// and how the bytes showed each access the Go model makes (Seen). Judging
// and counting them is the judging layer's (probejudge.Count).
type ProgramRun struct {
	Variant     int
	Config      iterator.Config
	Program     iterator.Program
	Compiled    []iterator.ThreadTrace
	Expected    []iterator.ThreadTrace // the variant's Go model
	Reference   []iterator.ThreadTrace
	RoundTrip   bool  // a store round trip (props.StoreRoundTrip)
	AccessBytes int64 // bytes one access moves (the overlap rule's A)
	Seen        []Observation
}

// How says how the bytes showed one access of the Go model.
type How int

const (
	// Compared: the compiled address (or its absence) is on the trace.
	Compared How = iota
	// GuardDiffers: the compiled guard differs from the Go model's.
	GuardDiffers
	// GuardedOff: guarded off as the Go model says; no address to see.
	GuardedOff
	// Hidden: a store access no byte of which is left, where the Go
	// model's own accesses overlap it (props.OverlapExplains): the trace
	// holds the model's address.
	Hidden
)

// Observation is how the bytes showed access Access of the Go model's
// record Record (op Op) on Thread: Guarded says a guard was compared (and
// agreed, unless How is GuardDiffers); Want is the model's address, Actual
// the compiled one (math.MinInt64 when missing), Valid the compiled guard,
// Evidence what recovering it lacked.
type Observation struct {
	Thread, Record, Op, Access int
	How                        How
	Guarded, Valid             bool
	Want, Actual               int64
	Evidence                   iterator.AccessEvidence
}

// observe rebuilds each thread's compiled trace of one case from the
// accesses recovered and records every program run as raw facts on res.
func observe(pc *plannedCase, variants []Variant, raw *rawOutput, res *Result) {
	for v := range variants {
		for p, prog := range pc.Programs {
			if !pc.Avail[v][p] {
				continue
			}
			run := ProgramRun{Variant: v, Config: pc.Config, Program: prog, Expected: pc.Expected[v][p],
				Reference: pc.Reference[p], RoundTrip: pc.RoundTrip[p], AccessBytes: pc.AccessBytes}
			var threads []compiledThread
			for t, model := range pc.Expected[v][p] {
				ct := compiledThread{Thread: t}
				for ri, rec := range model.Records {
					got := raw.Accesses[accessKey{pc.Index, v, p, t, rec.Op}]
					crec := iterator.Record{Thread: t, Op: rec.Op, Kind: rec.Kind, AccessBytes: pc.AccessBytes}
					// What the model's own overlapping accesses explain of
					// the evidence is P-recovered's to judge (it is given the
					// model); the trace records the evidence whole.
					overlaps := props.OverlapExplains(&rec, pc.AccessBytes) != 0
					for i, want := range rec.Addrs {
						o := Observation{Thread: t, Record: ri, Op: rec.Op, Access: i, Want: want, Actual: math.MinInt64}
						if rec.Valid != nil {
							// A predicated class: the guard is compared first; a
							// guarded-off load or store leaves no address to see.
							seen, skip := compareGuard(&o, &crec, rec, i, got, overlaps)
							if skip {
								run.Seen = append(run.Seen, o)
								continue
							}
							if !seen {
								o.How = GuardedOff
								run.Seen = append(run.Seen, o)
								crec.Addrs = append(crec.Addrs, want)
								continue
							}
						}
						o.Evidence = iterator.EvidenceMissing
						if i < len(got) && got[i].Seen {
							if overlaps && got[i].Flags&flagUnrecovered != 0 {
								// A later access of the same store overwrote every
								// byte of this one, as the model predicts: nothing
								// in memory says where it went.
								o.How, o.Evidence = Hidden, 0
								run.Seen = append(run.Seen, o)
								crec.Addrs = append(crec.Addrs, want)
								continue
							}
							o.Actual, o.Evidence = got[i].Addr, evidenceOf(got[i].Flags)
						}
						run.Seen = append(run.Seen, o)
						crec.Addrs = append(crec.Addrs, o.Actual)
						crec.Evidence = append(padEvidence(crec.Evidence, len(crec.Addrs)-1), o.Evidence)
					}
					crec.Evidence = padEvidence(crec.Evidence, len(crec.Addrs))
					ct.Records = append(ct.Records, crec)
				}
				threads = append(threads, ct)
			}
			if pc.RoundTrip[p] {
				img := &iterator.MemoryImage{Size: pc.AllocBytes, Runs: raw.Runs[runKey{pc.Index, v, p}]}
				for t := range threads {
					threads[t].Image = img
				}
			}
			run.Compiled = threads
			if res.compiled != nil {
				res.compiled[traceKey{pc.Index, v, p}] = threads
			}
			res.Runs = append(res.Runs, run)
		}
	}
}

// padEvidence extends a record's evidence with zeros (accesses the bytes
// were not asked about: guarded off, hidden, or judged by their guard) to n.
func padEvidence(ev []iterator.AccessEvidence, n int) []iterator.AccessEvidence {
	for len(ev) < n {
		ev = append(ev, 0)
	}
	return ev
}
