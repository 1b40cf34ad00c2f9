package iterator

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/layout"
)

func newMap(t *testing.T, kind MapKind, sc, ss int64, threads, v int, wc, ws int64) ThreadMap {
	t.Helper()
	m, err := NewThreadMap(kind, layout.Coord{C: sc, S: ss}, threads, v, layout.Coord{C: wc, S: ws})
	require.NoError(t, err, "%s %dx%d T=%d V=%d warp %dx%d", kind, sc, ss, threads, v, wc, ws)
	return m
}

// Iter, Delta and initial offsets worked by hand from
// docs/contract.md#thread-maps.
func TestThreadMapFormulasByHand(t *testing.T) {
	c := func(a, b int64) layout.Coord { return layout.Coord{C: a, S: b} }
	cases := []struct {
		name        string
		m           ThreadMap
		iter, delta layout.Coord
		inits       map[int]layout.Coord
	}{
		// Qc=16 ≤ T=32: Iter=(1, ceil(8/2)), Delta=(1, 2); init(t)=((t%16)·4, t/16).
		{"stripmined 64x8 T32 V4", newMap(t, Stripmined, 64, 8, 32, 4, 0, 0), c(1, 4), c(1, 2),
			map[int]layout.Coord{5: c(20, 0), 17: c(4, 1), 31: c(60, 1)}},
		// Qc=32 > T=16: Iter=(2, 4), Delta=(T·V, 1) = (64, 1).
		{"stripmined 128x4 T16 V4", newMap(t, Stripmined, 128, 4, 16, 4, 0, 0), c(2, 4), c(64, 1),
			map[int]layout.Coord{15: c(60, 0)}},
		// Qc=8, Qs=8, W=32, NW=1, WAI=(1,2): kWS=1, kWC=1, Iter=(1,2), Delta=(64,4);
		// t=9: w=0, l=9: c=8·(9%8)=8, s=9/8=1.
		{"warp-raked 64x8 T32 8x4 V8", newMap(t, WarpRaked, 64, 8, 32, 8, 8, 4), c(1, 2), c(64, 4),
			map[int]layout.Coord{9: c(8, 1), 31: c(56, 3)}},
		// Qc=64, Qs=8, warp 16x2: W=32, NW=8, WAI=(4,4). Raked: kWS=4, kWC=8/4=2,
		// Iter=(2,1), Delta=(16,2); t=100: w=3, l=4: c=16·2·1+4=36, s=2·1·1+0=2.
		{"warp-raked 64x8 T256 16x2 V1", newMap(t, WarpRaked, 64, 8, 256, 1, 16, 2), c(2, 1), c(16, 2),
			map[int]layout.Coord{100: c(36, 2), 255: c(47, 7)}},
		// HEAD striped: kWS=8/4=2, kWC=WAI.c/kWS=2, Iter=(2,2), Delta=(16, 2·2);
		// t=100: w=3, l=4: c=16·2·1+4=36, s=2·(3/2)+0=2.
		{"warp-striped 64x8 T256 16x2 V1", newMap(t, WarpStriped, 64, 8, 256, 1, 16, 2), c(2, 2), c(16, 4),
			map[int]layout.Coord{100: c(36, 2), 255: c(47, 7)}},
		// #3131: kWS=2, kWC=NW/kWS=4, Iter=(1,2), Delta=(16,4);
		// t=100: c=16·1·(3%4)+4=52, s=2·(3/4)+0=0; t=255: w=7, l=31: c=16·3+15=63, s=2·1+1=3.
		{"warp-striped-3131 64x8 T256 16x2 V1", newMap(t, WarpStriped3131, 64, 8, 256, 1, 16, 2), c(1, 2), c(16, 4),
			map[int]layout.Coord{100: c(52, 0), 255: c(63, 3)}},
		// Striped with NW ≤ WAI.s: 64x16 T=64 warp 8x4 V8: Qc=8, Qs=16, W=32, NW=2,
		// WAI=(1,4): kWS=2, kWC=1, Iter=(1,2), Delta=(64, 4·2=8);
		// t=40: w=1, l=8: c=8·(0+0)=0, s=4·1+1=5.
		{"warp-striped 64x16 T64 8x4 V8", newMap(t, WarpStriped, 64, 16, 64, 8, 8, 4), c(1, 2), c(64, 8),
			map[int]layout.Coord{40: c(0, 5)}},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.iter, tc.m.Iter, "%s: Iter %v Delta %v, want %v %v", tc.name, tc.m.Iter, tc.m.Delta, tc.iter, tc.delta)
		assert.Equal(t, tc.delta, tc.m.Delta, "%s: Iter %v Delta %v, want %v %v", tc.name, tc.m.Iter, tc.m.Delta, tc.iter, tc.delta)
		for th, want := range tc.inits {
			got := tc.m.Init(th)
			assert.Equal(t, want, got, "%s: init(%d) = %v, want %v", tc.name, th, got, want)
		}
	}
}

func TestThreadMapConstraintsNamed(t *testing.T) {
	cases := []struct {
		kind           MapKind
		sc, ss         int64
		threads, v     int
		wc, ws         int64
		wantConstraint string
	}{
		{Stripmined, 63, 8, 32, 4, 0, 0, "Sc % V == 0"},
		{Stripmined, 64, 8, 24, 4, 0, 0, "(T < Qc && Qc % T == 0) || T % Qc == 0"},
		{Stripmined, 64, 8, 12, 1, 0, 0, "(T < Qc && Qc % T == 0) || T % Qc == 0"},
		{WarpRaked, 64, 8, 32, 8, 16, 2, "Qc % warp.c == 0"},
		{WarpRaked, 64, 6, 32, 8, 8, 4, "Qs % warp.s == 0"},
		{WarpRaked, 64, 8, 48, 1, 8, 4, "Threads % (warp.c*warp.s) == 0"},
		{WarpRaked, 64, 8, 32, 1, 0, 4, "WarpThreadArrangement > 0"},
		// Striped 64x4 T=256 warp 16x2 V1: WAI=(4,2), NW=8 > 2: kWS=4, kWC=4/4=1,
		// Iter=(4, 0): no accesses.
		{WarpStriped, 64, 4, 256, 1, 16, 2, "Iterations::kCount != 0"},
		// Raked 8x8 T=256 warp 8x4 V1: WAI=(1,2), NW=8: kWS=2, kWC=4, Iter=(0,1).
		{WarpRaked, 8, 8, 256, 1, 8, 4, "Iterations::kCount != 0"},
	}
	for _, tc := range cases {
		_, err := NewThreadMap(tc.kind, layout.Coord{C: tc.sc, S: tc.ss}, tc.threads, tc.v, layout.Coord{C: tc.wc, S: tc.ws})
		ce, ok := err.(*ConstraintError)
		assert.True(t, ok, "%s %dx%d T=%d V=%d warp %dx%d: err %v, want constraint %q", tc.kind, tc.sc, tc.ss, tc.threads, tc.v, tc.wc, tc.ws, err, tc.wantConstraint)
		assert.Equal(t, tc.wantConstraint, ce.Constraint, "%s %dx%d T=%d V=%d warp %dx%d: err %v, want constraint %q", tc.kind, tc.sc, tc.ss, tc.threads, tc.v, tc.wc, tc.ws, err, tc.wantConstraint)
	}
}

// The known thread-map defects (docs/contract.md#thread-maps), counted by
// hand.
func TestThreadMapKnownDefects(t *testing.T) {
	cases := []struct {
		name                  string
		m                     ThreadMap
		dup, missing, outside int64
	}{
		// Qc=16, T/Qc=4 rows per pass, Qs=6: Iter.s=ceil(6/4)=2 passes reach
		// rows 0..7; rows 6 and 7 (2·64 elements) are outside.
		{"stripmined ceiling 64x6 T64 V4", newMap(t, Stripmined, 64, 6, 64, 4, 0, 0), 0, 0, 128},
		// Qc=16, T=64 ⇒ 4 rows per pass but Qs=2: threads 32..63 start on rows
		// 2 and 3, outside the tile: 32 threads · 1 access · 4 elements.
		{"stripmined threads outside 64x2 T64 V4", newMap(t, Stripmined, 64, 2, 64, 4, 0, 0), 0, 0, 128},
		// HEAD: Iter=(2,2), Delta=(16,4). The first strided access covers rows
		// 0..7 × cols 0..63 once; the second (+4 rows) repeats rows 4..7 (256
		// duplicates) and leaves the tile on rows 8..11 (256 outside).
		{"warp-striped HEAD 64x8 T256 16x2 V1", newMap(t, WarpStriped, 64, 8, 256, 1, 16, 2), 256, 0, 256},
		{"warp-striped-3131 64x8 T256 16x2 V1", newMap(t, WarpStriped3131, 64, 8, 256, 1, 16, 2), 0, 0, 0},
	}
	for _, tc := range cases {
		dup, missing, outside := MapCoverage(tc.m)
		assert.Equal(t, tc.dup, dup, "%s: dup %d missing %d outside %d, want %d %d %d", tc.name, dup, missing, outside, tc.dup, tc.missing, tc.outside)
		assert.Equal(t, tc.missing, missing, "%s: dup %d missing %d outside %d, want %d %d %d", tc.name, dup, missing, outside, tc.dup, tc.missing, tc.outside)
		assert.Equal(t, tc.outside, outside, "%s: dup %d missing %d outside %d, want %d %d %d", tc.name, dup, missing, outside, tc.dup, tc.missing, tc.outside)
	}
}

// expectExact is when the thread-map formulas tile the shape exactly, derived
// by hand. Stripmined: the rows per pass T/Qc must divide Qs (when T ≥ Qc).
// Warp maps arrange NW warps as kWC × kWS over the WarpAccessIterations WAI;
// each warp covers Iter.c = WAI.c/kWC column groups and Iter.s = WAI.s/kWS row
// groups (raked: consecutive, striped: kWS apart), and w mod kWC, w div kWC
// enumerate the warps. So the map is exact exactly when kWC·kWS = NW (every
// warp gets its own slot, none is left over), kWC | WAI.c and kWS | WAI.s (no
// rounding in Iter). kWS and kWC are the formulas of
// docs/contract.md#thread-maps, transcribed here independently of
// threadmap.go.
func expectExact(kind MapKind, qc, qs, t, wc, ws int64) bool {
	if kind == Stripmined {
		return t < qc || qs%(t/qc) == 0
	}
	nw, waiC, waiS := t/(wc*ws), qc/wc, qs/ws
	var kWS, kWC int64
	switch kind {
	case WarpRaked:
		kWS = nw
		if waiS < nw {
			kWS = waiS
		}
		kWC = 1
		if nw > waiS {
			kWC = nw / kWS
		}
	default:
		kWS = nw
		if waiS < nw {
			kWS = nw / waiS
		}
		kWC = 1
		if nw > waiS {
			kWC = nw / kWS // #3131
			if kind == WarpStriped {
				kWC = waiC / kWS // HEAD
			}
		}
	}
	return kWC*kWS == nw && waiC%kWC == 0 && waiS%kWS == 0
}

// Exact coverage across maps, shapes, V and thread counts: every valid
// configuration covers exactly when, and only when, expectExact says so.
func TestThreadMapCoverageSweep(t *testing.T) {
	exact, inexact := map[MapKind]int{}, map[MapKind]int{}
	for _, kind := range MapKinds() {
		for _, sc := range []int64{8, 16, 32, 64, 128} {
			for _, ss := range []int64{1, 2, 4, 6, 8, 16} {
				for _, v := range []int{1, 2, 4, 8} {
					for _, th := range []int{4, 8, 16, 32, 64, 128, 256} {
						for _, w := range [][2]int64{{0, 0}, {8, 4}, {4, 8}, {16, 2}, {32, 1}, {2, 2}} {
							if kind.Warp() == (w[0] == 0) {
								continue
							}
							m, err := NewThreadMap(kind, layout.Coord{C: sc, S: ss}, th, v, layout.Coord{C: w[0], S: w[1]})
							if err != nil {
								continue
							}
							want := expectExact(kind, sc/int64(v), ss, int64(th), w[0], w[1])
							got := MapExact(m)
							if got != want {
								dup, miss, out := MapCoverage(m)
								assert.Equal(t, want, got, "%s %dx%d V=%d T=%d warp %v: exact=%v (dup %d missing %d outside %d), want %v", kind, sc, ss, v, th, w, got, dup, miss, out, want)
							}
							if got {
								exact[kind]++
							} else {
								inexact[kind]++
							}
						}
					}
				}
			}
		}
	}
	for _, kind := range MapKinds() {
		assert.GreaterOrEqual(t, exact[kind], 20, "%s: only %d exact configurations exercised", kind, exact[kind])
	}
	for _, kind := range []MapKind{Stripmined, WarpStriped} {
		assert.NotZero(t, inexact[kind], "%s: no inexact configuration exercised", kind)
	}
}

// Coverage through the models' own addresses, across element widths: for an
// exact map with byte-aligned rows, the load() accesses of all threads
// (A bytes each, A = V·B/8 here) touch every byte of the tile once and no
// byte of the pitch gap or outside.
func TestModelByteCoverageAcrossWidths(t *testing.T) {
	type shape struct {
		kind             MapKind
		sc, ss           int64
		threads, v       int
		wc, ws, pitchGap int64
	}
	shapes := []shape{
		{Stripmined, 64, 8, 32, 4, 0, 0, 0},
		{Stripmined, 128, 4, 16, 8, 0, 0, 8},
		{WarpRaked, 64, 8, 32, 8, 8, 4, 16},
		{WarpRaked, 64, 8, 256, 1, 16, 2, 0},
		{WarpStriped, 64, 16, 64, 8, 8, 4, 8},
		{WarpStriped3131, 64, 8, 256, 1, 16, 2, 8},
	}
	checked := map[int]int{}
	for _, bits := range layout.ValidBits {
		e, _ := layout.ElemOfBits(bits)
		for _, sh := range shapes {
			v := sh.v
			for int64(v)*int64(bits)%8 != 0 || int64(v)*int64(bits) < 8 {
				v *= 2
			}
			if sh.sc%int64(v) != 0 {
				continue
			}
			l := sh.sc + sh.pitchGap
			for l*int64(bits)%8 != 0 {
				l++
			}
			cfg := Config{Elem: e, Shape: [2]int64{sh.sc, sh.ss}, Map: sh.kind, Threads: sh.threads, Access: v, Adv: 1, Stride: l, Warp: [2]int64{sh.wc, sh.ws}}
			if a := int64(v) * int64(bits) / 8; a&(a-1) != 0 {
				// 6-bit: the default alignas(V·B/8) does not compile; align
				// to the packed access size rounded up to a power of two.
				cfg.Align = 1
				for cfg.Align < int64(layout.ArrayBytes(layout.Elements(v), bits)) {
					cfg.Align *= 2
				}
			}
			tm, err := Validate(cfg)
			if err != nil || !MapExact(tm) {
				continue
			}
			models := []Model{referenceModel{}}
			if layout.ArrayBytes(layout.Elements(v), bits) == layout.Bytes(int64(v)*int64(bits)/8) {
				models = append(models, cutlassModel{}, cutlassModel{pre3049: true})
			}
			for _, m := range models {
				msg := byteCover(t, m, cfg)
				assert.Equal(t, "", msg, "%s %s: %s", m.Name(), cfg, msg)
				checked[bits]++
			}
		}
	}
	for _, bits := range layout.ValidBits {
		assert.GreaterOrEqual(t, checked[bits], 4, "B=%d: only %d model/configuration pairs covered", bits, checked[bits])
	}
}

// byteCover counts, over all threads' load() accesses, how often each byte
// of rows [0, Ss) is touched, and checks the tile bytes once, the rest never.
func byteCover(t *testing.T, m Model, cfg Config) string {
	trs, err := TraceThreads(m, cfg, progLoad, AllThreads(cfg))
	if err != nil {
		return err.Error()
	}
	sh, b := cfg.PitchShape(), int64(cfg.Elem.Bits)
	rowBytes, tileRowBytes := cfg.Pitch()*b/8, sh.C*b/8
	seen := make([]int, sh.S*rowBytes)
	accessBytes := int64(cfg.Access) * b / 8
	for _, tr := range trs {
		for _, a := range tr.Records[0].Addrs {
			for x := a; x < a+accessBytes; x++ {
				if x < 0 || x >= int64(len(seen)) {
					return fmt.Sprintf("thread %d touches byte %d outside the rows", tr.Thread, x)
				}
				seen[x]++
			}
		}
	}
	for x, n := range seen {
		inTile := int64(x)%rowBytes < tileRowBytes
		if inTile && n != 1 || !inTile && n != 0 {
			return fmt.Sprintf("byte %d touched %d times (in tile: %v)", x, n, inTile)
		}
	}
	return ""
}

// TestMapCoverageBitsIsCounts: the bitset count of a map's coverage is
// the per-element count, dup, missing and outside alike, on every map of
// the coverage sweep's grid and on maps bent to overlap, leave gaps and
// reach outside the tile (deltas scaled, shrunk and negated).
func TestMapCoverageBitsIsCounts(t *testing.T) {
	compared, bent := 0, 0
	for _, kind := range MapKinds() {
		for _, sc := range []int64{8, 64, 128} {
			for _, ss := range []int64{1, 4, 6} {
				for _, v := range []int{1, 4, 8} {
					for _, th := range []int{4, 16, 64, 256} {
						for _, w := range [][2]int64{{0, 0}, {8, 4}, {16, 2}} {
							if kind.Warp() == (w[0] == 0) {
								continue
							}
							m, err := NewThreadMap(kind, layout.Coord{C: sc, S: ss}, th, v, layout.Coord{C: w[0], S: w[1]})
							if err != nil {
								continue
							}
							for _, d := range []layout.Coord{m.Delta, {C: m.Delta.C * int64(v), S: m.Delta.S}, {C: m.Delta.C - 1, S: m.Delta.S + 1}, {C: m.Delta.C + 1, S: m.Delta.S}, {C: -m.Delta.C, S: -m.Delta.S}} {
								mm := m
								mm.Delta = d
								bd, bm, bo := mapCoverageBits(mm)
								cd, cm, co := mapCoverageCounts(mm)
								require.Equal(t, cd, bd, "%s %dx%d V=%d T=%d warp %v delta %v: bits (%d, %d, %d), counts (%d, %d, %d)", kind, sc, ss, v, th, w, d, bd, bm, bo, cd, cm, co)
								require.Equal(t, cm, bm, "%s %dx%d V=%d T=%d warp %v delta %v: bits (%d, %d, %d), counts (%d, %d, %d)", kind, sc, ss, v, th, w, d, bd, bm, bo, cd, cm, co)
								require.Equal(t, co, bo, "%s %dx%d V=%d T=%d warp %v delta %v: bits (%d, %d, %d), counts (%d, %d, %d)", kind, sc, ss, v, th, w, d, bd, bm, bo, cd, cm, co)
								compared++
								if cd+cm+co > 0 {
									bent++
								}
							}
						}
					}
				}
			}
		}
	}
	require.GreaterOrEqual(t, compared, 500, "compared %d maps, %d with a duplicate, gap or element outside", compared, bent)
	require.GreaterOrEqual(t, bent, 200, "compared %d maps, %d with a duplicate, gap or element outside", compared, bent)
}
