package copycases

import (
	"strings"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// Target is a coverage floor: the fraction of a sample's cases that must
// reach a corner the generators aim at, or the sample could hide a bug
// there.
type Target struct {
	Name  string
	Floor float64
	// Hit says whether case c, which the model answered m, counts.
	Hit func(c tiledcopy.Case, m tiledcopy.Trace) bool
}

func family(f Family) func(tiledcopy.Case, tiledcopy.Trace) bool {
	return func(c tiledcopy.Case, _ tiledcopy.Trace) bool { return FamilyOf(c.Atom) == f }
}

func padded(x tiledcopy.Tensor) bool {
	m, n := x.Layout.Mode(0), x.Layout.Mode(1)
	ms, _ := m.Size()
	ns, _ := n.Size()
	for _, d := range n.Stride.Flatten() {
		if d.Val > ms && d.Val%ms == 0 && m.Stride.Flatten()[0].Val == 1 && ns > 1 && d.Val != ms {
			return true
		}
	}
	for _, d := range m.Stride.Flatten() {
		if d.Val > ns && n.Stride.Flatten()[0].Val == 1 && ms > 1 && d.Val%ns == 0 && d.Val != ns {
			return true
		}
	}
	return false
}

// Targets are the coverage floors of a TiledCopy sweep, in a report's
// order.
var Targets = []Target{
	{Name: "UniversalCopy atoms", Floor: 0.10, Hit: family(Universal)},
	{Name: "cp.async atoms", Floor: 0.05, Hit: family(CpAsync)},
	{Name: "ldmatrix atoms", Floor: 0.10, Hit: family(LDSMN)},
	{Name: "ldmatrix .trans atoms", Floor: 0.10, Hit: family(LDSMT)},
	{Name: "stmatrix atoms", Floor: 0.03, Hit: family(STSM)},
	{Name: "sub-byte elements (uint4b_t)", Floor: 0.03, Hit: func(c tiledcopy.Case, _ tiledcopy.Trace) bool {
		return c.Element.Bits < 8
	}},
	{Name: "64-bit elements", Floor: 0.02, Hit: func(c tiledcopy.Case, _ tiledcopy.Trace) bool {
		return c.Element.Bits == 64
	}},
	{Name: "stride-0 source threads (ldmatrix x1, x2)", Floor: 0.05, Hit: func(c tiledcopy.Case, _ tiledcopy.Trace) bool {
		return c.Atom == "SM75_U32x1_LDSM_N" || c.Atom == "SM75_U32x2_LDSM_N" || c.Atom == "SM75_U16x2_LDSM_T" || c.Atom == "SM75_U16x4_LDSM_T"
	}},
	{Name: "swizzled tensor", Floor: 0.20, Hit: func(c tiledcopy.Case, m tiledcopy.Trace) bool {
		return m.Rejected == "" && (c.Src.Swizzle != nil || c.Dst.Swizzle != nil)
	}},
	{Name: "padded pitch", Floor: 0.10, Hit: func(c tiledcopy.Case, m tiledcopy.Trace) bool {
		return m.Rejected == "" && (padded(c.Src) || padded(c.Dst))
	}},
	{Name: "partial tile (copy_if)", Floor: 0.10, Hit: func(c tiledcopy.Case, m tiledcopy.Trace) bool {
		if m.Rejected != "" || c.Extent == nil {
			return false
		}
		ms, _ := c.Src.Layout.Mode(0).Size()
		ns, _ := c.Src.Layout.Mode(1).Size()
		return c.Extent[0] < ms || c.Extent[1] < ns
	}},
	{Name: "several atom calls per thread", Floor: 0.20, Hit: func(_ tiledcopy.Case, m tiledcopy.Trace) bool {
		return m.Rejected == "" && len(m.Threads) > 0 && len(m.Threads[0].Src) > int(m.SrcAtomVals)
	}},
	{Name: "refused (CuTe's static_assert)", Floor: 0.03, Hit: func(_ tiledcopy.Case, m tiledcopy.Trace) bool {
		return m.Rejected != "" && !strings.HasPrefix(m.Rejected, tiledcopy.OutsideModel)
	}},
	{Name: "accepted", Floor: 0.70, Hit: func(_ tiledcopy.Case, m tiledcopy.Trace) bool {
		return m.Rejected == ""
	}},
}
