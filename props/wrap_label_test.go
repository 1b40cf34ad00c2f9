package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// moved is a model whose every address is f of the reference's.
type moved struct {
	ref iterator.Model
	f   func(cfg iterator.Config, a int64) int64
}

func (moved) Name() string { return "moved" }

func (m moved) Trace(cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
	tr, err := m.ref.Trace(cfg, prog, thread)
	for i := range tr.Records {
		r := &tr.Records[i]
		addrs := make([]int64, len(r.Addrs))
		for k, a := range r.Addrs {
			addrs[k] = m.f(cfg, a)
		}
		r.Addrs = addrs
	}
	return tr, err
}

// wideRTA's rows are L·B = (2^29 + 64)·32 bits apart: L − Sc = 2^29.
const wideRTA = "class=RegularTileAccessIterator elem=f32 shape=64x8 threads=16 access=4 adv=1 stride=536870976"

// TestIndexLabelsOnlyWraps: an address held in a 32-bit byte offset is a
// silent wrap; rows packed by the tile's width instead of the pitch put
// row 1 2^31 bytes early (a multiple of 2^29, which a rule that only
// looked at the difference would take for a wrap) and row 2 2^32 bytes
// early, but no narrowing makes row 1's, so P-index says nothing and
// P-oracle reports the mismatch.
func TestIndexLabelsOnlyWraps(t *testing.T) {
	ref := famModel(t, "reference")
	wrap := moved{ref: ref, f: func(_ iterator.Config, a int64) int64 { return int64(int32(a)) }}
	r := judgeFamily(t, wrap, PIndex, wideRTA, "accesses()")
	require.Equal(t, report.Violated, r.Status)
	assert.Contains(t, r.Violations[0].Detail, "int32 intermediate wrapped")

	packed := moved{ref: ref, f: func(cfg iterator.Config, a int64) int64 {
		row := cfg.Pitch() * 4
		return a - a/row*(cfg.Pitch()-64)*4
	}}
	assert.Equal(t, report.Held, judgeFamily(t, packed, PIndex, wideRTA, "accesses()").Status)
	assert.Equal(t, report.Violated, judgeFamily(t, packed, POracle, wideRTA, "accesses()").Status)
}

// TestWrapExplained: 2^32 bytes are always a narrowing's loss; 2^29 bytes
// only where a pointer offset's n·B loses exactly that.
func TestWrapExplained(t *testing.T) {
	cfg, err := iterator.ParseConfig(wideRTA)
	require.NoError(t, err)
	for _, tc := range []struct {
		ops  string
		d    int64
		want bool
	}{
		{"accesses()", 1 << 32, true},
		{"accesses()", 1 << 31, false},
		{"accesses()", 1 << 29, false},
		{"accesses()", 12, false},
		// 536870920·32 bits = 2^34 + 256: int32 keeps 256, 2^31 bytes lost.
		{"add_pointer_offset(536870920);accesses()", -(1 << 31), true},
		{"add_pointer_offset(536870920);accesses()", 1 << 31, true}, // the same modulo 2^32
		{"add_pointer_offset(536870920);accesses()", 1 << 30, false},
		{"add_pointer_offset(8);accesses()", 1 << 31, false},
	} {
		prog, err := iterator.ParseProgram(tc.ops)
		require.NoError(t, err)
		c, err := NewCase(cfg, prog, nil)
		require.NoError(t, err)
		assert.Equal(t, tc.want, wrapExplained(&c, len(prog)-1, tc.d), "%s d=%d", tc.ops, tc.d)
	}
}
