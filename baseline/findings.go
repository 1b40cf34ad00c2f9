package baseline

import (
	"regexp"
	"slices"
	"strings"

	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// Of lists the findings of r: one per failing property, with the law its
// smallest counterexample broke.
func Of(r *report.Report) []report.Finding {
	var out []report.Finding
	for _, p := range r.Properties {
		if p.Status != report.Violated {
			continue
		}
		f := report.Finding{Class: classOf(r), Iterator: r.Iterator, Source: sourceOf(r), Property: p.ID}
		if p.Counterexample != nil {
			f.Law = Law(p.Counterexample.Detail)
		}
		out = append(out, f)
	}
	return out
}

// classOf is a report's class; a report without one is a
// RegularTileIterator's.
func classOf(r *report.Report) string {
	if r.Class == "" {
		return "RegularTileIterator"
	}
	return r.Class
}

// sourceOf says whether r judged a Go model or compiled C++: a finding of
// one is not a finding of the other.
func sourceOf(r *report.Report) string {
	if r.Backend == "" || r.Backend == "go" {
		return SourceModel
	}
	return SourceCompiled
}

var (
	opPrefix = regexp.MustCompile(`^op [0-9]+: `)
	integer  = regexp.MustCompile(`-?[0-9]+`)
)

// Law is the equivalence a counterexample's detail says was broken, with
// every number in it replaced by ·, so that it names the call paths and
// not the case: "op 0: store(1,-2) differs from add_tile_offset(1,-2);
// store() (expected ...)" is "store(·,·) ≡ add_tile_offset(·,·); store()".
// A detail that is no equivalence ("" too) gives "": the property itself
// is the law.
func Law(detail string) string {
	d := opPrefix.ReplaceAllString(detail, "")
	i := strings.Index(d, " differs from ")
	if i < 0 {
		return ""
	}
	right := d[i+len(" differs from "):]
	if j := strings.Index(right, " ("); j >= 0 {
		right = right[:j]
	}
	return integer.ReplaceAllString(d[:i]+" ≡ "+right, "·")
}

// Apply sorts every report of m against f and sets its Baseline (file
// names the baseline in the reports). A report judges only the entries of
// its own class, iterator and source: the others are neither present nor
// fixed in it. A failure whose property is known under another law is
// known, with the law broken this run in Seen: a report keeps one smallest
// counterexample per property, so which law it shows can change with the
// seed.
func Apply(m *report.Matrix, f *File, file string) {
	for _, r := range m.Reports {
		r.Baseline = sortOut(r, f, file)
	}
}

func sortOut(r *report.Report, f *File, file string) *report.Findings {
	out := &report.Findings{File: file, New: []report.Finding{}, Known: []report.Finding{}, Fixed: []report.Finding{}}
	failing := map[subject]report.Finding{}
	for _, x := range Of(r) {
		failing[subjectOf(x)] = x
	}
	recorded := map[key]bool{}
	bySubject := map[subject]bool{}
	for _, e := range f.Findings {
		recorded[keyOf(e)] = true
		bySubject[subjectOf(e)] = true
	}
	for _, e := range f.Findings {
		x, fails := failing[subjectOf(e)]
		switch {
		case e.Class != classOf(r) || e.Iterator != r.Iterator || e.Source != sourceOf(r):
		case fails:
			if !recorded[keyOf(x)] {
				e.Seen = lawText(x.Law)
			}
			out.Known = append(out.Known, e)
		case judged(r, e.Property):
			out.Fixed = append(out.Fixed, e)
		}
	}
	for s, x := range failing {
		if !bySubject[s] {
			out.New = append(out.New, x)
		}
	}
	for _, l := range [][]report.Finding{out.New, out.Known, out.Fixed} {
		slices.SortFunc(l, compareFindings)
	}
	out.Gate = gate(r, len(out.New) > 0)
	return out
}

// lawText is a law as a finding's Seen holds it: a property that is one
// law says so.
func lawText(law string) string {
	if law == "" {
		return "(the property itself)"
	}
	return law
}

// Update is old brought up to date by reports and probe runs: their new
// findings and the laws their known ones broke this run are added (with an
// empty note), the fixed ones are dropped (and returned, for the caller to
// say so), and every other entry, with its note, is kept as it is.
func Update(old *File, reports []*report.Report, probes []*report.ProbeReport) (*File, []report.Finding) {
	if old == nil {
		old = &File{}
	}
	drop := map[key]bool{}
	var fixed []report.Finding
	have := map[key]bool{}
	for _, e := range old.Findings {
		have[keyOf(e)] = true
	}
	var add []report.Finding
	for _, r := range reports {
		o := sortOut(r, old, "")
		for _, e := range o.Fixed {
			drop[keyOf(e)] = true
			fixed = append(fixed, e)
		}
		for _, x := range Of(r) {
			if !have[keyOf(x)] {
				have[keyOf(x)] = true
				add = append(add, x)
			}
		}
	}
	for _, p := range probes {
		c := *p
		ApplyProbe(&c, old, "")
		for _, e := range c.Baseline.Fixed {
			drop[keyOf(e)] = true
			fixed = append(fixed, e)
		}
		for _, x := range c.Baseline.New {
			if !have[keyOf(x)] {
				have[keyOf(x)] = true
				add = append(add, x)
			}
		}
	}
	out := &File{Version: Version, Findings: []report.Finding{}}
	for _, e := range old.Findings {
		if !drop[keyOf(e)] {
			out.Findings = append(out.Findings, e)
		}
	}
	out.Findings = append(out.Findings, add...)
	slices.SortFunc(out.Findings, compareFindings)
	return out, fixed
}

// judged says whether r ran property id to its end on some case: only then
// does its passing mean the finding is fixed (not a property left out of
// this run, nor an interrupted one).
func judged(r *report.Report, id string) bool {
	if r.Interrupted != "" || r.IsShard() {
		return false
	}
	for _, p := range r.Properties {
		if p.ID == id {
			return p.Status == report.Held || p.Status == report.Audited
		}
	}
	return false
}

// gate is r's verdict by the one rule (sweep.Verdict) with the known
// failures discounted: it fails only on a new finding; a run that failed
// on known findings alone is weak where its evidence is (a control not
// killed as required, a coverage floor missed, a model error, a property
// that judged nothing), else it passes. A verdict other than fail stands.
func gate(r *report.Report, fresh bool) report.Verdict {
	if r.Verdict != report.Fail {
		return r.Verdict
	}
	unproven := r.Checks == 0
	for _, c := range r.Coverage {
		unproven = unproven || !c.OK
	}
	for _, a := range r.Audit {
		unproven = unproven || a.Topic == "model-error"
	}
	for _, p := range r.Properties {
		if p.Status == report.NotApplicable {
			pp, err := props.ByID(p.ID)
			unproven = unproven || err != nil || !pp.AuditOnly
		}
	}
	return sweep.Verdict(fresh, r.Controls, unproven)
}

// Verdict is the verdict r's exit status follows: the gate when a
// baseline judged it, else its own.
func Verdict(r *report.Report) report.Verdict {
	if r.Baseline != nil {
		return r.Baseline.Gate
	}
	return r.Verdict
}

// Combined is the gate of one iterator swept over several classes: the
// reports' gates combined by sweep.CombinedVerdict's rule.
func Combined(m *report.Matrix) report.Verdict {
	gated := &report.Matrix{}
	for _, r := range m.Reports {
		c := *r
		c.Verdict = Verdict(r)
		gated.Reports = append(gated.Reports, &c)
	}
	return sweep.CombinedVerdict(gated)
}
