package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// cutConfigs end the region's contiguous extent inside a vector: across the
// advance rank (f16, u4) and along it, as the residue (f16 adv=0).
var cutConfigs = []string{
	"class=PredicatedTileIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 extent=61x20",
	"class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 extent=130x8 access_elems=4",
	"class=PredicatedTileAccessIterator elem=u4 shape=128x8 threads=32 access=32 adv=1 extent=122x19 access_elems=8",
}

// lastGuard is a model whose guards judge a vector's last element: the
// reference's guards for an extent access_elems − 1 elements shorter along
// the contiguous rank, with the reference's addresses.
type lastGuard struct{ ref iterator.Model }

func (lastGuard) Name() string { return "last-guard" }

func (m lastGuard) Trace(cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
	tr, err := m.ref.Trace(cfg, prog, thread)
	if err != nil {
		return tr, err
	}
	short, ext := cfg, cfg.PitchExtent()
	short.Extent = [2]int64{ext.C - int64(cfg.ElemsPerAccessType()) + 1, ext.S}
	st, err := m.ref.Trace(short, prog, thread)
	if err != nil {
		return tr, err
	}
	for i := range tr.Records {
		tr.Records[i].Valid = st.Records[i].Valid
	}
	return tr, nil
}

// TestTraverseJudgesCutVectors: a region that ends inside a vector is
// judged (not audited away); the contract and CUTLASS pass it, and a guard
// on the vector's last element leaves the cut vector's elements unread or,
// past a residue, enables the next tile's elements a second time.
func TestTraverseJudgesCutVectors(t *testing.T) {
	for _, cfg := range cutConfigs {
		c, err := iterator.ParseConfig(cfg)
		require.NoError(t, err)
		cs, err := NewCase(c, TraverseProgram(c), nil)
		require.NoError(t, err)
		_, why := traverseRegion(cs)
		require.Empty(t, why, cfg)
		for _, name := range []string{"reference", "cutlass"} {
			r := judgeFamily(t, famModel(t, name), PTraverse, cfg, "accesses()")
			assert.Equal(t, report.Held, r.Status, "%s %q: %+v", name, cfg, r.Violations)
		}
		r := judgeFamily(t, lastGuard{ref: famModel(t, "reference")}, PTraverse, cfg, "accesses()")
		require.Equal(t, report.Violated, r.Status, cfg)
		assert.Regexp(t, "is never enabled|again", r.Violations[0].Detail, cfg)
	}
}

// TestTraverseCutStillRefusesOutside: a cut vector's later elements may lie
// past the region, but a vector whose first element does is still a
// violation (C-residue-no-tb enables rows past the extent).
func TestTraverseCutStillRefusesOutside(t *testing.T) {
	cfg := "class=PredicatedTileIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 extent=101x21 tb=64x3"
	r := judgeFamily(t, iterator.Control(iterator.CResidueNoTB), PTraverse, cfg, "accesses()")
	require.Equal(t, report.Violated, r.Status)
	assert.Contains(t, r.Violations[0].Detail, "outside the region")
}
