package cuda

import (
	"fmt"
	"math"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

type traceKey struct{ Case, Variant, Prog int }

// compiledThread is one thread's records as the compiled code made them.
type compiledThread = iterator.ThreadTrace

// compare judges one case's compiled output against the Go models: it
// rebuilds each thread's compiled trace from the accesses recovered, counts
// what only the bytes show (guards, byte counts, unrecovered accesses) and
// leaves whether an address differs to P-companion (companionDiffers).
func compare(pc *plannedCase, variants []Variant, raw *rawOutput, res *Result) {
	cfg := pc.Config
	var cands []candidate
	for v := range variants {
		vr := &res.Variants[v]
		for p, prog := range pc.Programs {
			if !pc.Avail[v][p] {
				continue
			}
			vr.Programs++
			cands = cands[:0]
			hasLoad := false
			var threads []compiledThread
			for t, model := range pc.Expected[v][p] {
				ref := pc.Reference[p][t]
				ct := compiledThread{Thread: t}
				for ri, rec := range model.Records {
					got := raw.Accesses[accessKey{pc.Index, v, p, t, rec.Op}]
					crec := iterator.Record{Thread: t, Op: rec.Op, Kind: rec.Kind, AccessBytes: pc.AccessBytes}
					// What the model's own overlapping accesses explain of
					// the evidence is P-recovered's to judge (it is given the
					// model); the trace records the evidence whole.
					explains := props.OverlapExplains(&rec, pc.AccessBytes)
					overlaps := explains != 0
					for i, want := range rec.Addrs {
						actual, ev := int64(math.MinInt64), iterator.EvidenceMissing
						if rec.Valid != nil {
							// A predicated class: the guard is compared first; a
							// guarded-off load or store leaves no address to see.
							seen, skip := compareGuard(vr, &cands, &crec, rec, i, got, overlaps, t)
							if skip {
								continue
							}
							if !seen {
								vr.GuardedOff++
								crec.Addrs = append(crec.Addrs, want)
								continue
							}
						}
						if i < len(got) && got[i].Seen {
							if overlaps && got[i].Flags&flagUnrecovered != 0 {
								// A later access of the same store overwrote every
								// byte of this one, as the model predicts: nothing
								// in memory says where it went.
								vr.Hidden++
								crec.Addrs = append(crec.Addrs, want)
								continue
							}
							actual, ev = got[i].Addr, evidenceOf(got[i].Flags)
						}
						vr.Accesses++
						crec.Addrs = append(crec.Addrs, actual)
						crec.Evidence = append(padEvidence(crec.Evidence, len(crec.Addrs)-1), ev)
						// A flagged or missing access is a mismatch whatever its
						// address if P-recovered says so; an unflagged one if
						// P-companion does.
						lack := ev &^ explains
						cands = append(cands, candidate{thread: t, op: rec.Op, access: i, want: want, actual: actual, detail: props.EvidenceText(lack), byAddr: lack == 0, recovery: lack != 0})
						if ri < len(ref.Records) && i < len(ref.Records[ri].Addrs) && !inexact(ref.Records[ri], i) {
							if actual != ref.Records[ri].Addrs[i] {
								vr.VsReference++
							}
						}
					}
					if rec.Kind == "load" {
						hasLoad = true
					}
					crec.Evidence = padEvidence(crec.Evidence, len(crec.Addrs))
					ct.Records = append(ct.Records, crec)
				}
				threads = append(threads, ct)
			}
			found := companionDiffers(pc, prog, pc.Expected[v][p], threads)
			for _, c := range cands {
				if !found.mismatch(c) {
					continue
				}
				vr.Mismatches++
				if len(vr.Examples) < examplesKept {
					vr.Examples = append(vr.Examples, Mismatch{cfg.String(), prog.String(), c.thread, c.op, c.access, c.want, c.actual, c.detail})
				}
			}
			if pc.RoundTrip[p] {
				img := &iterator.MemoryImage{Size: pc.AllocBytes, Runs: raw.Runs[runKey{pc.Index, v, p}]}
				for t := range threads {
					threads[t].Image = img
				}
			}
			if res.compiled != nil {
				res.compiled[traceKey{pc.Index, v, p}] = threads
			}
			// The round trips are P-roundtrip's: failed on the compiled
			// traces, predicted where it fails on the Go model's.
			failed := judgeRoundTrip(pc, p, prog, threads)
			predicted := judgeRoundTrip(pc, p, prog, pc.Expected[v][p])
			if hasLoad {
				tally(&vr.LoadRoundTrip, failed.load, predicted.load, fmt.Sprintf("%s | %s", cfg, prog))
			}
			if pc.RoundTrip[p] {
				tally(&vr.StoreRoundTrip, failed.store, predicted.store, fmt.Sprintf("%s | %s: %s", cfg, prog, failed.where))
			}
		}
	}
}

func tally(rt *RoundTrip, fail, pred bool, example string) {
	rt.Cases++
	if fail {
		rt.Failed++
	}
	if pred {
		rt.Predicted++
	}
	if fail != pred {
		rt.Unexpected++
	}
	if (fail || fail != pred) && len(rt.Examples) < 5 {
		tag := "failed as predicted"
		if fail != pred {
			tag = fmt.Sprintf("UNEXPECTED (failed=%v predicted=%v)", fail, pred)
		}
		rt.Examples = append(rt.Examples, tag+": "+example)
	}
}

func inexact(r iterator.Record, i int) bool {
	return r.Inexact != nil && i < len(r.Inexact) && r.Inexact[i]
}

// padEvidence extends a record's evidence with zeros (accesses the bytes
// were not asked about: guarded off, hidden, or judged by their guard) to n.
func padEvidence(ev []iterator.AccessEvidence, n int) []iterator.AccessEvidence {
	for len(ev) < n {
		ev = append(ev, 0)
	}
	return ev
}
