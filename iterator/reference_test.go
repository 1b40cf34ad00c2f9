package iterator

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/layout"
)

// Reference addresses worked by hand from docs/contract.md#reference for the
// f32 example (thread 5 at (20,0), B=32, L=64, Ds=2, so access s is at (20 +
// (2s)·64)·4 = 80 + 512·s bytes from the tile origin). A tile offset (1,0)
// moves Sc=64 elements = 256 bytes, ++ moves Ss·L = 512 elements = 2048 bytes,
// a pointer offset of 8 elements moves 32 bytes.
func TestReferenceF32ByHand(t *testing.T) {
	plus := func(d int64) []int64 { return []int64{80 + d, 592 + d, 1104 + d, 1616 + d} }
	cases := []struct {
		prog Program
		want []int64
	}{
		{progLoad, plus(0)},
		{Program{{Kind: Store}}, plus(0)},
		{progLoadTile, plus(256)},
		{progStoreTile, plus(256)},
		{progTileLoad, plus(256)},
		{Program{{Kind: LoadTile, A: -1, B: 1}}, plus(-256 + 2048)},
		{progIncLoad, plus(2048)},
		{Program{{Kind: Dec}, {Kind: Load}}, plus(-2048)},
		{Program{{Kind: Inc}, {Kind: Dec}, {Kind: Load}}, plus(0)},
		{progAddPtrLoad, plus(32)},
		{progLoadPtr, plus(32)},
		{Program{{Kind: StorePtr, A: -3}}, plus(-12)},
	}
	for _, tc := range cases {
		got := lastAddrs(t, referenceModel{}, f32Example(t), tc.prog, 5)
		assert.Equal(t, tc.want, got, "reference %s: got %v, want %v", tc.prog, got, tc.want)
	}
}

// u4 thread 6 starts at (64, 1): bit offset (64 + 128)·4 = 768 = byte 96.
// Tile (1,0) is 128 elements = 64 bytes, a pointer offset of 8 is 4 bytes,
// ++ is 8 rows of 64 bytes.
func TestReferenceU4ByHand(t *testing.T) {
	cases := []struct {
		prog Program
		want int64
	}{
		{progLoad, 96}, {progLoadTile, 160}, {progTileLoad, 160},
		{progIncLoad, 608}, {progLoadPtr, 100}, {progAddPtrLoad, 100},
	}
	for _, tc := range cases {
		got := lastAddrs(t, referenceModel{}, u4Example(t), tc.prog, 6)
		assert.Equal(t, []int64{tc.want}, got, "reference u4 %s: got %v, want [%d]", tc.prog, got, tc.want)
	}
}

// docs/contract.md#cutlass against #reference: where cutlass (≥ v4.5.0)
// must agree with the reference and where it must differ, decided by the
// contract's formulas, not by
// running either model: load(c,s)/store(c,s) differ exactly when V > 1 and
// tc ≠ 0 (the /V); add_pointer_offset(n) differs exactly when B ≠ 8 and
// n ≠ 0 (bytes, not elements); load(), store(), add_tile_offset, ++/-- and
// load_with_pointer_offset agree (every conversion here is exact).
// cutlass-pre3049's store(c,s) does not divide, so it agrees with the
// reference there.
func TestReferenceVersusCutlass(t *testing.T) {
	s8 := Config{Elem: elem(t, "s8"), Shape: [2]int64{64, 4}, Map: Stripmined, Threads: 16, Access: 4, Adv: 0, Stride: 80}
	f32v1 := Config{Elem: elem(t, "f32"), Shape: [2]int64{32, 8}, Map: Stripmined, Threads: 32, Access: 1, Adv: 1, Stride: 40}
	configs := []Config{f32Example(t), halfExample(t), u4Example(t), s8, f32v1}
	tiles := [][2]int64{{1, 0}, {0, 1}, {-1, 2}, {0, 0}, {2, -1}}
	ptrs := []int64{8, -6, 0} // n·B a multiple of 8 for every width here: exact
	var agreed, differed int
	for _, cfg := range configs {
		v, b := cfg.Access, cfg.Elem.Bits
		for _, pre := range []bool{false, true} {
			cut := cutlassModel{pre3049: pre}
			check := func(prog Program, wantSame bool) {
				for _, th := range []int{0, 5, cfg.Threads - 1} {
					ref := lastAddrs(t, referenceModel{}, cfg, prog, th)
					got := lastAddrs(t, cut, cfg, prog, th)
					assert.Equal(t, wantSame, slices.Equal(ref, got), "%s %s %s thread %d: reference %v cutlass %v, want same=%v", cut.Name(), cfg, prog, th, ref, got, wantSame)
					if wantSame {
						agreed++
					} else {
						differed++
					}
				}
			}
			for _, k := range []OpKind{Load, Store} {
				check(Program{{Kind: k}}, true)
			}
			check(Program{{Kind: Inc}, {Kind: Store}}, true)
			check(Program{{Kind: Dec}, {Kind: Dec}, {Kind: Load}}, true)
			for _, tl := range tiles {
				divides := v > 1 && tl[0] != 0
				check(Program{{Kind: LoadTile, A: tl[0], B: tl[1]}}, !divides)
				check(Program{{Kind: StoreTile, A: tl[0], B: tl[1]}}, !divides || pre)
				check(Program{{Kind: AddTileOffset, A: tl[0], B: tl[1]}, {Kind: Load}}, true)
			}
			for _, n := range ptrs {
				check(Program{{Kind: AddPointerOffset, A: n}, {Kind: Load}}, b == 8 || n == 0)
				check(Program{{Kind: LoadPtr, A: n}}, true)
				check(Program{{Kind: StorePtr, A: n}}, true)
			}
		}
	}
	assert.NotZero(t, agreed, "agreements %d, differences %d: both must be exercised", agreed, differed)
	assert.NotZero(t, differed, "agreements %d, differences %d: both must be exercised", agreed, differed)
}

// u4 with L=129: odd rows start mid-byte. Thread 6 at (64,1) is at bit
// (64 + 129)·4 = 772: byte 96, inexact. Thread 0 at (0,0) is exact. The
// reference marks the record, never ThreadTrace.Inexact (that is for
// truncating conversions in CUTLASS's arithmetic).
func TestReferenceMarksInexactAddresses(t *testing.T) {
	cfg := u4Example(t)
	cfg.Stride = 129
	tr, err := referenceModel{}.Trace(cfg, progLoad, 6)
	require.NoError(t, err)
	r := tr.Records[0]
	assert.Equal(t, int64(96), r.Addrs[0], "thread 6: addrs %v inexact %v trace inexact %v, want [96] [true] []", r.Addrs, r.Inexact, tr.Inexact)
	if assert.Len(t, r.Inexact, 1, "thread 6: addrs %v inexact %v trace inexact %v, want [96] [true] []", r.Addrs, r.Inexact, tr.Inexact) {
		assert.True(t, r.Inexact[0], "thread 6: addrs %v inexact %v trace inexact %v, want [96] [true] []", r.Addrs, r.Inexact, tr.Inexact)
	}
	assert.Empty(t, tr.Inexact, "thread 6: addrs %v inexact %v trace inexact %v, want [96] [true] []", r.Addrs, r.Inexact, tr.Inexact)
	tr, _ = referenceModel{}.Trace(cfg, progLoad, 0)
	assert.Nil(t, tr.Records[0].Inexact, "thread 0 marked inexact: %v", tr.Records[0].Inexact)
}

// Rows × pitch of the default allocation, worked by hand for the f32
// example (one row = 64·4 = 256 bytes, a tile 8 rows).
func TestAllocation(t *testing.T) {
	cfg := f32Example(t)
	cases := []struct {
		prog Program
		hi   layout.Bytes
	}{
		{progLoad, 8 * 256},
		{Program{{Kind: Store}, {Kind: Inc}, {Kind: Store}}, 16 * 256},
		{progIncLoad, 16 * 256},
		{Program{{Kind: Inc}}, 8 * 256}, // nothing loaded: one tile
		{Program{{Kind: Dec}, {Kind: Load}}, 8 * 256},
		// Tile (1,0) spans elements [64, 64 + 7·64 + 64): 9 rows.
		{progTileLoad, 9 * 256},
		{progLoadTile, 9 * 256},
		// 8 elements on: [8, 8 + 7·64 + 64) needs 9 rows.
		{progLoadPtr, 9 * 256},
		{Program{{Kind: AddTileOffset, B: 2}, {Kind: Store}}, 24 * 256},
	}
	for _, tc := range cases {
		lo, hi := Allocation(cfg, tc.prog)
		assert.Zero(t, lo, "%s: [%d,%d), want [0,%d)", tc.prog, lo, hi, tc.hi)
		assert.Equal(t, tc.hi, hi, "%s: [%d,%d), want [0,%d)", tc.prog, lo, hi, tc.hi)
	}
	cfg.Rows = 3
	_, hi := Allocation(cfg, progIncLoad)
	assert.Equal(t, layout.Bytes(3*256), hi, "rows=3: hi %d, want 768", hi)
	// u4, L=129, one row: 516 bits, 64.5 bytes: the last byte is allocated.
	u4 := u4Example(t)
	u4.Stride, u4.Rows = 129, 1
	_, hi = Allocation(u4, progLoad)
	assert.Equal(t, layout.Bytes(65), hi, "u4 one row of 129: hi %d, want 65", hi)
}

// cas32: f16 5×3 tile with L=5 and V=1 (stripmined T=5: Iter=(1,3),
// Delta=(1,1)). The allocation is 3 rows of 10 bytes = 30 bytes. Thread 4
// stores elements (4, s), at bytes (4 + 5s)·2 = 8, 18, 28: words 8, 16 and
// 28 — and word 28..31 crosses the end at 30, so the reference stores that
// element plainly while cutlass and C-cas16-tail use the word.
func TestAtomicWordsAndTail(t *testing.T) {
	cfg := Config{Elem: elem(t, "f16"), Shape: [2]int64{5, 3}, Map: Stripmined, Threads: 5, Access: 1, Adv: 1, Atomic: "cas32"}
	prog := Program{{Kind: Load}, {Kind: Store}}
	cases := []struct {
		m    Model
		want []int64
	}{
		{referenceModel{}, []int64{8, 16}},
		{Control(CCas16Tail), []int64{8, 16, 28}},
		{cutlassModel{}, []int64{8, 16, 28}},
	}
	for _, tc := range cases {
		tr, err := tc.m.Trace(cfg, prog, 4)
		require.NoError(t, err)
		ld := tr.Records[0]
		assert.Nil(t, ld.AtomicWords, "%s: a load lists atomic words %v", tc.m.Name(), ld.AtomicWords)
		st := tr.Records[1]
		assert.Equal(t, []int64{8, 18, 28}, st.Addrs, "%s: addrs %v words %v, want [8 18 28] %v", tc.m.Name(), st.Addrs, st.AtomicWords, tc.want)
		assert.Equal(t, tc.want, st.AtomicWords, "%s: addrs %v words %v, want [8 18 28] %v", tc.m.Name(), st.Addrs, st.AtomicWords, tc.want)
	}
	// Without atomic=cas32 no words are listed.
	cfg.Atomic = ""
	tr, _ := (referenceModel{}).Trace(cfg, prog, 4)
	assert.Nil(t, tr.Records[1].AtomicWords, "plain store lists words %v", tr.Records[1].AtomicWords)
}

func TestReferenceInt64OverflowIsAnError(t *testing.T) {
	_, err := referenceModel{}.Trace(f32Example(t), Program{{Kind: AddPointerOffset, A: 1 << 62}, {Kind: Load}}, 0)
	assert.ErrorIs(t, err, layout.ErrOverflow, "err %v, want ErrOverflow", err)
}

func TestRegistry(t *testing.T) {
	var names []string
	for _, m := range Builtins() {
		names = append(names, m.Name())
	}
	assert.Equal(t, []string{"reference", "cutlass", "cutlass-pre3049"}, names, "builtins %v", names)
	for _, n := range append(names, "C-load-div", "C-cas16-tail") {
		m, err := ModelByName(n)
		if assert.NoError(t, err, "ModelByName(%q): %v %v", n, m, err) {
			assert.Equal(t, n, m.Name(), "ModelByName(%q): %v %v", n, m, err)
		}
	}
	_, err := ModelByName("cutlass-4.4")
	assert.Error(t, err, "unknown model accepted")
	cfg := f32Example(t)
	trs, err := TraceThreads(cutlassModel{}, cfg, progLoad, []int{7, 5})
	if assert.NoError(t, err, "TraceThreads: %v %+v", err, trs) && assert.Len(t, trs, 2, "TraceThreads: %v %+v", err, trs) {
		assert.Equal(t, 7, trs[0].Thread, "TraceThreads: %v %+v", err, trs)
		assert.Equal(t, 5, trs[1].Thread, "TraceThreads: %v %+v", err, trs)
		assert.Equal(t, int64(80), trs[1].Records[0].Addrs[0], "TraceThreads: %v %+v", err, trs)
	}
	_, err = TraceThreads(cutlassModel{}, cfg, progLoad, []int{0, 32})
	assert.Error(t, err, "thread 32 of 32 accepted")
	bad := cfg
	bad.Access = 3
	_, err = TraceThreads(cutlassModel{}, bad, progLoad, []int{0})
	assert.True(t, IsInvalid(err), "invalid config: %v", err)
}

func TestValidateNamesConstraints(t *testing.T) {
	base := f32Example(t)
	u4 := u4Example(t)
	mutate := []struct {
		name string
		f    func(*Config)
		want string
	}{
		{"V·B not whole bytes", func(c *Config) { *c = u4; c.Access = 1 }, "V·B % 8 == 0 (an access is whole bytes)"},
		{"adv 2", func(c *Config) { c.Adv = 2 }, "AdvanceRank in {0,1}"},
		{"negative stride", func(c *Config) { c.Stride = -1 }, "stride >= 1"},
		{"align 24", func(c *Config) { c.Align = 24 }, "Alignment is a power of two"},
		{"atomic", func(c *Config) { c.Atomic = "cas64" }, "atomic in {cas32}"},
		{"warp missing", func(c *Config) { c.Map = WarpRaked }, "warp shape given for a warp map"},
		{"threads", func(c *Config) { c.Threads = 0 }, "Threads > 0"},
		{"shape", func(c *Config) { c.Shape[1] = 0 }, "Shape > 0"},
		{"access", func(c *Config) { c.Access = 0 }, "ElementsPerAccess > 0"},
		{"bits", func(c *Config) { c.Elem = layout.Elem{Name: "bits3", Bits: 3} }, "sizeof_bits<Element> in {1,2,4,6,8,16,32,64}"},
		{"map", func(c *Config) { c.Access = 3; c.Align = 4 }, "Sc % V == 0"},
		{"default alignment", func(c *Config) { c.Access = 3 }, "alignas(Alignment): Alignment is a power of two"},
	}
	for _, tc := range mutate {
		cfg := base
		tc.f(&cfg)
		_, err := Validate(cfg)
		ce, ok := err.(*ConstraintError)
		assert.True(t, ok, "%s: %v, want constraint %q", tc.name, err, tc.want)
		assert.Equal(t, tc.want, ce.Constraint, "%s: %v, want constraint %q", tc.name, err, tc.want)
	}
	_, err := Validate(base)
	assert.NoError(t, err, "valid config rejected")
}

// TestOverflowNamesItsCause: an int64 overflow of tilecheck's arithmetic
// says which input caused it: the configuration key (Validate, before any
// trace) or the op of the program (with its 1-based index, as the parser
// counts), still wrapping layout.ErrOverflow.
func TestOverflowNamesItsCause(t *testing.T) {
	cfg := f32Example(t)
	huge := cfg
	huge.Stride = math.MaxInt64
	_, err := Validate(huge)
	var ce *ConstraintError
	if assert.ErrorAs(t, err, &ce, "stride=MaxInt64: Validate gives %v, want a constraint naming stride=", err) {
		assert.Contains(t, err.Error(), "stride=9223372036854775807", "stride=MaxInt64: Validate gives %v, want a constraint naming stride=", err)
	}
	// The reference overflows at op 2 (elements to bits); the cutlass
	// models take the offset as bytes (#3017) and overflow at op 3.
	prog := Program{{Kind: Load}, {Kind: AddPointerOffset, A: math.MaxInt64}, {Kind: AddPointerOffset, A: math.MaxInt64}, {Kind: Load}}
	for _, m := range Builtins() {
		_, err := m.Trace(cfg, prog, 0)
		var oe *OpError
		if assert.ErrorAs(t, err, &oe, "%s: err %v, want an OpError naming add_pointer_offset and wrapping ErrOverflow", m.Name(), err) {
			assert.Equal(t, AddPointerOffset, oe.Op.Kind, "%s: err %v, want an OpError naming add_pointer_offset and wrapping ErrOverflow", m.Name(), err)
			assert.ErrorIs(t, err, layout.ErrOverflow, "%s: err %v, want an OpError naming add_pointer_offset and wrapping ErrOverflow", m.Name(), err)
			assert.Contains(t, err.Error(), fmt.Sprintf(`ops: op %d "add_pointer_offset(9223372036854775807)": `, oe.Index+1), "%s: err %v, want an OpError naming add_pointer_offset and wrapping ErrOverflow", m.Name(), err)
		}
	}
}
