package cuda

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
)

// hugePitch: f32 rows 536870976 elements apart, 2^31 + 256 bytes, so
// CUTLASS's int32 incS (8·pitch bytes) wraps: 4294967808 − 2^32 = 512.
const hugePitch = "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=536870976"

func hugeCase(t *testing.T, ops string) Case {
	t.Helper()
	prog, err := iterator.ParseProgram(ops)
	require.NoError(t, err)
	return Case{Config: mustConfig(t, hugePitch), Programs: []iterator.Program{prog}}
}

// TestSparseWindows: page-aligned, merged windows around predicted accesses
// and the base, for a hand-made case (Off 8192, 4-byte accesses).
func TestSparseWindows(t *testing.T) {
	tr := []iterator.ThreadTrace{{Records: []iterator.Record{
		{Kind: "load", Addrs: []int64{0, 4092, 100000}},
		{Kind: "accesses", Addrs: []int64{1 << 30}}, // get() only: no window
	}}}
	pc := &plannedCase{N: 1 << 40, Off: 8192, AccessBytes: 4,
		Reference: [][]iterator.ThreadTrace{tr}, Expected: [][][]iterator.ThreadTrace{{tr}}, Avail: [][]bool{{true}}}
	// 8192+0 and 8192+4092..+4095 lie in page 2; 8192+100000 = 108192 in page 26.
	want := []int64{2 * 4096, 3 * 4096, 26 * 4096, 27 * 4096}
	assert.Equal(t, want, sparseWindows(pc), "windows")
	// An access straddling a page boundary maps both pages, merged.
	pc.Reference[0][0].Records[0].Addrs = []int64{4094}
	pc.Expected = nil
	assert.Equal(t, []int64{2 * 4096, 4 * 4096}, sparseWindows(pc), "straddling access: windows")
}

// TestSparseFaultFlagged: the harness, not the windows' author, decides.
// The reference rendition runs with windows cut to the first MiB of the
// tensor (the base and CUTLASS's wrapped addresses), so its accesses to
// rows 1..3 at 2^31 + … bytes fault. Each must come back flagged
// (unrecovered, or a byte count short), never as an address; row 0's
// accesses, in a window, are recovered exactly.
func TestSparseFaultFlagged(t *testing.T) {
	tc := hostToolchain(t)
	ctx := context.Background()
	variants := []Variant{{Model: "reference", Namespace: "tilecheck_ref", Role: RoleIterator}}
	for _, ops := range []string{"load(0,0)", "store(0,0)"} {
		pc, why := plan(0, hugeCase(t, ops), variants, false)
		require.NotNil(t, pc, "%s: not a sparse case: %s", ops, why)
		require.NotNil(t, pc.Windows, "%s: not a sparse case: %s", ops, why)
		var kept []int64
		for i := 0; i < len(pc.Windows); i += 2 {
			if pc.Windows[i] < pc.Off+1<<20 {
				kept = append(kept, pc.Windows[i], pc.Windows[i+1])
			}
		}
		pc.Windows = kept
		var src bytes.Buffer
		Generate(&src, []*plannedCase{pc}, variants, nil)
		opts := Options{Toolchain: tc}
		bin, _, err := opts.Build(ctx, src.Bytes())
		require.NoError(t, err)
		out, err := execute(ctx, bin, []*plannedCase{pc}, opts)
		require.NoError(t, err)
		for thread := 0; thread < 32; thread++ {
			accs := out.Accesses[accessKey{0, 0, 0, thread, 0}]
			require.Len(t, accs, 4, "%s thread %d accesses recorded, want 4", ops, thread)
			// Stripmined (docs/contract.md#thread-maps): a 64x8 tile is 8 rows of 16 accesses of
			// 4 floats; access k of thread t is number t + 32k, row
			// (t + 32k)/16, column 4·(t%16): byte row·(2^31 + 256) + 16·(t%16).
			for k, a := range accs {
				row := int64((thread + 32*k) / 16)
				want := row*(1<<31+256) + 16*int64(thread%16)
				if row == 0 {
					assert.Equal(t, want, a.Addr, "%s thread %d access %d: address", ops, thread, k)
					assert.Zero(t, a.Flags, "%s thread %d access %d: flags", ops, thread, k)
				} else {
					assert.NotZero(t, a.Flags&(flagUnrecovered|flagByteCount), "%s thread %d access %d (row %d, outside the windows): got %d unflagged", ops, thread, k, row, a.Addr)
				}
			}
		}
	}
}
