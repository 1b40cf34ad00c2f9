package props

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// What P-oracle and P-index see beyond a model's own reports.

// traceEdit is the reference model with its traces edited: a single-defect
// iterator that a property must tell from the reference.
type traceEdit struct {
	name string
	base iterator.Model
	f    func(*iterator.ThreadTrace)
}

func (m traceEdit) Name() string { return m.name }

func (m traceEdit) Trace(cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
	tr, err := m.base.Trace(cfg, prog, thread)
	if err == nil {
		m.f(&tr)
	}
	return tr, err
}

// A model that wraps an int32 and does not say so fails P-index: C-int32's
// addresses with its overflow reports removed. The reference, computed in
// 64 bits, passes on the same case.
func TestPIndexSeesSilentWrap(t *testing.T) {
	cfg := "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=536870976"
	silent := traceEdit{"silent-int32", famModel(t, string(iterator.CInt32)), func(tr *iterator.ThreadTrace) { tr.Overflows = nil }}
	assert.Equal(t, report.Violated, judgeFamily(t, silent, PIndex, cfg, "load()").Status, "P-index on a silent wrap")
	r := judgeFamily(t, famModel(t, "reference"), PIndex, cfg, "inc;load()")
	assert.Equal(t, report.Held, r.Status, "P-index on the reference: %v", r.Violations)
	// A model off by a small amount is P-oracle's business, not a wrap.
	off := traceEdit{"off-by-16", famModel(t, "reference"), func(tr *iterator.ThreadTrace) {
		for i := range tr.Records {
			tr.Records[i].Addrs = append([]int64(nil), tr.Records[i].Addrs...)
			tr.Records[i].Addrs[0] += 16
		}
	}}
	assert.Equal(t, report.Held, judgeFamily(t, off, PIndex, cfg, "load()").Status, "P-index on a model 16 bytes off (not a wrap)")
}

// P-oracle compares each access's width and guard with the reference.
func TestPOracleJudgesWidthAndGuards(t *testing.T) {
	ref := famModel(t, "reference")
	narrow := traceEdit{"align-ignored", ref, func(tr *iterator.ThreadTrace) {
		for i := range tr.Records {
			tr.Records[i].AccessBytes = 16
		}
	}}
	// Alignment 32 on a 16-byte access: the reference's AccessType is 32 bytes.
	assert.Equal(t, report.Violated, judgeFamily(t, narrow, POracle, "elem=f32 shape=128x4 map=stripmined threads=16 access=4 adv=1 align=32", "load()").Status,
		"P-oracle on an access type that ignores Alignment")
	pred := "class=PredicatedTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 extent=100x21 tb=64x3"
	flipped := traceEdit{"guard-flipped", ref, func(tr *iterator.ThreadTrace) {
		for i := range tr.Records {
			v := append([]bool(nil), tr.Records[i].Valid...)
			v[len(v)-1] = !v[len(v)-1]
			tr.Records[i].Valid = v
		}
	}}
	assert.Equal(t, report.Violated, judgeFamily(t, flipped, POracle, pred, "accesses()").Status, "P-oracle on a flipped guard")
	// clear_mask then accesses(): every guard off in the contract.
	noClear := traceEdit{"clear-noop", ref, func(tr *iterator.ThreadTrace) {}}
	assert.Equal(t, report.Held, judgeFamily(t, noClear, POracle, pred, "clear_mask;accesses()").Status, "P-oracle on the reference itself")
	assert.Equal(t, report.Violated, judgeFamily(t, flipped, POracle, pred, "clear_mask;accesses()").Status, "P-oracle after clear_mask with a guard on")
}

// CUTLASS does not recompute its guards after a cross-rank add_tile_offset
// (predicated_tile_access_iterator.h: only the residue step calls
// compute_predicates_, at the thread offset plus the residue offset, never
// plus the tile offset); the contract does. Moving one tile across (rank 1:
// one tile along the contiguous axis) into a tensor 100 wide: threads of
// the second 64-wide tile column whose columns pass 100 must be off.
func TestCutlassGuardsStaleAfterCrossRankMove(t *testing.T) {
	pred := "class=PredicatedTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 extent=100x21"
	ops := "add_tile_offset(1,1);accesses()"
	assert.Equal(t, report.Held, judgeFamily(t, famModel(t, "reference"), POracle, pred, ops).Status, "reference")
	c := judgeFamily(t, famModel(t, "cutlass"), POracle, pred, ops)
	stale := false
	for _, v := range c.Violations {
		if strings.Contains(v.Detail, "guard") {
			stale = true
		}
	}
	assert.True(t, stale, "cutlass: no guard violation after a cross-rank move: %+v", c.Violations)
}
