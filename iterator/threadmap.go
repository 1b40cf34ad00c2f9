package iterator

import (
	"fmt"

	"github.com/tilecheck/tilecheck/layout"
)

// ThreadMap is a CUTLASS thread map instantiated for one tile: how
// many accesses each thread makes (Iter), how far apart they are (Delta: Dc in
// elements, Ds in rows), and where each thread starts (Init).
type ThreadMap struct {
	Kind    MapKind
	Shape   layout.Coord // (Sc, Ss) in elements × rows
	Threads int
	V       int          // elements per access
	Warp    layout.Coord // (wc, ws) threads; zero for stripmined
	Iter    layout.Coord // (Ic, Is) accesses
	Delta   layout.Coord // (Dc elements, Ds rows)

	// Warp-map arrangement: kWC × kWS warps over (contiguous, strided).
	warpsC, warpsS int64
}

// Count is Iter.count, the accesses one thread makes per tile.
func (m ThreadMap) Count() int64 { return m.Iter.C * m.Iter.S }

func constraint(c, format string, args ...any) error {
	return &ConstraintError{Constraint: c, Detail: fmt.Sprintf(format, args...)}
}

// NewThreadMap instantiates a thread map, rejecting a configuration that
// violates one of CUTLASS's static constraints with an error naming it.
func NewThreadMap(kind MapKind, shape layout.Coord, threads, v int, warp layout.Coord) (ThreadMap, error) {
	m := ThreadMap{Kind: kind, Shape: shape, Threads: threads, V: v}
	if shape.C <= 0 || shape.S <= 0 {
		return m, constraint("Shape > 0", "shape %dx%d", shape.C, shape.S)
	}
	if threads <= 0 {
		return m, constraint("Threads > 0", "threads=%d", threads)
	}
	if v <= 0 {
		return m, constraint("ElementsPerAccess > 0", "access=%d", v)
	}
	if shape.C%int64(v) != 0 {
		return m, constraint("Sc % V == 0", "Sc=%d V=%d", shape.C, v)
	}
	qc, qs, t := shape.C/int64(v), shape.S, int64(threads)
	if kind == Stripmined {
		if !((t < qc && qc%t == 0) || t%qc == 0) {
			return m, constraint("(T < Qc && Qc % T == 0) || T % Qc == 0", "T=%d Qc=%d", t, qc)
		}
		if t >= qc {
			rowsPerPass := t / qc
			m.Iter = layout.Coord{C: 1, S: (qs + rowsPerPass - 1) / rowsPerPass}
			m.Delta = layout.Coord{C: 1, S: rowsPerPass}
		} else {
			m.Iter = layout.Coord{C: qc / t, S: qs}
			m.Delta = layout.Coord{C: t * int64(v), S: 1}
		}
		return m, nil
	}
	return newWarpMap(m, qc, qs, warp)
}

func newWarpMap(m ThreadMap, qc, qs int64, warp layout.Coord) (ThreadMap, error) {
	m.Warp = warp
	wc, ws := warp.C, warp.S
	if wc <= 0 || ws <= 0 {
		return m, constraint("WarpThreadArrangement > 0", "warp=%dx%d", wc, ws)
	}
	if qc%wc != 0 {
		return m, constraint("Qc % warp.c == 0", "Qc=%d warp.c=%d", qc, wc)
	}
	if qs%ws != 0 {
		return m, constraint("Qs % warp.s == 0", "Qs=%d warp.s=%d", qs, ws)
	}
	w := wc * ws
	if int64(m.Threads)%w != 0 {
		return m, constraint("Threads % (warp.c*warp.s) == 0", "T=%d warp=%dx%d", m.Threads, wc, ws)
	}
	nw := int64(m.Threads) / w
	waiC, waiS := qc/wc, qs/ws
	var kWS, kWC int64
	switch m.Kind {
	case WarpRaked:
		kWS = min(waiS, nw)
		kWC = 1
		if nw > waiS {
			kWC = nw / kWS
		}
	case WarpStriped, WarpStriped3131:
		if waiS >= nw {
			kWS = nw
		} else {
			kWS = nw / waiS
		}
		kWC = 1
		if nw > waiS {
			if m.Kind == WarpStriped {
				kWC = waiC / kWS // CUTLASS HEAD
			} else {
				kWC = nw / kWS // PR #3131
			}
		}
	}
	if kWS == 0 || kWC == 0 {
		return m, constraint("WarpArrangement > 0", "kWC=%d kWS=%d (warps=%d, WarpAccessIterations=%dx%d)", kWC, kWS, nw, waiC, waiS)
	}
	m.warpsC, m.warpsS = kWC, kWS
	m.Iter = layout.Coord{C: waiC / kWC, S: waiS / kWS}
	if m.Iter.C*m.Iter.S == 0 {
		return m, constraint("Iterations::kCount != 0", "Iterations=%dx%d", m.Iter.C, m.Iter.S)
	}
	m.Delta = layout.Coord{C: wc * int64(m.V), S: ws}
	if m.Kind != WarpRaked {
		m.Delta.S = ws * kWS
	}
	return m, nil
}

// Init is ThreadMap::initial_offset(thread), in elements.
func (m ThreadMap) Init(thread int) layout.Coord {
	t, v := int64(thread), int64(m.V)
	if m.Kind == Stripmined {
		qc := m.Shape.C / v
		return layout.Coord{C: (t % qc) * v, S: t / qc}
	}
	wc, ws := m.Warp.C, m.Warp.S
	w, l := t/(wc*ws), t%(wc*ws)
	c := v * (wc*m.Iter.C*(w%m.warpsC) + l%wc)
	if m.Kind == WarpRaked {
		return layout.Coord{C: c, S: ws*m.Iter.S*(w/m.warpsC) + l/wc}
	}
	return layout.Coord{C: c, S: ws*(w/m.warpsC) + l/wc}
}

// Element returns the first element of access (s, c) of a thread, in elements:
// (c0 + c·Dc, s0 + s·Ds).
func (m ThreadMap) Element(thread int, c, s int64) layout.Coord {
	o := m.Init(thread)
	return layout.Coord{C: o.C + c*m.Delta.C, S: o.S + s*m.Delta.S}
}
