package cutesweep

import (
	"sort"
	"strings"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/laws"
)

// divergence is one kind of disagreement between a compiled source and
// the model on one operation: how many cases show it and the smallest.
type divergence struct {
	op    cute.Op
	kind  string
	count int
	least cute.Case
	got   cute.Answer
	want  cute.Answer
	broke []string // the laws the source's answer breaks, judged as if the case were admitted
}

// classify names how src's answer a to c differs from the model's m, or
// "" where they agree (or the difference is documented: CuTe checks no
// precondition with dynamic integers).
func classify(c cute.Case, a, m cute.Answer) string {
	static := c.IsStatic()
	switch {
	case laws.Crashed(a) && strings.HasPrefix(a.Rejected, "result "):
		return "answers no layout"
	case laws.Crashed(a):
		return "crashes (" + a.Rejected + ")"
	case m.Rejected == "" && a.Rejected != "" && !static:
		return "offered for static integers only"
	case m.Rejected == "" && a.Rejected != "":
		return "refuses a case the documentation admits"
	case m.Rejected != "" && a.Rejected == "" && static:
		return "accepts a case outside a documented precondition"
	case m.Rejected != "" || a.Rejected != "":
		return ""
	}
	if laws.Model.Check(c, a, []cute.Answer{m}) != nil {
		return "computes another function"
	}
	return ""
}

// divergences groups every case where src and the model differ.
func divergences(cs []cute.Case, src, model judged) []*divergence {
	groups := map[string]*divergence{}
	for _, c := range cs {
		a, m := src.of(c), model.of(c)
		kind := classify(c, a, m)
		if kind == "" {
			continue
		}
		key := string(c.Op) + "\x00" + kind
		d := groups[key]
		if d == nil {
			d = &divergence{op: c.Op, kind: kind, least: c, got: a, want: m}
			groups[key] = d
		}
		d.count++
		if smaller(c, d.least) {
			d.least, d.got, d.want = c, a, m
		}
	}
	out := make([]*divergence, 0, len(groups))
	for _, d := range groups {
		d.broke = brokenLaws(d.least, src)
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].op != out[j].op {
			return out[i].op < out[j].op
		}
		return out[i].kind < out[j].kind
	})
	return out
}

// brokenLaws lists the laws src's answer to c breaks, judging it even where
// the model refuses c: what a user of that answer would get wrong.
func brokenLaws(c cute.Case, src judged) []string {
	a := src.of(c)
	if a.Rejected != "" {
		return nil
	}
	var out []string
	for _, p := range laws.All() {
		if !p.Judges(c.Op) {
			continue
		}
		var needs []cute.Answer
		complete := true
		if p.Needs != nil {
			for _, n := range p.Needs(c) {
				na, ok := src.answers[n.String()]
				if !ok {
					complete = false
				}
				needs = append(needs, na)
			}
		}
		if complete && p.Check(c, a, needs) != nil {
			out = append(out, p.ID)
		}
	}
	return out
}
