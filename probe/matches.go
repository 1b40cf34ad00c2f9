package probe

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// matches says, for an iterator under test that disagreed with its Go
// model, which built-in or older release's model its compiled accesses
// agree with, class by class: the hint a user of a tree of another age
// needs (--iterator). It compares every address the bytes showed with each
// model's, tracing the models in Go; nothing is built again. A class no
// model matches is listed with the model that differs least; where one
// model matches every class, it is named for each.
func matches(r *counted) []report.ModelMatch {
	var out []report.ModelMatch
	models := candidates()
	for v, vr := range r.Variants {
		if vr.Role != cuda.RoleIterator || vr.Mismatches == 0 {
			continue
		}
		classes, byClass := tallyModels(r.runs, v, models)
		// One model that every class matches is the one to name for all.
		everywhere := ""
		for _, m := range models {
			ok := true
			for _, class := range classes {
				ok = ok && byClass[class][m.Name()].matches()
			}
			if ok {
				everywhere = m.Name()
				break
			}
		}
		for _, class := range classes {
			best := everywhere
			for _, m := range models {
				if everywhere != "" {
					break
				}
				t := byClass[class][m.Name()]
				if t.compared == 0 {
					continue
				}
				if best == "" || t.differ < byClass[class][best].differ {
					best = m.Name()
				}
			}
			if best == "" {
				continue
			}
			t := byClass[class][best]
			out = append(out, report.ModelMatch{Variant: vr.Label, Class: class, Model: best, Compared: t.compared, Differ: t.differ})
		}
	}
	return out
}

// candidates are the models a tree may match: the built-ins, then the
// older releases'.
func candidates() []iterator.Model {
	return append(iterator.Builtins(), iterator.Older()...)
}

// modelTally counts the accesses compared with one model and those that differ.
type modelTally struct{ compared, differ int64 }

// matches reports whether every access compared agreed, and there was one.
func (t *modelTally) matches() bool { return t != nil && t.compared > 0 && t.differ == 0 }

// tallyModels compares variant v's compiled addresses with each model's,
// class by class, tracing the models in Go; classes are in the order met.
func tallyModels(runs []cuda.ProgramRun, v int, models []iterator.Model) (classes []string, byClass map[string]map[string]*modelTally) {
	byClass = map[string]map[string]*modelTally{}
	for _, run := range runs {
		if run.Variant != v || len(run.Compiled) == 0 {
			continue
		}
		class := run.Config.Class.String()
		if byClass[class] == nil {
			byClass[class] = map[string]*modelTally{}
			classes = append(classes, class)
		}
		threads := make([]int, len(run.Compiled))
		for i := range threads {
			threads[i] = i
		}
		for _, m := range models {
			t := byClass[class][m.Name()]
			if t == nil {
				t = &modelTally{}
				byClass[class][m.Name()] = t
			}
			want, err := iterator.TraceThreads(m, run.Config, run.Program, threads)
			if err != nil {
				continue
			}
			c, d := compareAddrs(run.Compiled, want)
			t.compared += c
			t.differ += d
		}
	}
	return classes, byClass
}

// compareAddrs counts the accesses whose compiled address the bytes showed
// and how many of them differ from want's.
func compareAddrs(compiled, want []iterator.ThreadTrace) (compared, differ int64) {
	for t := range compiled {
		if t >= len(want) {
			break
		}
		for ri, rec := range compiled[t].Records {
			if ri >= len(want[t].Records) {
				break
			}
			w := want[t].Records[ri]
			for i, a := range rec.Addrs {
				if a == iterator.NoAddress || i >= len(w.Addrs) {
					continue
				}
				compared++
				if a != w.Addrs[i] {
					differ++
				}
			}
		}
	}
	return compared, differ
}

// matchLine is one ModelMatch in the reports' words.
func matchLine(m report.ModelMatch) string {
	if m.Differ == 0 {
		return fmt.Sprintf("%s, %s: matches %s on every access compared (%d); run with --iterator %s", m.Variant, m.Class, m.Model, m.Compared, m.Model)
	}
	return fmt.Sprintf("%s, %s: no built-in model matches; %s differs least (%d of %d accesses)", m.Variant, m.Class, m.Model, m.Differ, m.Compared)
}
