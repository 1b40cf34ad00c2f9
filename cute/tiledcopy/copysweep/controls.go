package copysweep

import (
	"strings"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// Control is a known-bad TiledCopy: the model with one defect. A sweep
// must see each killed by the properties it names.
type Control struct {
	ID       string
	Defect   string
	MustKill []string
	// answer is the control's trace for c, given the model's trace m; ok
	// false leaves the model's.
	answer func(c tiledcopy.Case, m tiledcopy.Trace) (tr tiledcopy.Trace, ok bool)
}

// Answer is the control's trace for c.
func (k *Control) Answer(c tiledcopy.Case) tiledcopy.Trace {
	m := c.Eval()
	if tr, ok := k.answer(c, m); ok {
		return tr
	}
	return m
}

func bits(s string) tiledcopy.BitLayout {
	l, err := cute.ParseLayout(s)
	if err != nil {
		panic(err)
	}
	return tiledcopy.BitLayout{Layout: l.WithStatic(true)}
}

// accepted is the model's trace m when it answers the case.
func accepted(m tiledcopy.Trace) (tiledcopy.Trace, bool) {
	return m, m.Rejected == ""
}

// rerun executes tr's copy again after its partitions were changed.
func rerun(c tiledcopy.Case, tr tiledcopy.Trace) (tiledcopy.Trace, bool) {
	landed, err := tiledcopy.Execute(c, tr)
	if err != nil {
		return tiledcopy.Trace{Rejected: err.Error()}, true
	}
	tr.Landed = landed
	return tr, true
}

// Controls lists the known-bad TiledCopies, one or more per property.
func Controls() []*Control {
	return []*Control{
		{ID: "C-value-layout", Defect: "SM75_U32x4_LDSM_N's DstLayout (and RefLayout) with the value modes of matrices 1 and 2 swapped: CuTe's partitions disagree with ldmatrix",
			MustKill: []string{"P-same-element"},
			answer: func(c tiledcopy.Case, m tiledcopy.Trace) (tiledcopy.Trace, bool) {
				if c.Atom != "SM75_U32x4_LDSM_N" {
					return tiledcopy.Trace{}, false
				}
				tr, _ := tiledcopy.TraitsOf(c.Atom)
				tr.DstLayout = bits("(_32,(_32,(_2,_2))):(_32,(_1,(_2048,_1024)))")
				tr.RefLayout = tr.DstLayout
				return c.EvalWith(tr), true
			}},
		{ID: "C-trans-as-n", Defect: "ldmatrix .trans issued (SM75_U16x8_LDSM_T's instruction) where the partitions are the non-transposed atom's (SM75_U32x4_LDSM_N)",
			MustKill: []string{"P-same-element"},
			answer: func(c tiledcopy.Case, m tiledcopy.Trace) (tiledcopy.Trace, bool) {
				tr, ok := accepted(m)
				if !ok || c.Atom != "SM75_U32x4_LDSM_N" || c.Element.Bits != 16 {
					return tiledcopy.Trace{}, false
				}
				d := c
				d.Atom = "SM75_U16x8_LDSM_T"
				landed, err := tiledcopy.Execute(d, tr)
				if err != nil {
					return tiledcopy.Trace{}, false
				}
				tr.Landed = landed
				return tr, true
			}},
		{ID: "C-vector-ignores-stride", Defect: "the atom's full vector issued where the destination's values are not contiguous (CuTe refuses to recast them), written as if they were",
			MustKill: []string{"P-vector"},
			answer: func(c tiledcopy.Case, m tiledcopy.Trace) (tiledcopy.Trace, bool) {
				if !strings.Contains(m.Rejected, "failed to vectorize") {
					return tiledcopy.Trace{}, false
				}
				tr, err := c.EvalPartitions()
				if err != nil {
					return tiledcopy.Trace{}, false
				}
				return tr, true
			}},
		{ID: "C-swizzle-one-side", Defect: "partition_D of a swizzled destination leaves the swizzle out (the unswizzled layout's offsets)",
			MustKill: []string{"P-address"},
			answer: func(c tiledcopy.Case, m tiledcopy.Trace) (tiledcopy.Trace, bool) {
				tr, ok := accepted(m)
				if !ok || c.Dst.Swizzle == nil {
					return tiledcopy.Trace{}, false
				}
				return rerun(c, reoffset(c, tr, func(o int64) int64 { return o }))
			}},
		{ID: "C-swizzle-clears", Defect: "the destination's swizzle clears its source bits (offset &^ yyy) instead of XORing them down: not a bijection",
			MustKill: []string{"P-swizzle-bijection"},
			answer: func(c tiledcopy.Case, m tiledcopy.Trace) (tiledcopy.Trace, bool) {
				tr, ok := accepted(m)
				if !ok || c.Dst.Swizzle == nil {
					return tiledcopy.Trace{}, false
				}
				sw := *c.Dst.Swizzle
				yyy := (int64(1)<<sw.B - 1) << (sw.M + max(0, sw.S))
				return rerun(c, reoffset(c, tr, func(o int64) int64 { return o &^ yyy }))
			}},
		{ID: "C-pred-off-by-one", Defect: "copy_if's predicate compares m <= extent: one row past the extent copied",
			MustKill: []string{"P-predicate"},
			answer: func(c tiledcopy.Case, m tiledcopy.Trace) (tiledcopy.Trace, bool) {
				rows, _, err := c.Shape()
				if c.Extent == nil || err != nil || c.Extent[0] >= rows {
					return tiledcopy.Trace{}, false
				}
				d := c
				d.Extent = []int64{c.Extent[0] + 1, c.Extent[1]}
				return d.Eval(), true
			}},
		{ID: "C-thread-broadcast", Defect: "the TV layout loses its thread stride above half the threads: the upper half repeats the lower half's partitions",
			MustKill: []string{"P-copy-once"},
			answer: func(c tiledcopy.Case, m tiledcopy.Trace) (tiledcopy.Trace, bool) {
				tr, ok := accepted(m)
				n := len(tr.Threads)
				if !ok || n < 2 || n%2 != 0 {
					return tiledcopy.Trace{}, false
				}
				th := append([]tiledcopy.Thread{}, tr.Threads...)
				copy(th[n/2:], th[:n/2])
				tr.Threads = th
				return rerun(c, tr)
			}},
		{ID: "C-partial-call", Defect: "the last thread's partition_D drops its last value: an atom call short of NumValDst values",
			MustKill: []string{"P-calls"},
			answer: func(c tiledcopy.Case, m tiledcopy.Trace) (tiledcopy.Trace, bool) {
				tr, ok := accepted(m)
				if !ok || len(tr.Threads) == 0 {
					return tiledcopy.Trace{}, false
				}
				th := append([]tiledcopy.Thread{}, tr.Threads...)
				last := &th[len(th)-1]
				last.Dst = last.Dst[:len(last.Dst)-1]
				if last.DstPred != nil {
					last.DstPred = last.DstPred[:len(last.DstPred)-1]
				}
				tr.Threads = th
				return tr, true
			}},
	}
}

// reoffset is tr with every destination offset recomputed from the
// destination's unswizzled layout, passed through f.
func reoffset(c tiledcopy.Case, tr tiledcopy.Trace, f func(int64) int64) tiledcopy.Trace {
	m, _, _ := c.Shape()
	th := make([]tiledcopy.Thread, len(tr.Threads))
	for t, x := range tr.Threads {
		x.Dst = append([]tiledcopy.Slot{}, x.Dst...)
		for i, s := range x.Dst {
			raw, err := c.Dst.RawOffset(s.Coord%m, s.Coord/m)
			if err == nil {
				x.Dst[i].Offset = f(raw)
			}
		}
		th[t] = x
	}
	tr.Threads = th
	return tr
}

// ByID is the control of that id, or nil.
func ByID(id string) *Control {
	for _, k := range Controls() {
		if k.ID == id {
			return k
		}
	}
	return nil
}
