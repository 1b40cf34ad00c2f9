// Package picture draws a counterexample as an SVG: the tile as a grid of
// elements (of bits for sub-byte element types) in the memory rows of its
// pitch, one thread's accesses coloured by the path (the op program up to
// a load, a store or an accesses() pass) that made them, the reference's
// accesses where they differ, and the pitch gap shaded. It renders values
// (traces, or a report's counterexample) and judges nothing.
package picture

import (
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// Drawing is what one picture shows: a case's geometry and the accesses of
// each path of one thread.
type Drawing struct {
	Title    string // names the case: iterator, property, thread
	Subtitle string // the configuration and op program
	Note     string // the violation's detail, if any
	Config   iterator.Config
	Paths    []Path
}

// Path is one load, store or accesses() pass of the thread and the
// accesses it made; Reference holds the reference's accesses for the same
// path, and is nil where they are the same (nothing to draw).
type Path struct {
	Label     string
	Accesses  []Access
	Reference []Access
}

// Access is one memory access: its byte address from the tensor's data
// pointer, its width in bytes, and whether its guard let it through (an
// access guarded off is drawn hollow). An address that compiled code's
// bytes did not show (report.NotSeen) is not drawn.
type Access struct {
	Addr, Bytes int64
	Off         bool
}

// FromTraces draws one thread's trace of prog beside the reference's trace
// of the same program: a path per record, labelled by the ops up to it.
func FromTraces(title, note string, cfg iterator.Config, prog iterator.Program, got, ref iterator.ThreadTrace) Drawing {
	d := Drawing{Title: title, Subtitle: cfg.String() + " · " + prog.String(), Note: note, Config: cfg}
	refByOp := map[int]*iterator.Record{}
	for i := range ref.Records {
		refByOp[ref.Records[i].Op] = &ref.Records[i]
	}
	for i := range got.Records {
		r := &got.Records[i]
		p := Path{Label: pathLabel(prog, r.Op), Accesses: accesses(r)}
		if rr, ok := refByOp[r.Op]; ok && !sameAccesses(p.Accesses, accesses(rr)) {
			p.Reference = accesses(rr)
		}
		d.Paths = append(d.Paths, p)
	}
	return d
}

// FromCounterexample draws a report's counterexample: its actual addresses
// as one path and its expected ones as the reference where they differ,
// each as wide as the configuration's access.
func FromCounterexample(title string, cx *report.Counterexample) (Drawing, error) {
	cfg, err := iterator.ParseConfig(cx.Config)
	if err != nil {
		return Drawing{}, fmt.Errorf("picture of %s: %w", title, err)
	}
	width := int64(iterator.InstanceAccessBytes(cfg))
	list := func(addrs []int64) []Access {
		out := make([]Access, 0, len(addrs))
		for _, a := range addrs {
			out = append(out, Access{Addr: a, Bytes: width})
		}
		return out
	}
	p := Path{Label: "actual: " + cx.Ops, Accesses: list(cx.Actual)}
	if exp := list(cx.Expected); !sameAccesses(p.Accesses, exp) {
		p.Reference = exp
	}
	return Drawing{Title: title, Subtitle: cx.Config + " · " + cx.Ops, Note: cx.Detail, Config: cfg, Paths: []Path{p}}, nil
}

// pathLabel names record op's path: its 0-based index, as traces and
// details count, and the ops of prog up to it.
func pathLabel(prog iterator.Program, op int) string {
	var parts []string
	for i := 0; i <= op && i < len(prog); i++ {
		parts = append(parts, prog[i].String())
	}
	return fmt.Sprintf("op %d: %s", op, strings.Join(parts, "; "))
}

func accesses(r *iterator.Record) []Access {
	out := make([]Access, 0, len(r.Addrs))
	for k, a := range r.Addrs {
		if !r.Seen(k) {
			a = report.NotSeen
		}
		off := r.Valid != nil && k < len(r.Valid) && !r.Valid[k]
		out = append(out, Access{Addr: a, Bytes: r.AccessBytes, Off: off})
	}
	return out
}

func sameAccesses(a, b []Access) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
