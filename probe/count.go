package probe

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// examplesKept is how many mismatches a variant keeps as examples, at most
// examplesPerRun from one (configuration, program), so that they show
// where the mismatches are rather than one configuration's.
const (
	examplesKept   = 20
	examplesPerRun = 4
)

// addGroup adds g's count to its (class, program, configuration) in groups,
// kept largest first (ties in the order met).
func addGroup(groups []report.MismatchGroup, g report.MismatchGroup) []report.MismatchGroup {
	i := slices.IndexFunc(groups, func(h report.MismatchGroup) bool {
		return h.Class == g.Class && h.Ops == g.Ops && h.Config == g.Config
	})
	if i < 0 {
		groups = append(groups, g)
	} else {
		groups[i].Count += g.Count
	}
	slices.SortStableFunc(groups, func(a, b report.MismatchGroup) int { return cmp.Compare(b.Count, a.Count) })
	return groups
}

// counted is a probe run counted: the judged result (a copy of the run's
// report.ProbeResult, the counts filled in) beside the raw facts they came
// from (the run's program runs, each with the Go model's traces of the
// model its class is compared with), which the rules read.
type counted struct {
	report.ProbeResult
	runs []cuda.ProgramRun
}

// count judges res's raw facts (Result.Runs) through the sweep engine
// (judgeRuns) and counts the outcomes into a copy of res's result; res is
// read, never written, so counting twice gives equal counts. With choose,
// each class of a user's namespace is first compared with the model it
// matches (chooseModels), whose lines it returns. Each variant's counters,
// mismatches and round trips are filled in the order the programs ran: accesses,
// guards, guarded-off and hidden accesses as the compiled traces' evidence
// shows them and the Go model explains them (see), mismatches where
// P-companion or P-recovered finds them (judgementOf), accesses whose
// compiled address differs from the reference's (only those the bytes
// showed an address of), and the round trips P-roundtrip judges (failed
// on the compiled traces, predicted on the Go model's).
func count(res *cuda.Result, choose bool) (c *counted, chosen []string) {
	c = &counted{ProbeResult: cloneResult(res.ProbeResult), runs: slices.Clone(res.Runs)}
	if choose {
		chosen = chooseModels(c)
	}
	js := judgeRuns(c, res.VariantSource)
	for i := range c.runs {
		countRun(&c.Variants[c.runs[i].Variant], &c.runs[i], &js[i])
	}
	return c, chosen
}

// countRun counts one program run into its variant, given what the
// properties found on it (judgeRuns).
func countRun(vr *report.ProbeVariant, run *cuda.ProgramRun, j *runJudgement) {
	vr.Programs++
	var cands []candidate
	for t := range run.Expected {
		for ri := range run.Expected[t].Records {
			rec, crec := &run.Expected[t].Records[ri], &run.Compiled[t].Records[ri]
			for i, want := range rec.Addrs {
				h := see(rec, crec, i, run.AccessBytes)
				if h.guarded {
					vr.Guards++
				}
				actual := shown(crec, i)
				switch h.how {
				case hidden:
					vr.Hidden++
					continue
				case guardedOff:
					vr.GuardedOff++
					continue
				case guardDiffers:
					vr.Accesses++
					cands = append(cands, candidate{thread: t, op: rec.Op, access: i, want: want, actual: actual,
						detail: fmt.Sprintf("guard: compiled valid=%v, Go model valid=%v", crec.Valid[i], !crec.Valid[i])})
					continue
				}
				vr.Accesses++
				// A flagged or missing access is a mismatch whatever its
				// address if P-recovered says so; an unflagged one if
				// P-companion does.
				lack := crec.Evidence[i] &^ props.OverlapExplains(rec, run.AccessBytes)
				cands = append(cands, candidate{thread: t, op: rec.Op, access: i, want: want, actual: actual,
					detail: props.EvidenceText(lack), byAddr: lack == 0, recovery: lack != 0})
				// Only an address the bytes showed is compared with the
				// reference's: an access with none (not seen, or no record)
				// neither agrees nor differs, whatever the reference's
				// address (0 included) is.
				if actual != report.NotSeen && t < len(run.Reference) {
					ref := run.Reference[t]
					if ri < len(ref.Records) && i < len(ref.Records[ri].Addrs) && !inexact(ref.Records[ri], i) {
						vr.ComparedWithReference++
						if actual != ref.Records[ri].Addrs[i] {
							vr.VsReference++
						}
					}
				}
			}
		}
	}
	var inRun, kept int64
	for _, c := range cands {
		if !j.found.mismatch(c) {
			continue
		}
		vr.Mismatches++
		inRun++
		if len(vr.Examples) < examplesKept && kept < examplesPerRun {
			kept++
			vr.Examples = append(vr.Examples, report.ProbeMismatch{Config: run.Config.String(), Ops: run.Program.String(), Thread: c.thread, Op: c.op,
				Access: c.access, Expected: c.want, Actual: c.actual, Detail: c.detail})
		}
	}
	if inRun > 0 {
		vr.MismatchGroups = addGroup(vr.MismatchGroups, report.MismatchGroup{Class: run.Config.Class.String(),
			Ops: run.Program.String(), Config: run.Config.String(), Count: inRun})
	}
	// The round trips are P-roundtrip's: failed on the compiled traces,
	// predicted where it fails on the Go model's.
	failed, predicted := j.failed, j.predicted
	if hasLoad(run.Expected) {
		tally(&vr.LoadRoundTrip, failed.load, predicted.load, fmt.Sprintf("%s | %s", run.Config, run.Program))
	}
	if run.RoundTrip {
		tally(&vr.StoreRoundTrip, failed.store, predicted.store, fmt.Sprintf("%s | %s: %s", run.Config, run.Program, failed.where))
	}
}

// hasLoad says whether a Go model's traces hold a load record.
func hasLoad(expected []iterator.ThreadTrace) bool {
	for _, tr := range expected {
		for _, r := range tr.Records {
			if r.Kind == "load" {
				return true
			}
		}
	}
	return false
}

func tally(rt *report.RoundTrip, fail, pred bool, example string) {
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
