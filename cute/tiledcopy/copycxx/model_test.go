package copycxx

import (
	"fmt"
	"reflect"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// modelDiff is the first difference between compiled CuTe's trace and the
// Go model's (tiledcopy.Case.Eval), or "" where they agree: refusal,
// the atom's counts and widths, every thread's slots and predicates, and
// Landed where both ran the copy (offsets past the shorter one read -1).
func modelDiff(c tiledcopy.Case, r tiledcopy.Trace) string {
	m := c.Eval()
	if (m.Rejected == "") != (r.Rejected == "") {
		return fmt.Sprintf("refusal: model %q, CuTe %q", m.Rejected, r.Rejected)
	}
	if m.Rejected != "" {
		return ""
	}
	if m.AtomThreads != r.AtomThreads || m.SrcAtomVals != r.SrcAtomVals || m.DstAtomVals != r.DstAtomVals ||
		m.VectorBits != r.VectorBits || m.DstVectorBits != r.DstVectorBits {
		return fmt.Sprintf("atom: model %d threads %d/%d values %d/%d bits, CuTe %d threads %d/%d values %d/%d bits",
			m.AtomThreads, m.SrcAtomVals, m.DstAtomVals, m.VectorBits, m.DstVectorBits,
			r.AtomThreads, r.SrcAtomVals, r.DstAtomVals, r.VectorBits, r.DstVectorBits)
	}
	if len(m.Threads) != len(r.Threads) {
		return fmt.Sprintf("threads: model %d, CuTe %d", len(m.Threads), len(r.Threads))
	}
	for t := range m.Threads {
		a, b := m.Threads[t], r.Threads[t]
		for _, f := range []struct {
			name string
			x, y any
		}{{"Src", a.Src, b.Src}, {"Dst", a.Dst, b.Dst}, {"Pred", a.Pred, b.Pred}, {"DstPred", a.DstPred, b.DstPred}} {
			if !reflect.DeepEqual(f.x, f.y) {
				return fmt.Sprintf("thread %d %s: model %v, CuTe %v", t, f.name, f.x, f.y)
			}
		}
	}
	if m.Landed == nil || r.Landed == nil {
		return ""
	}
	at := func(l []int64, o int) int64 {
		if o < len(l) {
			return l[o]
		}
		return -1
	}
	for o := 0; o < max(len(m.Landed), len(r.Landed)); o++ {
		if x, y := at(m.Landed, o), at(r.Landed, o); x != y {
			return fmt.Sprintf("landed at offset %d: model %d, CuTe %d", o, x, y)
		}
	}
	return ""
}
