package iterator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/layout"
)

// Test configurations are built directly (not parsed) so that these tests
// depend on the models alone.

func elem(t testing.TB, name string) layout.Elem {
	t.Helper()
	e, err := layout.ElemByName(name)
	require.NoError(t, err)
	return e
}

// f32Example is the cutlass model's float worked example
// (docs/contract.md#cutlass): 64×8, stripmined T=32, V=4, rank 1, L=64.
func f32Example(t testing.TB) Config {
	return Config{Elem: elem(t, "f32"), Shape: [2]int64{64, 8}, Map: Stripmined, Threads: 32, Access: 4, Adv: 1, Stride: 64}
}

// halfExample: f16 64×8, warp-raked T=32, warp 8×4, V=8, rank 1, L=64.
func halfExample(t testing.TB) Config {
	return Config{Elem: elem(t, "f16"), Shape: [2]int64{64, 8}, Map: WarpRaked, Threads: 32, Access: 8, Adv: 1, Stride: 64, Warp: [2]int64{8, 4}}
}

// u4Example: u4 128×8, stripmined T=32, V=32, rank 1, L=128.
func u4Example(t testing.TB) Config {
	return Config{Elem: elem(t, "u4"), Shape: [2]int64{128, 8}, Map: Stripmined, Threads: 32, Access: 32, Adv: 1, Stride: 128}
}

// The op programs of the worked examples; each records its last op.
var (
	progLoad       = Program{{Kind: Load}}
	progLoadTile   = Program{{Kind: LoadTile, A: 1}}
	progStoreTile  = Program{{Kind: StoreTile, A: 1}}
	progTileLoad   = Program{{Kind: AddTileOffset, A: 1}, {Kind: Load}}
	progIncLoad    = Program{{Kind: Inc}, {Kind: Load}}
	progAddPtrLoad = Program{{Kind: AddPointerOffset, A: 8}, {Kind: Load}}
	progLoadPtr    = Program{{Kind: LoadPtr, A: 8}}
)

// lastAddrs traces one thread and returns the addresses of the program's
// last record.
func lastAddrs(t *testing.T, m Model, cfg Config, prog Program, thread int) []int64 {
	t.Helper()
	tr, err := m.Trace(cfg, prog, thread)
	require.NoError(t, err, "%s %s %s thread %d", m.Name(), cfg, prog, thread)
	require.NotEmpty(t, tr.Records, "%s %s: no records", m.Name(), prog)
	return tr.Records[len(tr.Records)-1].Addrs
}

type example struct {
	name   string
	cfg    func(testing.TB) Config
	thread int
	prog   Program
	want   []int64 // CUTLASS ≥ v4.5.0
	pre    []int64 // v2.3–v4.4 where it differs; nil means the same
}

// Every worked example of the cutlass model, addresses worked by hand
// from the formulas of docs/contract.md#cutlass.
var workedExamples = []example{
	{"f32 load()", f32Example, 5, progLoad, []int64{80, 592, 1104, 1616}, nil},
	{"f32 load(f,{1,0})", f32Example, 5, progLoadTile, []int64{144, 656, 1168, 1680}, nil},
	{"f32 store(f,{1,0})", f32Example, 5, progStoreTile, []int64{144, 656, 1168, 1680}, []int64{336, 848, 1360, 1872}},
	{"f32 add_tile_offset;load()", f32Example, 5, progTileLoad, []int64{336, 848, 1360, 1872}, nil},
	{"f32 ++;load()", f32Example, 5, progIncLoad, []int64{2128, 2640, 3152, 3664}, nil},
	{"f32 add_pointer_offset(8);load()", f32Example, 5, progAddPtrLoad, []int64{88, 600, 1112, 1624}, nil},
	{"f32 load_with_pointer_offset(8)", f32Example, 5, progLoadPtr, []int64{112, 624, 1136, 1648}, nil},
	{"half load()", halfExample, 9, progLoad, []int64{144, 656}, nil},
	{"half load(f,{1,0})", halfExample, 9, progLoadTile, []int64{160, 672}, nil},
	{"half add_tile_offset;load()", halfExample, 9, progTileLoad, []int64{272, 784}, nil},
	{"u4 load()", u4Example, 6, progLoad, []int64{96}, nil},
	{"u4 load(f,{1,0})", u4Example, 6, progLoadTile, []int64{98}, nil},
	{"u4 add_tile_offset;load()", u4Example, 6, progTileLoad, []int64{160}, nil},
	{"u4 ++;load()", u4Example, 6, progIncLoad, []int64{608}, nil},
	{"u4 load_with_pointer_offset(8)", u4Example, 6, progLoadPtr, []int64{100}, nil},
	{"u4 add_pointer_offset(8);load()", u4Example, 6, progAddPtrLoad, []int64{104}, nil},
}

func TestWorkedExamplesBothCutlassVersions(t *testing.T) {
	for _, ex := range workedExamples {
		cfg := ex.cfg(t)
		got := lastAddrs(t, cutlassModel{}, cfg, ex.prog, ex.thread)
		assert.Equal(t, ex.want, got, "cutlass %s: got %v, want %v", ex.name, got, ex.want)
		want := ex.want
		if ex.pre != nil {
			want = ex.pre
		}
		pre := lastAddrs(t, cutlassModel{pre3049: true}, cfg, ex.prog, ex.thread)
		assert.Equal(t, want, pre, "cutlass-pre3049 %s: got %v, want %v", ex.name, pre, want)
	}
}

func TestWorkedExampleThreadMapsAndAccessBytes(t *testing.T) {
	// Iter=(1,4), Delta=(1,2), A=16, thread 5 at (20,0).
	cfg := f32Example(t)
	m, err := Validate(cfg)
	require.NoError(t, err)
	assert.Equal(t, layout.Coord{C: 1, S: 4}, m.Iter, "f32 map: Iter %v Delta %v init(5) %v", m.Iter, m.Delta, m.Init(5))
	assert.Equal(t, layout.Coord{C: 1, S: 2}, m.Delta, "f32 map: Iter %v Delta %v init(5) %v", m.Iter, m.Delta, m.Init(5))
	assert.Equal(t, layout.Coord{C: 20, S: 0}, m.Init(5), "f32 map: Iter %v Delta %v init(5) %v", m.Iter, m.Delta, m.Init(5))
	a := InstanceAccessBytes(cfg)
	assert.Equal(t, layout.Bytes(16), a, "f32 A = %d, want 16", a)
	a = InstanceAccessBytes(u4Example(t))
	assert.Equal(t, layout.Bytes(16), a, "u4 V=32 A = %d, want 16", a)
	tr, err := cutlassModel{}.Trace(cfg, progLoad, 5)
	if assert.NoError(t, err, "record: %+v %v", tr.Records, err) {
		assert.Equal(t, int64(16), tr.Records[0].AccessBytes, "record: %+v %v", tr.Records, err)
		assert.Equal(t, "load", tr.Records[0].Kind, "record: %+v %v", tr.Records, err)
		assert.Zero(t, tr.Records[0].Op, "record: %+v %v", tr.Records, err)
	}
}

// The Alignment example: f32 128×4 stripmined T=16 V=4 align=32. Iter is
// (Qc/T, Qs) = (32/16, 4) = (2, 4), 8 accesses of A=32 bytes = 256 bytes
// into a fragment of 8·4 floats = 128 bytes.
func TestAlignmentOverrunsFragment(t *testing.T) {
	cfg := Config{Elem: elem(t, "f32"), Shape: [2]int64{128, 4}, Map: Stripmined, Threads: 16, Access: 4, Adv: 1, Align: 32}
	m, err := Validate(cfg)
	require.NoError(t, err)
	assert.Equal(t, layout.Bytes(32), InstanceAccessBytes(cfg), "A=%d fragment=%d overrun=%v, want 32, 128, true", InstanceAccessBytes(cfg), FragmentBytes(cfg, m), FragmentOverrun(cfg, m))
	assert.Equal(t, layout.Bytes(128), FragmentBytes(cfg, m), "A=%d fragment=%d overrun=%v, want 32, 128, true", InstanceAccessBytes(cfg), FragmentBytes(cfg, m), FragmentOverrun(cfg, m))
	assert.True(t, FragmentOverrun(cfg, m), "A=%d fragment=%d overrun=%v, want 32, 128, true", InstanceAccessBytes(cfg), FragmentBytes(cfg, m), FragmentOverrun(cfg, m))
	cfg.Align = 0
	assert.False(t, FragmentOverrun(cfg, m), "natural alignment must not overrun")
	// ColumnMajor does not forward Alignment: A stays 16, no overrun.
	col := Config{Layout: layout.ColumnMajor, Elem: elem(t, "f32"), Shape: [2]int64{128, 4}, Map: Stripmined, Threads: 16, Access: 4, Adv: 1, Align: 32}
	assert.Equal(t, layout.Bytes(16), InstanceAccessBytes(col), "ColumnMajor A=%d, want 16 (Alignment not forwarded)", InstanceAccessBytes(col))
	assert.False(t, FragmentOverrun(col, m), "ColumnMajor A=%d, want 16 (Alignment not forwarded)", InstanceAccessBytes(col))
	row := Config{Layout: layout.RowMajor, Elem: elem(t, "f32"), Shape: [2]int64{4, 128}, Map: Stripmined, Threads: 16, Access: 4, Adv: 0, Align: 32}
	assert.Equal(t, layout.Bytes(32), InstanceAccessBytes(row), "RowMajor A=%d, want 32 (Alignment forwarded)", InstanceAccessBytes(row))
	// With A=32 the second access of thread 0 (c=1, Dc=T·V=64) is at
	// (64/4)·32 = 512 bytes: one full 128-float row further than 256.
	got := lastAddrs(t, cutlassModel{}, cfg.withAlign(32), progLoad, 0)
	assert.Equal(t, int64(512), got[1], "align=32 access 1 at %d, want 512", got[1])
}

func (c Config) withAlign(a int64) Config { c.Align = a; return c }

// Fragment order: idx = c + s·Ic. f32 128×4 stripmined T=16 V=4: Iter=(2,4),
// Delta=(64,1), thread 1 at (4,0), A=16, incS=128·4=512: access (s,c) at
// 16 + s·512 + c·(64/4)·16.
func TestFragmentOrder(t *testing.T) {
	cfg := Config{Elem: elem(t, "f32"), Shape: [2]int64{128, 4}, Map: Stripmined, Threads: 16, Access: 4, Adv: 1}
	want := []int64{16, 272, 528, 784, 1040, 1296, 1552, 1808}
	for _, m := range Builtins() {
		got := lastAddrs(t, m, cfg, progLoad, 1)
		assert.Equal(t, want, got, "%s: got %v, want %v", m.Name(), got, want)
	}
}

func TestWrapperTileLoadUnavailableInCutlass(t *testing.T) {
	for _, k := range []layout.Kind{layout.RowMajor, layout.ColumnMajor} {
		cfg := f32Example(t)
		cfg.Layout = k
		cfg.Shape = [2]int64{64, 64}
		for _, prog := range []Program{progLoadTile, progStoreTile} {
			for _, m := range []Model{cutlassModel{}, cutlassModel{pre3049: true}} {
				_, err := m.Trace(cfg, prog, 0)
				var ue *UnavailableError
				assert.ErrorAs(t, err, &ue, "%s %s %s: err %v, want UnavailableError", m.Name(), k, prog, err)
				assert.ErrorIs(t, err, ErrUnavailable, "%s %s %s: err %v, want UnavailableError", m.Name(), k, prog, err)
			}
			_, err := (referenceModel{}).Trace(cfg, prog, 0)
			assert.NoError(t, err, "reference %s %s", k, prog)
		}
	}
}

// RowMajor f32 shape 8×64 (rows × cols) is the pitch-linear 64×8 tile, and
// adv=0 (along rows) is pitch-linear rank 1, so every path of the f32
// example, with coordinates swapped to (row, col), gives the same addresses.
// ColumnMajor 64×8 with adv=1 is the same tile with the same coordinates.
func TestWrappersMapToPitchLinear(t *testing.T) {
	row := f32Example(t)
	row.Layout, row.Shape, row.Adv = layout.RowMajor, [2]int64{8, 64}, 0
	col := f32Example(t)
	col.Layout = layout.ColumnMajor
	progs := []struct{ pitch, rowMajor Program }{
		{progTileLoad, Program{{Kind: AddTileOffset, B: 1}, {Kind: Load}}},
		{Program{{Kind: AddTileOffset, B: 1}, {Kind: Load}}, Program{{Kind: AddTileOffset, A: 1}, {Kind: Load}}},
		{progIncLoad, progIncLoad},
		{Program{{Kind: Dec}, {Kind: Store}}, Program{{Kind: Dec}, {Kind: Store}}},
		{progAddPtrLoad, progAddPtrLoad},
		{progLoadPtr, progLoadPtr},
	}
	for _, m := range Builtins() {
		for _, p := range progs {
			want := lastAddrs(t, m, f32Example(t), p.pitch, 5)
			got := lastAddrs(t, m, row, p.rowMajor, 5)
			assert.Equal(t, want, got, "%s rowmajor %s: got %v, want %v", m.Name(), p.rowMajor, got, want)
			got = lastAddrs(t, m, col, p.pitch, 5)
			assert.Equal(t, want, got, "%s columnmajor %s: got %v, want %v", m.Name(), p.pitch, got, want)
		}
	}
}

// int32 narrowing: f32, L = 2^28 (Ds = 2): incS = L·32·2/8 = 2^31, which
// wraps to −2^31 and must be recorded; the reference keeps int64.
func TestCutlassRecordsInt32Overflow(t *testing.T) {
	cfg := f32Example(t)
	cfg.Stride = 1 << 28
	tr, err := cutlassModel{}.Trace(cfg, progLoad, 5)
	require.NoError(t, err)
	require.NotEmpty(t, tr.Overflows, "no overflow recorded for incS = 2^31")
	got := tr.Records[0].Addrs[1]
	assert.Equal(t, int64(80-(1<<31)), got, "access 1 at %d, want 80 − 2^31 (wrapped)", got)
	ref, err := referenceModel{}.Trace(cfg, progLoad, 5)
	require.NoError(t, err, "reference")
	assert.Empty(t, ref.Overflows, "reference: overflows %v addrs %v", ref.Overflows, ref.Records[0].Addrs)
	assert.Equal(t, int64(80+(1<<31)), ref.Records[0].Addrs[1], "reference: overflows %v addrs %v", ref.Overflows, ref.Records[0].Addrs)
}

// Sub-byte truncation: u4 with L=129 has rows of 64.5 bytes; CUTLASS's
// incA = Ss·(L·B/8) = 8·64 = 512 (the reference moves 8·129·4/8 = 516).
func TestCutlassTruncatesSubByteRows(t *testing.T) {
	cfg := u4Example(t)
	cfg.Stride = 129
	cut, err := cutlassModel{}.Trace(cfg, Program{{Kind: Inc}, {Kind: Load}}, 0)
	require.NoError(t, err)
	assert.NotEmpty(t, cut.Inexact, "cutlass: truncating incA not reported")
	assert.Equal(t, int64(512), cut.Records[0].Addrs[0], "cutlass ++ thread 0: %d, want 512", cut.Records[0].Addrs[0])
	ref, err := referenceModel{}.Trace(cfg, Program{{Kind: Inc}, {Kind: Load}}, 0)
	require.NoError(t, err, "reference ++ thread 0")
	assert.Equal(t, int64(516), ref.Records[0].Addrs[0], "reference ++ thread 0: %v %v, want 516 exact", ref.Records[0].Addrs, ref.Inexact)
	assert.Empty(t, ref.Inexact, "reference ++ thread 0: %v %v, want 516 exact", ref.Records[0].Addrs, ref.Inexact)
}

func TestUnknownOpsAndThreadsRejected(t *testing.T) {
	cfg := f32Example(t)
	for _, m := range Builtins() {
		_, err := m.Trace(cfg, Program{{Kind: Accesses}}, 0)
		assert.ErrorIs(t, err, ErrUnavailable, "%s accesses(): %v", m.Name(), err)
		_, err = m.Trace(cfg, progLoad, 32)
		assert.Error(t, err, "%s thread 32 of 32 accepted", m.Name())
	}
}

// BenchmarkTraceThreads traces every thread of a 32-thread tile through a
// seven-op program: the inner loop of a sweep.
func BenchmarkTraceThreads(b *testing.B) {
	cfg := f32Example(b)
	prog := Program{{Kind: Load}, {Kind: LoadTile, A: 1, B: -1}, {Kind: StoreTile, A: 2}, {Kind: AddTileOffset, A: 1},
		{Kind: Inc}, {Kind: LoadPtr, A: 8}, {Kind: Store}}
	threads := AllThreads(cfg)
	for _, m := range Builtins() {
		b.Run(m.Name(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, err := TraceThreads(m, cfg, prog, threads)
				require.NoError(b, err)
			}
		})
	}
}
