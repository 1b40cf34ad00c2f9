package copycases

import (
	"github.com/stretchr/testify/require"
	"testing"
)

// A seed draws the same cases, and every case's text form reads back.
func TestDeterministicAndParses(t *testing.T) {
	a, b := Draw(7, 200), Draw(7, 200)
	for i := range a {
		require.Equal(t, b[i].String(), a[i].String(), "case %d differs: %v / %v", i, a[i], b[i])
		c, err := tiledcopyParse(a[i].String())
		require.NoError(t, err, "case %d: %v does not read back", i, a[i])
		require.Equal(t, a[i].String(), c, "case %d: %v does not read back (%v)", i, a[i], err)
	}
}

// Cases mixed from different draws (one's atom and element, another's
// layouts, a third's extent) are answered or refused, never a panic; and
// the model's answers to them keep the trace's shape.
func TestMixedCasesNeverPanic(t *testing.T) {
	cs := Draw(3, 300)
	for i := range cs {
		a, b, c := cs[i], cs[(i*7+1)%len(cs)], cs[(i*13+2)%len(cs)]
		m := a
		m.Thr, m.Val = b.Thr, b.Val
		m.Src, m.Dst = c.Src, b.Dst
		m.Extent = c.Extent
		tr := m.Eval()
		if tr.Rejected != "" {
			continue
		}
		for k, th := range tr.Threads {
			require.Zero(t, len(th.Src)%int(tr.SrcAtomVals), "%v: thread %d holds %d and %d values", m, k, len(th.Src), len(th.Dst))
			require.Zero(t, len(th.Dst)%int(tr.DstAtomVals), "%v: thread %d holds %d and %d values", m, k, len(th.Src), len(th.Dst))
		}
	}
}
