package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// farPointer is a model wrong only where a program moves its pointer by a
// whole row or more: every access after such an offset is one byte late.
// No case program below does; P-tile's derived programs do.
type farPointer struct{ ref iterator.Model }

func (farPointer) Name() string { return "far-pointer" }

func (m farPointer) Trace(cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
	tr, err := m.ref.Trace(cfg, prog, thread)
	if err != nil {
		return tr, err
	}
	for i, o := range prog {
		if o.Kind != iterator.AddPointerOffset || o.A < cfg.Pitch() {
			continue
		}
		for r := range tr.Records {
			if rec := &tr.Records[r]; rec.Op > i {
				addrs := make([]int64, len(rec.Addrs))
				for k, a := range rec.Addrs {
					addrs[k] = a + 1
				}
				rec.Addrs = addrs
			}
		}
	}
	return tr, nil
}

// TestOracleJudgesDerivedPrograms: P-oracle compares the programs the
// other properties derive (here P-tile's add_pointer_offset(n) of a whole
// tile), not only the case program, and names the derived program.
func TestOracleJudgesDerivedPrograms(t *testing.T) {
	cfg, err := iterator.ParseConfig("class=PredicatedTileIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 extent=64x20")
	require.NoError(t, err)
	prog, err := iterator.ParseProgram("add_tile_offset(0,1);load();add_tile_offset(0,1);load()")
	require.NoError(t, err)
	c, err := NewCase(cfg, prog, []int{0, 5})
	require.NoError(t, err)
	ref := famModel(t, "reference")
	bad := ModelSource(farPointer{ref: ref})

	alone, _, err := Check([]Property{POracle}, bad, ModelSource(ref), c)
	require.NoError(t, err)
	assert.Equal(t, report.Held, alone[0].Status, "the case program alone shows nothing")

	res, _, err := Check([]Property{PTile, POracle}, bad, ModelSource(ref), c)
	require.NoError(t, err)
	require.Equal(t, report.Violated, res[1].Status)
	v := res[1].Violations[0]
	assert.Contains(t, v.Program.String(), "add_pointer_offset(", "the violation names the derived program")
	assert.Contains(t, v.Detail, "differs from the reference")

	ok, _, err := Check([]Property{PTile, POracle}, ModelSource(ref), ModelSource(ref), c)
	require.NoError(t, err)
	assert.Equal(t, report.Held, ok[1].Status)
}
