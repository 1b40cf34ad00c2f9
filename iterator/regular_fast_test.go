package iterator

import (
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/layout"
)

// checkedModel is a regular model with a fast path and the checked path it
// must equal.
type checkedModel interface {
	regularModel
	traceChecked(cfg Config, in instance, tm ThreadMap, prog Program, thread int, bufs *traceBuffers) (ThreadTrace, error)
}

// checkedTraces traces every thread of cfg with the checked path alone, the
// definition the fast path must equal.
func checkedTraces(t *testing.T, m checkedModel, cfg Config, prog Program, threads []int) ([]ThreadTrace, error) {
	t.Helper()
	tm, err := m.threadMap(cfg)
	if err != nil {
		return nil, err
	}
	bufs := newTraceBuffers(prog, tm, cfg.Threads, nil)
	bufs.cm = &configMemo{}
	in := bufs.instance(cfg)
	var out []ThreadTrace
	for _, th := range threads {
		if err := checkThread(cfg, th); err != nil {
			return out, err
		}
		tr, err := m.traceChecked(cfg, in, tm, prog, th, &bufs)
		if err != nil {
			return out, err
		}
		out = append(out, tr)
	}
	return out, nil
}

// fastTaken reports whether TraceThreads can take the fast path for
// (m, cfg, prog) on every thread.
func fastTaken(m checkedModel, cfg Config, prog Program) bool {
	tm, err := m.threadMap(cfg)
	if err != nil || cfg.Class != RegularTile {
		return false
	}
	bufs := newTraceBuffers(prog, tm, cfg.Threads, nil)
	bufs.cm = &configMemo{}
	in := bufs.instance(cfg)
	for _, th := range AllThreads(cfg) {
		ok := false
		switch m := m.(type) {
		case referenceModel:
			if p := bufs.refProgram(m, &cfg, &in, &tm, prog); p.ok {
				ok = m.traceFast(p, &bufs, &cfg, &in, tm.Init(th), prog, th, new(ThreadTrace))
			}
		case cutlassModel:
			if p := bufs.cutProgram(m, &cfg, &in, &tm, prog); p.ok {
				ok = m.traceFast(p, &bufs, &cfg, &in, tm.Init(th), prog, th, new(ThreadTrace))
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// randomRegular draws a RegularTileIterator configuration, valid or not, with
// pitches from small to beyond what int64 bit offsets hold.
func randomRegular(r *rand.Rand) Config {
	e, _ := layout.ElemOfBits(layout.ValidBits[r.Intn(len(layout.ValidBits))])
	pick := func(xs ...int64) int64 { return xs[r.Intn(len(xs))] }
	cfg := Config{
		Layout:  []layout.Kind{layout.PitchLinear, layout.RowMajor, layout.ColumnMajor}[r.Intn(3)],
		Elem:    e,
		Shape:   [2]int64{pick(8, 16, 32, 64, 128), pick(1, 2, 4, 8)},
		Map:     MapKind(r.Intn(4)),
		Threads: int(pick(1, 2, 4, 8, 32, 64, 256)),
		Access:  int(pick(1, 2, 4, 8)),
		Adv:     r.Intn(2),
		Stride:  pick(0, 0, 1, 7, 64, 65, 1<<28+1, math.MaxInt32/8+1, 1<<58, 1<<61, math.MaxInt64/3),
		Warp:    [2]int64{pick(1, 2, 4, 8), pick(1, 2, 4)},
		Align:   pick(0, 0, 32),
	}
	if r.Intn(4) == 0 {
		cfg.Atomic = "cas32"
	}
	return cfg
}

// randomProgram draws an op program of up to four ops, with offsets small,
// negative and near the int32 and int64 limits.
func randomProgram(r *rand.Rand) Program {
	arg := func() int64 {
		return []int64{0, 1, -1, 2, -3, 7, 1 << 20, math.MaxInt32, math.MinInt32, 1 << 40, math.MaxInt64 / 2, math.MinInt64}[r.Intn(12)]
	}
	prog := Program{}
	for range 1 + r.Intn(4) {
		prog = append(prog, Op{Kind: OpKind(r.Intn(int(Accesses) + 1)), A: arg(), B: arg()})
	}
	return prog
}

// TestFastEqualsChecked: for random configurations, programs and
// every regular model and control, TraceThreads (fast path where it
// applies) gives exactly the traces and errors of the checked path, thread
// by thread — addresses, inexact marks, atomic words, overflows, P-exact
// truncations. Both paths must be exercised: the fast one on most cases, the
// checked one on the int64-overflowing and C-int32 ones.
func TestFastEqualsChecked(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	models := []checkedModel{referenceModel{}, cutlassModel{}, cutlassModel{pre3049: true}}
	for _, d := range Defects() {
		models = append(models, referenceModel{defect: d})
	}
	fast, checked, compared := 0, 0, 0
	fastOverflow, fastInexact := 0, 0 // fast-path traces with narrowings, truncations
	// One arena for every other request, as a sweep's worker has: its memo
	// of the last configuration must never leak into another's traces, so
	// requests often repeat the last configuration or model, and not.
	shared := new(Arena)
	var cfg Config
	var m checkedModel
	for i := 0; i < 12000; i++ {
		if i == 0 || r.Intn(3) > 0 {
			cfg = randomRegular(r)
		}
		if i == 0 || r.Intn(2) > 0 {
			m = models[r.Intn(len(models))]
		}
		prog := randomProgram(r)
		// Mostly every thread; sometimes one, which may be out of range.
		threads := AllThreads(cfg)
		if r.Intn(4) == 0 {
			threads = []int{r.Intn(max(cfg.Threads, 0) + 1)}
		}
		want, wantErr := checkedTraces(t, m, cfg, prog, threads)
		var arena *Arena
		if i%2 == 0 {
			arena = shared
			if r.Intn(8) == 0 {
				arena.Reset()
			}
		}
		got, gotErr := TraceThreadsIn(arena, m, cfg, prog, threads)
		name := fmt.Sprintf("%s %s; %s", m.Name(), cfg, prog)
		require.Equal(t, fmt.Sprint(gotErr), fmt.Sprint(wantErr), "%s: error %v, checked path %v", name, gotErr, wantErr)
		if wantErr != nil {
			continue
		}
		compared++
		if fastTaken(m, cfg, prog) {
			fast++
			for _, tr := range want {
				if len(tr.Overflows) > 0 {
					fastOverflow++
				}
				if len(tr.Inexact) > 0 {
					fastInexact++
				}
			}
		} else {
			checked++
		}
		if !reflect.DeepEqual(got, want) {
			for k := range want {
				require.Equal(t, want[k], got[k], "%s: thread %d\n got  %+v\n want %+v", name, k, got[k], want[k])
			}
			require.Equal(t, want, got, "%s: traces differ", name)
		}
	}
	t.Logf("%d traced requests: %d on the fast path (%d traces narrowing, %d truncating), %d on the checked path",
		compared, fast, fastOverflow, fastInexact, checked)
	require.GreaterOrEqual(t, fast, compared/2, "paths not all exercised: %d fast (%d traces narrowing, %d truncating), %d checked of %d", fast, fastOverflow, fastInexact, checked, compared)
	require.NotZero(t, checked, "paths not all exercised: %d fast (%d traces narrowing, %d truncating), %d checked of %d", fast, fastOverflow, fastInexact, checked, compared)
	require.NotZero(t, fastOverflow, "paths not all exercised: %d fast (%d traces narrowing, %d truncating), %d checked of %d", fast, fastOverflow, fastInexact, checked, compared)
	require.NotZero(t, fastInexact, "paths not all exercised: %d fast (%d traces narrowing, %d truncating), %d checked of %d", fast, fastOverflow, fastInexact, checked, compared)
}

// TestFastKeepsOverflows: near the int32 and int64 limits the
// models report exactly what the checked path does: C-int32's and
// CUTLASS's narrowings (in order, with their exact values), and an int64
// overflow as an error.
func TestFastKeepsOverflows(t *testing.T) {
	base := f32Example(t)
	base.Adv = 1
	near31 := base
	near31.Stride = math.MaxInt32/32 + 1 // L·B/8 just above 2^31/8: Ss·L·B/8 past int32
	// A stride whose tile spans past int64 bits is refused by Validate (it
	// names stride=), so the int64 overflows here come from the program:
	// a pointer offset that leaves no room for the tile's accesses.
	huge := base
	huge.Stride = math.MaxInt64 / 64
	hugeC := base
	hugeC.Stride = math.MaxInt64 / 16
	cases := []struct {
		m    checkedModel
		cfg  Config
		prog Program
		want string // a substring of the first trace's overflow, or of the error
	}{
		{referenceModel{defect: CInt32}, near31, Program{{Kind: Inc}, {Kind: Load}}, "overflows int32"},
		{referenceModel{}, huge, Program{{Kind: Load}}, "stride=144115188075855871"},
		{referenceModel{}, base, Program{{Kind: AddPointerOffset, A: math.MaxInt64/32 - 4}, {Kind: Load}}, `op 2 "load()": int64 overflow`},
		{cutlassModel{}, near31, Program{{Kind: Inc}, {Kind: Load}}, "incA = Ss·(L·B/8) = 2147483648 overflows int32"},
		{cutlassModel{}, hugeC, Program{{Kind: Load}}, "stride=576460752303423487"},
		{cutlassModel{}, base, Program{{Kind: AddPointerOffset, A: math.MaxInt64 - 4}, {Kind: Load}}, `op 2 "load()": int64 overflow`},
	}
	for _, c := range cases {
		want, wantErr := checkedTraces(t, c.m, c.cfg, c.prog, AllThreads(c.cfg))
		got, gotErr := TraceThreads(c.m, c.cfg, c.prog, AllThreads(c.cfg))
		require.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr), "%s %s: got %v, %v; checked path %v, %v", c.m.Name(), c.cfg, got, gotErr, want, wantErr)
		if wantErr == nil {
			require.Equal(t, want, got, "%s %s: got %v, %v; checked path %v, %v", c.m.Name(), c.cfg, got, gotErr, want, wantErr)
		}
		found := fmt.Sprint(gotErr)
		if gotErr == nil && len(got[1].Overflows) > 0 {
			found = got[1].Overflows[0].String()
		}
		require.Contains(t, found, c.want, "%s %s: %q does not report %q", c.m.Name(), c.cfg, found, c.want)
		// The cutlass models' narrowings are the same for every thread, so
		// their fast path may hold them; everything else must not.
		_, cut := c.m.(cutlassModel)
		require.Equal(t, (cut && gotErr == nil), fastTaken(c.m, c.cfg, c.prog), "%s %s: fast path taken: %v", c.m.Name(), c.cfg, !(cut && gotErr == nil))
	}
}

// TestSmallBoundImpliesFullBound: wherever smallBound lets a thread take
// the fast path without computing the bound, the bound holds, for both
// models, at and around the limits smallBound admits.
func TestSmallBoundImpliesFullBound(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	edge := func() int64 {
		return []int64{0, 1, -1, 1 << 18, -(1 << 18), 1<<18 + 1, -(1<<18 + 1), 12345, -777, 1 << 22, -(1 << 22)}[r.Intn(11)]
	}
	mag := func() int64 { return []int64{0, 1, 1<<40 - 1, 1 << 40, 1 << 39, 1 << 60, 1<<61 - 1}[r.Intn(7)] }
	admitted := 0
	for range 100000 {
		in := &instance{L: layout.Elements(edge()), B: edge()}
		init := layout.Coord{C: edge(), S: edge()}
		reach, span := mag(), mag()
		if !smallBound(reach, span, in, init) {
			continue
		}
		admitted++
		ref := &refProgram{reach: reach, acc: &refAccesses{span: span}}
		cut := &cutProgram{reach: reach, acc: &cutAccesses{span: span}}
		require.True(t, (referenceModel{}).fullBound(ref, in, init), "smallBound admits L=%d B=%d init=%v reach=%d span=%d, which the bound refuses", in.L, in.B, init, reach, span)
		require.True(t, (cutlassModel{}).fullBound(cut, in, init), "smallBound admits L=%d B=%d init=%v reach=%d span=%d, which the bound refuses", in.L, in.B, init, reach, span)
	}
	require.GreaterOrEqual(t, admitted, 1000, "only %d admitted", admitted)
}
