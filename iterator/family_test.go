package iterator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The expected values in this file are derived by hand from the formulas of
// docs/contract.md#models (and #thread-maps for the thread maps); each case
// shows its arithmetic.

// familyTrace parses cfg and ops and traces one thread through traceFamily.
func familyTrace(t *testing.T, model string, d Defect, cfg, ops string, thread int) ThreadTrace {
	t.Helper()
	c, err := ParseConfig(cfg)
	require.NoError(t, err, "config %q", cfg)
	_, err = Validate(c)
	require.NoError(t, err, "config %q", cfg)
	p, err := ParseProgram(ops)
	require.NoError(t, err, "ops %q", ops)
	tr, err := traceFamily(model, d, c, p, thread)
	require.NoError(t, err, "%s %q %q thread %d", model, cfg, ops, thread)
	return tr
}

// addrsOf returns the addresses of every record, one slice per record.
func addrsOf(tr ThreadTrace) [][]int64 {
	out := make([][]int64, len(tr.Records))
	for i, r := range tr.Records {
		out[i] = r.Addrs
	}
	return out
}

type familyCase struct {
	name      string
	cfg, ops  string
	thread    int
	cutlass   [][]int64
	reference [][]int64
}

func runFamilyCases(t *testing.T, cases []familyCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, m := range []struct {
				model string
				want  [][]int64
			}{{"cutlass", tc.cutlass}, {"reference", tc.reference}} {
				got := addrsOf(familyTrace(t, m.model, "", tc.cfg, tc.ops, tc.thread))
				assert.Equal(t, m.want, got, "%s: got %v, want %v", m.model, got, m.want)
			}
		})
	}
}

// TestIssue3487CrossTerm: the steady-state cross-rank term of
// add_tile_offset is Sc·tc bytes in CUTLASS, Sc·tc·B/8 in the contract.
func TestIssue3487CrossTerm(t *testing.T) {
	runFamilyCases(t, []familyCase{{
		// f16, 64x8, stripmined T=32 V=8: Qc=8, Iter=(1,2), Delta=(1,4). L=128.
		// Thread 0 at (0,0). extent 128x32: residue 32 mod 8 = 0 -> 8 rows.
		// add_tile_offset(0,1) (first): P = 8·128·16/8 = 2048 (+ incA·0).
		// accesses: 2048, 2048 + incS (128·4·2 = 1024) = 3072.
		// add_tile_offset(1,0) (steady): cutlass +Sc·tc = 64; contract +64·2 = 128.
		name:      "f16 64-element tile moves 64 bytes, not 128",
		cfg:       "class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=128 extent=128x32",
		ops:       "add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()",
		cutlass:   [][]int64{{2048, 3072}, {2112, 3136}},
		reference: [][]int64{{2048, 3072}, {2176, 3200}},
	}, {
		// u4, 128x8, stripmined T=32 V=32: Qc=4, Iter=(1,1), Delta=(1,8). L=256.
		// Thread 1 at (32,0): P = 32·4/8 = 16. extent 256x16: residue 8 rows.
		// First (0,1): +8·256·4/8 = 1024 -> 1040. Steady (1,0): cutlass +128,
		// contract +128·4/8 = 64.
		name:      "u4 128-element tile moves 128 bytes, not 64",
		cfg:       "class=PredicatedTileAccessIterator elem=u4 shape=128x8 threads=32 access=32 adv=1 stride=256 extent=256x16",
		ops:       "accesses();add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()",
		thread:    1,
		cutlass:   [][]int64{{16}, {1040}, {1168}},
		reference: [][]int64{{16}, {1040}, {1104}},
	}})
}

// TestRank0CrossTermWithoutPitch: for advance rank 0 the strided cross term
// of add_tile_offset has no L: Ss·ts·B/8 bytes in the residue step, Ss·ts in
// steady state; the contract moves Ss·ts·L·B/8.
func TestRank0CrossTermWithoutPitch(t *testing.T) {
	runFamilyCases(t, []familyCase{{
		// f16, 64x8, T=32 V=8, adv=0, L=200, extent 192x8 (residue 192 mod 64
		// = 0 -> 64). Thread 0: P = 0; accesses 0 and incS = 200·4·2 = 1600.
		// First (0,1): residue +64·2 = 128, incA·(0−1) = −128, cross 8·1·16/8
		// = 16 -> 16. Steady (0,1): +incA·0 + 8 -> 24.
		// Contract: 0 + 64 − 64 + 8·200 elements = 3200 bytes, then 6400.
		name:      "f16 Ss=8 L=200: 16 and 8 bytes instead of 3200",
		cfg:       "class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 stride=200 extent=192x8",
		ops:       "accesses();add_tile_offset(0,1);accesses();add_tile_offset(0,1);accesses()",
		cutlass:   [][]int64{{0, 1600}, {16, 1616}, {24, 1624}},
		reference: [][]int64{{0, 1600}, {3200, 4800}, {6400, 8000}},
	}})
}

// TestSubbyteSizeofOffsets: RegularTileAccessIterator offsets a packed u4 by
// sizeof(Element) = 1 byte per element, twice the bit-exact 4 bits.
func TestSubbyteSizeofOffsets(t *testing.T) {
	// u4, 128x8, stripmined T=32 V=32, L=128: Qc=4, Iter=(1,1), Delta=(1,8).
	// Thread 6 at (64,1): cutlass P0 = (64+128)·1 = 192; contract 192·4/8 = 96.
	// add_pointer_offset(8): +8 vs +4. add_tile_offset(1,0): 128 vs 64.
	// add_tile_offset(0,1): Ss·(L/V)·V = 8·4·32 = 1024 vs 8·128·4/8 = 512.
	cfg := "class=RegularTileAccessIterator elem=u4 shape=128x8 threads=32 access=32 adv=1 stride=128"
	runFamilyCases(t, []familyCase{
		{"init", cfg, "accesses()", 6, [][]int64{{192}}, [][]int64{{96}}},
		{"pointer offset", cfg, "add_pointer_offset(8);accesses()", 6, [][]int64{{200}}, [][]int64{{100}}},
		{"contiguous tile", cfg, "add_tile_offset(1,0);accesses()", 6, [][]int64{{320}}, [][]int64{{160}}},
		{"strided tile", cfg, "add_tile_offset(0,1);accesses()", 6, [][]int64{{1216}}, [][]int64{{608}}},
	})
}

// TestPitchNotMultipleOfV: RegularTileAccessIterator holds the pitch in
// access units, L/V truncating, so rows and strided tiles use V·(L/V).
func TestPitchNotMultipleOfV(t *testing.T) {
	// f32, 64x8, stripmined T=32 V=4, L=66: Qc=16, Iter=(1,4), Delta=(1,2).
	// L/V = 16, so cutlass rows step 2·16 accesses of 16 bytes = 512 bytes;
	// the contract steps 2·66·4 = 528. Thread 5 at (20,0); thread 17 at (4,1),
	// P0 = (4+66)·4 = 280 for both (the constructor uses the true L).
	// add_tile_offset(0,1): cutlass 8·16·4 = 512 elements = 2048 bytes,
	// contract 8·66·4 = 2112 bytes.
	cfg := "class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 stride=66"
	runFamilyCases(t, []familyCase{
		{"thread 5", cfg, "accesses()", 5, [][]int64{{80, 592, 1104, 1616}}, [][]int64{{80, 608, 1136, 1664}}},
		{"thread 17", cfg, "accesses()", 17, [][]int64{{280, 792, 1304, 1816}}, [][]int64{{280, 808, 1336, 1864}}},
		{"strided tile", cfg, "add_tile_offset(0,1);accesses()", 5, [][]int64{{2128, 2640, 3152, 3664}}, [][]int64{{2192, 2720, 3248, 3776}}},
	})
}

// TestRegularAccessAgreesWhereExact: with B ≥ 8 and L % V == 0 the two models
// agree, and ++ does not move the pointer.
func TestRegularAccessAgreesWhereExact(t *testing.T) {
	// The cutlass model's float example: thread 5 at (20,0), rows 2·64·4 = 512
	// apart. add_tile_offset(1,0): +64·4 = 256; add_pointer_offset(8): +32.
	cfg := "class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 adv=1 stride=64"
	want := [][]int64{{80, 592, 1104, 1616}, {80, 592, 1104, 1616}, {368, 880, 1392, 1904}}
	runFamilyCases(t, []familyCase{{"f32", cfg, "accesses();inc;inc;accesses();add_tile_offset(1,0);add_pointer_offset(8);accesses()", 5, want, want}})
}
