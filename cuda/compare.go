package cuda

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
)

type traceKey struct{ Case, Variant, Prog int }

// compiledThread is one thread's records as the compiled code made them.
type compiledThread = iterator.ThreadTrace

func fmtCounts(v VariantResult) string {
	return fmt.Sprintf("%d of %d accesses differ from the reference; store round trips failed %d of %d",
		v.VsReference, v.Accesses, v.StoreRoundTrip.Failed, v.StoreRoundTrip.Cases)
}

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
			loadFail, loadPred, hasLoad := false, false, false
			var threads []compiledThread
			for t, model := range pc.Expected[v][p] {
				ref := pc.Reference[p][t]
				ct := compiledThread{Thread: t}
				for ri, rec := range model.Records {
					got := raw.Accesses[accessKey{pc.Index, v, p, t, rec.Op}]
					crec := iterator.Record{Thread: t, Op: rec.Op, Kind: rec.Kind, AccessBytes: pc.AccessBytes}
					overlaps := selfOverlap(validAddrs(rec), pc.AccessBytes)
					for i, want := range rec.Addrs {
						actual, detail := int64(math.MinInt64), "no record for this access"
						if rec.Valid != nil {
							// A predicated class: the guard is compared first; a
							// guarded-off load or store leaves no address to see.
							seen, skip := compareGuard(vr, &cands, &crec, rec, i, got, overlaps, t)
							if rec.Kind == "load" && ri < len(ref.Records) {
								// A guard that differs from the reference's is a
								// slot the load round trip gets wrong.
								refValid := validAt(ref.Records[ri], i)
								loadPred = loadPred || validAt(rec, i) != refValid
								loadFail = loadFail || crec.Valid[len(crec.Valid)-1] != refValid
							}
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
							actual, detail = got[i].Addr, flagText(effectiveFlags(got[i], overlaps))
						}
						vr.Accesses++
						crec.Addrs = append(crec.Addrs, actual)
						// A flagged or missing access is a mismatch whatever its
						// address; an unflagged one is if P-companion says so.
						cands = append(cands, candidate{thread: t, op: rec.Op, access: i, want: want, actual: actual, detail: detail, byAddr: detail == ""})
						if ri < len(ref.Records) && i < len(ref.Records[ri].Addrs) && !inexact(ref.Records[ri], i) {
							refAddr := ref.Records[ri].Addrs[i]
							if actual != refAddr {
								vr.VsReference++
								if rec.Kind == "load" {
									loadFail = true
								}
							}
							if rec.Kind == "load" && want != refAddr {
								loadPred = true
							}
						}
					}
					if rec.Kind == "load" {
						hasLoad = true
					}
					ct.Records = append(ct.Records, crec)
				}
				threads = append(threads, ct)
			}
			differ := companionDiffers(pc, prog, pc.Expected[v][p], threads)
			for _, c := range cands {
				if c.byAddr && !differ[accessPos{c.thread, c.op, c.access}] {
					continue
				}
				vr.Mismatches++
				if len(vr.Examples) < examplesKept {
					vr.Examples = append(vr.Examples, Mismatch{cfg.String(), prog.String(), c.thread, c.op, c.access, c.want, c.actual, c.detail})
				}
			}
			if res.compiled != nil {
				res.compiled[traceKey{pc.Index, v, p}] = threads
			}
			if hasLoad {
				tally(&vr.LoadRoundTrip, loadFail, loadPred, fmt.Sprintf("%s | %s", cfg, prog))
			}
			if pc.RoundTrip[p] {
				fail, where := storeRoundTrip(pc, p, raw.Runs[runKey{pc.Index, v, p}])
				pred := differs(pc.Expected[v][p], pc.Reference[p])
				tally(&vr.StoreRoundTrip, fail, pred, fmt.Sprintf("%s | %s: %s", cfg, prog, where))
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

// effectiveFlags drops the byte-count flag where the model itself predicts
// that the thread's accesses overlap (a later access overwrites part of an
// earlier one, so fewer than A bytes of it survive).
func effectiveFlags(a compiledAccess, overlaps bool) int {
	if overlaps {
		return a.Flags &^ (flagByteCount | flagUnrecovered)
	}
	return a.Flags
}

func selfOverlap(addrs []int64, a int64) bool {
	for i := range addrs {
		for j := i + 1; j < len(addrs); j++ {
			if addrs[i] < addrs[j]+a && addrs[j] < addrs[i]+a {
				return true
			}
		}
	}
	return false
}

func differs(a, b []iterator.ThreadTrace) bool {
	for t := range a {
		for r := range a[t].Records {
			for i, x := range a[t].Records[r].Addrs {
				if t < len(b) && r < len(b[t].Records) && i < len(b[t].Records[r].Addrs) {
					ra, rb := a[t].Records[r], b[t].Records[r]
					va, vb := validAt(ra, i), validAt(rb, i)
					if va != vb || (va && rb.Addrs[i] != x) {
						return true // guarded-off accesses move nothing
					}
				}
			}
		}
	}
	return false
}

// storeRoundTrip reads the tensor through the layout alone: every byte of
// every thread's fragment must sit at its reference address, and every
// other byte of the buffer (before, after and in each row's pitch gap) must
// still hold its sentinel. It returns whether it failed and the discrepancy
// at the lowest address.
func storeRoundTrip(pc *plannedCase, p int, runs []tagRun) (bool, string) {
	type tag struct {
		thread int
		index  int64
	}
	want := map[int64]tag{}
	for t, tr := range pc.Reference[p] {
		for _, rec := range tr.Records {
			for i, addr := range rec.Addrs {
				if !validAt(rec, i) {
					continue // a guarded-off store writes nothing
				}
				for k := int64(0); k < pc.AccessBytes; k++ {
					want[addr+k] = tag{t, int64(i)*pc.AccessBytes + k}
				}
			}
		}
	}
	got := map[int64]tag{}
	for _, r := range runs {
		for b := int64(0); b < r.Len; b++ {
			got[r.Addr+b] = tag{r.Thread, r.Index + b}
		}
	}
	// The lowest discrepant address is reported, not the first a map
	// iteration happens to meet: the evidence must read the same every run.
	addrs := slices.Collect(maps.Keys(want))
	for addr := range got {
		if _, ok := want[addr]; !ok {
			addrs = append(addrs, addr)
		}
	}
	slices.Sort(addrs)
	for _, addr := range addrs {
		w, inWant := want[addr]
		g, inGot := got[addr]
		switch {
		case !inWant:
			return true, fmt.Sprintf("sentinel %s changed by thread %d fragment byte %d", location(pc, addr), g.thread, g.index)
		case !inGot:
			return true, fmt.Sprintf("byte %d (thread %d fragment byte %d) was never written", addr, w.thread, w.index)
		case g != w:
			return true, fmt.Sprintf("byte %d holds thread %d fragment byte %d, expected thread %d byte %d", addr, g.thread, g.index, w.thread, w.index)
		}
	}
	return false, "ok"
}

// location names where a byte lies relative to the tensor.
func location(pc *plannedCase, addr int64) string {
	cfg := pc.Config
	rowBytes := cfg.Pitch() * int64(cfg.Elem.Bits) / 8
	if cfg.Class.Predicated() && rowBytes > 0 && addr >= 0 && addr < pc.AllocBytes {
		return familyLocation(pc, addr, rowBytes)
	}
	switch {
	case addr < 0:
		return fmt.Sprintf("before the tensor at byte %d", addr)
	case addr >= pc.AllocBytes:
		return fmt.Sprintf("after the tensor at byte %d", addr)
	case rowBytes > 0:
		row, col := addr/rowBytes, (addr%rowBytes)*8/int64(cfg.Elem.Bits)
		if col >= cfg.PitchShape().C {
			return fmt.Sprintf("in the pitch gap of row %d (element %d) at byte %d", row, col, addr)
		}
		return fmt.Sprintf("inside the tensor, row %d element %d, outside the reference footprint, at byte %d", row, col, addr)
	}
	return fmt.Sprintf("at byte %d", addr)
}
