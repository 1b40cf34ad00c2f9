package probe

import (
	"fmt"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/iterator"
)

// chooseModels picks, for each iterator under test of a user's namespace
// (not a rendition, not a control), the Go model each class is compared
// with: the variant's own model if its compiled accesses match it on every
// address the bytes showed, else the first release's model that they match
// so (iterator.Builtins, then iterator.Older), else the reference. A class
// no model matches keeps the variant's model, so its mismatches are the
// findings. The chosen model's traces replace the Go-model traces of c's
// runs (c's own copy of the run's) and the choice is recorded in the
// variant's ClassModels; count does this before counting, and only when
// the user named no model: a model named is a claim to judge. It returns
// one line per class saying what was chosen and on what evidence.
func chooseModels(r *counted) []string {
	var lines []string
	for v := range r.Variants {
		vr := &r.Variants[v]
		if vr.Role != cuda.RoleIterator || (cuda.Variant{Namespace: vr.Namespace}).Rendition() {
			continue
		}
		own, err := iterator.ModelByName(vr.Model)
		if err != nil {
			continue
		}
		// The variant's own model first, then the releases' newest first,
		// the reference (the contract, no release) last.
		models := []iterator.Model{own}
		for _, m := range candidates() {
			if m.Name() != own.Name() && m.Name() != "reference" {
				models = append(models, m)
			}
		}
		if ref, _ := iterator.ModelByName("reference"); own.Name() != "reference" {
			models = append(models, ref)
		}
		classes, byClass := tallyModels(r.runs, v, models)
		vr.ClassModels = map[string]string{}
		for _, class := range classes {
			chosen := own
			for _, m := range models {
				if byClass[class][m.Name()].matches() {
					chosen = m
					break
				}
			}
			vr.ClassModels[class] = chosen.Name()
			t := byClass[class][chosen.Name()]
			if t.matches() {
				lines = append(lines, fmt.Sprintf("%s, %s: compared with %s, which it matches on every access compared (%d)", vr.Label, class, chosen.Name(), t.compared))
			}
			if chosen == own {
				continue
			}
			for i := range r.runs {
				run := &r.runs[i]
				if run.Variant != v || run.Config.Class.String() != class {
					continue
				}
				if tr, err := iterator.TraceThreads(chosen, run.Config, run.Program, iterator.AllThreads(run.Config)); err == nil {
					run.Expected = tr
				}
			}
		}
	}
	return lines
}

// modelOf is the Go model variant vr's runs of class are judged with.
func modelOf(model string, classModels map[string]string, class string) string {
	if m, ok := classModels[class]; ok {
		return m
	}
	return model
}
