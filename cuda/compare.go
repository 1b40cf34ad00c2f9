package cuda

import (
	"github.com/tilecheck/tilecheck/iterator"
)

type traceKey struct{ Case, Variant, Prog int }

// compiledThread is one thread's records as the compiled code made them.
type compiledThread = iterator.ThreadTrace

// ProgramRun is what one (case, variant, program) run left, raw facts only:
// the compiled traces (with the guard, evidence and memory image the bytes
// showed), and the Go model's and the reference's traces of the same
// program, record for record in the same order. Judging and counting them
// (what the model explains of an access the bytes did not show, too) is the
// judging layer's (package probe).
type ProgramRun struct {
	Variant     int
	Config      iterator.Config
	Program     iterator.Program
	Compiled    []iterator.ThreadTrace
	Expected    []iterator.ThreadTrace // the variant's Go model
	Reference   []iterator.ThreadTrace
	RoundTrip   bool  // a store round trip (props.StoreRoundTrip)
	AccessBytes int64 // bytes one access moves (the overlap rule's A)
}

// observe builds each thread's compiled trace of one case from the
// accesses recovered, and records every program run as raw facts on res.
// The Go model's records say only which ops record and how many accesses
// each makes (the program and the fragment fix both); every address, guard
// and piece of evidence on the trace is what the bytes showed.
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
				for _, rec := range model.Records {
					got := raw.Accesses[accessKey{pc.Index, v, p, t, rec.Op}]
					crec := iterator.Record{Thread: t, Op: rec.Op, Kind: rec.Kind, AccessBytes: pc.AccessBytes}
					guarded := rec.Valid != nil // a predicated class's records carry guards
					if n := len(rec.Addrs); n > 0 {
						crec.Addrs, crec.Evidence = make([]int64, n), make([]iterator.AccessEvidence, n)
						if guarded {
							crec.Valid = make([]bool, n)
						}
					}
					for i := range rec.Addrs {
						var g compiledAccess
						if i < len(got) {
							g = got[i]
						}
						valid := seeAccess(&crec, i, rec.Kind, g)
						if guarded {
							crec.Valid[i] = valid
						}
					}
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

// seeAccess records access i of crec as the harness's record g showed it
// and returns its guard as the bytes showed it (meaningful on predicated
// classes only). A load's guard is the harness's guarded-off flag; a
// store's is whether it left any byte, which the bytes cannot tell from
// one overwritten whole by a later access of the same store: both are
// recorded as "no byte found", not seen (iterator.Record.Seen), and the
// judging layer decides which the Go model explains. An access with no
// address (not seen, or no record at all) holds iterator.NoAddress.
func seeAccess(crec *iterator.Record, i int, kind string, g compiledAccess) (valid bool) {
	if !g.Seen {
		// The harness lost it: P-recovered and P-companion report it. Its
		// guard is taken as on, so that no guard check passes it over.
		crec.Addrs[i], crec.Evidence[i] = iterator.NoAddress, iterator.EvidenceMissing
		return true
	}
	ev := evidenceOf(g.Flags)
	valid = g.Flags&flagGuardedOff == 0
	switch {
	case kind == "store":
		valid = ev&iterator.EvidenceUnrecovered == 0
	case kind == "load" && !valid:
		// A predicated load that left its slot alone: the harness reports
		// address 0 for it, which is no address.
		ev |= iterator.EvidenceGuardedOff
	}
	crec.Addrs[i], crec.Evidence[i] = g.Addr, ev
	if ev&iterator.EvidenceNotSeen != 0 {
		crec.Addrs[i] = iterator.NoAddress
	}
	return valid
}
