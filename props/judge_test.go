package props

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// The properties' own tests judge through this small Reader rather than
// the engine (which imports props): every program a property reads is
// traced on every thread, found by its text, with no plan, memo or compact
// form. That it gives the engine's results on these tests also shows that
// the reading contract is all a property needs.

// outcome is what judging one case through testReader found besides the
// properties' results.
type outcome struct {
	Checks int64
	Units  []UnitObservation
	Err    error
}

type testReader struct {
	main, ref map[string]*Answer
	declared  []iterator.Program
}

func (r *testReader) Answer(p iterator.Program) *Answer          { return r.main[p.String()] }
func (r *testReader) ReferenceAnswer(p iterator.Program) *Answer { return r.ref[p.String()] }
func (r *testReader) Declared(_ int, p iterator.Program) (*Answer, bool) {
	return r.main[p.String()], false
}

func (r *testReader) Declaration(k int) (iterator.Program, bool) {
	if k >= len(r.declared) {
		return nil, false
	}
	return r.declared[k], true
}

// fetchAll asks src for every program of progs on every thread of c.
func fetchAll(src Source, c *Case, progs []iterator.Program) (map[string]*Answer, error) {
	out := map[string]*Answer{}
	if src == nil {
		return out, nil
	}
	threads := AllThreads(c.Config.Threads)
	pos := make([]int32, len(threads))
	for i := range pos {
		pos[i] = int32(i)
	}
	for _, p := range progs {
		if _, ok := out[p.String()]; ok {
			continue
		}
		resps, err := src.Traces([]Request{{Config: c.Config, Program: p, Threads: threads}})
		if err != nil {
			return nil, err
		}
		a := NewAnswer(resps[0].Traces, resps[0].Err, nil, pos)
		out[p.String()] = &a
	}
	return out, nil
}

// Check judges case c with properties on src, the oracle programs on ref
// (nil: none), as the engine's Check does.
func Check(properties []Property, src, ref Source, c Case) ([]Result, outcome, error) {
	c.Prepare()
	// Every program each property declares, and the reference's.
	declared := make([][]iterator.Program, len(properties))
	for j, p := range properties {
		if p.Programs != nil {
			declared[j] = p.Programs(&c)
		}
	}
	var mainProgs, refProgs []iterator.Program
	mainProgs = append(mainProgs, c.Program)
	for j, p := range properties {
		mainProgs = append(mainProgs, declared[j]...)
		if p.Oracle != nil {
			refProgs = append(refProgs, p.Oracle(&c)...)
		}
	}
	for j, p := range properties {
		if p.Derived == nil {
			continue
		}
		for k, other := range properties {
			if k == j || (c.Config.Class == iterator.RegularTile && other.Compact) {
				continue
			}
			for _, prog := range declared[k] {
				declared[j] = append(declared[j], prog)
				if ref, ok := p.Derived(&c, prog); ok {
					refProgs = append(refProgs, ref)
				}
			}
		}
	}
	main, err := fetchAll(src, &c, mainProgs)
	if err != nil {
		return nil, outcome{}, err
	}
	refs, err := fetchAll(ref, &c, refProgs)
	if err != nil {
		return nil, outcome{}, err
	}
	if err := main[c.Program.String()].Err(); err != nil {
		return nil, outcome{}, err
	}
	r := &testReader{main: main, ref: refs}
	var t Traces
	t.Reset(r, &c, false, nil)
	res := make([]Result, len(properties))
	for j, p := range properties {
		r.declared = declared[j]
		v := p.Judge(&c, &t)
		res[j] = Result{ID: p.ID, Doc: p.Doc, Violations: v}
		switch judged := t.TakeJudged(); {
		case len(v) > 0 && p.AuditOnly:
			res[j].Status = report.Audited
		case len(v) > 0:
			res[j].Status = report.Violated
		case judged:
			res[j].Status = report.Held
		default:
			res[j].Status = report.NotApplicable
		}
	}
	o := outcome{Checks: t.Checks, Units: t.Units, Err: t.ModelErr}
	if t.ModelErr != nil {
		return nil, o, fmt.Errorf("the model failed on a program the properties derive: %w", t.ModelErr)
	}
	return res, o, nil
}
