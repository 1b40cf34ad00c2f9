package iterator

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/layout"
)

// shiftModels are the models with a compact form: the reference, every
// control, and both CUTLASS renditions.
func shiftModels() []regularModel {
	models := []regularModel{referenceModel{}, cutlassModel{}, cutlassModel{pre3049: true}}
	for _, d := range Defects() {
		models = append(models, referenceModel{defect: d})
	}
	return models
}

// checkShiftFormula checks every address of want (the checked path's
// traces of threads) against the compact form's formula, with each
// thread's first element and the access offsets computed here from the
// thread map and the model's per-configuration plan, and the compact
// form's counts against the traces'.
func checkShiftFormula(t *testing.T, name string, m regularModel, cfg Config, s ShiftTrace, threads []int, want []ThreadTrace) {
	t.Helper()
	tm, _ := m.threadMap(cfg)
	in := newInstance(cfg)
	var offBits []layout.Bits
	var offBytes []layout.Bytes
	switch m := m.(type) {
	case referenceModel:
		offBits = m.planAccesses(in, tm, nil).off
	case cutlassModel:
		offBytes = planCutAccesses(in, tm, nil).off
	}
	origins := len(s.originBits) + len(s.originBytes)
	require.Equal(t, len(threads), s.Threads, "%s: %d threads, %d accesses, %d origins; want %d, %d, %d", name, s.Threads, s.Accesses, origins, len(threads), len(offBits)+len(offBytes), s.Program.Recorded())
	require.Equal(t, len(offBits)+len(offBytes), s.Accesses, "%s: %d threads, %d accesses, %d origins; want %d, %d, %d", name, s.Threads, s.Accesses, origins, len(threads), len(offBits)+len(offBytes), s.Program.Recorded())
	require.Equal(t, s.Program.Recorded(), origins, "%s: %d threads, %d accesses, %d origins; want %d, %d, %d", name, s.Threads, s.Accesses, origins, len(threads), len(offBits)+len(offBytes), s.Program.Recorded())
	exact, nonNegative, nonPositive := true, true, true
	for ti, tr := range want {
		init := tm.Init(threads[ti])
		require.Len(t, tr.Overflows, s.Overflows, "%s: thread %d: %d narrowings, %d truncations, %d records; compact form says %d, %d, %d", name, tr.Thread, len(tr.Overflows), len(tr.Inexact), len(tr.Records), s.Overflows, s.Inexact, origins)
		if s.Inexact >= 0 {
			require.Len(t, tr.Inexact, s.Inexact, "%s: thread %d: %d narrowings, %d truncations, %d records; compact form says %d, %d, %d", name, tr.Thread, len(tr.Overflows), len(tr.Inexact), len(tr.Records), s.Overflows, s.Inexact, origins)
		}
		require.Len(t, tr.Records, origins, "%s: thread %d: %d narrowings, %d truncations, %d records; compact form says %d, %d, %d", name, tr.Thread, len(tr.Overflows), len(tr.Inexact), len(tr.Records), s.Overflows, s.Inexact, origins)
		for ri, rec := range tr.Records {
			k, ok := s.record(rec.Op)
			require.True(t, ok, "%s: record %d (op %d): compact form's record %d, %v", name, ri, rec.Op, k, ok)
			require.Equal(t, ri, k, "%s: record %d (op %d): compact form's record %d, %v", name, ri, rec.Op, k, ok)
			require.Len(t, rec.Addrs, s.Accesses, "%s: record %d has %d addresses, compact form %d", name, ri, len(rec.Addrs), s.Accesses)
			for k, a := range rec.Addrs {
				var want int64
				if s.originBits != nil {
					sum := s.originBits[ri] + layout.Bits((init.S*int64(in.L)+init.C)*in.B) + offBits[k]
					exact, nonNegative, nonPositive = exact && sum%8 == 0, nonNegative && sum >= 0, nonPositive && sum <= 0
					b, _ := sum.ToBytes()
					want = int64(b)
				} else {
					p, _ := layout.Bits((init.C + init.S*int64(in.L)) * in.B).ToBytes()
					want = int64(s.originBytes[ri] + p + offBytes[k])
				}
				require.Equal(t, want, a, "%s: thread %d record %d access %d at %d; compact form %d", name, tr.Thread, ri, k, a, want)
			}
		}
	}
	// Each flag is sufficient: it may be false where the sums would allow
	// it, never true where they do not.
	require.False(t, s.exact && !exact, "%s: exact %v, nonNegative %v, nonPositive %v; the sums say %v, %v, %v", name, s.exact, s.nonNegative, s.nonPositive, exact, nonNegative, nonPositive)
	require.False(t, s.nonNegative && !nonNegative, "%s: exact %v, nonNegative %v, nonPositive %v; the sums say %v, %v, %v", name, s.exact, s.nonNegative, s.nonPositive, exact, nonNegative, nonPositive)
	require.False(t, s.nonPositive && !nonPositive, "%s: exact %v, nonNegative %v, nonPositive %v; the sums say %v, %v, %v", name, s.exact, s.nonNegative, s.nonPositive, exact, nonNegative, nonPositive)
}

// TestShiftInIsTheTraces: where ShiftIn gives a compact form, the checked
// path (the definition) traces every requested thread without error, each
// address is the compact form's formula, and Move between the compact
// forms of two programs of one model and configuration is, where it says
// uniform, the distance between every access of the two records on every
// thread. Random configurations, programs, every model with a compact form;
// an arena shared request after request, as a sweep's worker has it.
func TestShiftInIsTheTraces(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	models := shiftModels()
	arena := new(Arena)
	made, refused, moves, uniform := map[string]int{}, 0, 0, 0
	for i := 0; i < 30000; i++ {
		cfg := randomRegular(r)
		m := models[r.Intn(len(models))]
		threads := AllThreads(cfg)
		if r.Intn(4) == 0 {
			threads = []int{r.Intn(max(cfg.Threads, 0) + 1)}
		}
		if r.Intn(8) == 0 {
			arena.Reset()
		}
		// Two programs, the second often the first with one op changed,
		// so that records often lie a whole move apart.
		progs := []Program{randomProgram(r)}
		second := append(Program(nil), progs[0]...)
		if r.Intn(2) == 0 {
			second[r.Intn(len(second))] = randomProgram(r)[0]
		} else {
			second = randomProgram(r)
		}
		progs = append(progs, second)
		var shifts []ShiftTrace
		var traces [][]ThreadTrace
		for _, prog := range progs {
			sp := ShiftIn(arena, m, &cfg, prog, threads)
			if sp == nil {
				refused++
				break
			}
			s := *sp
			name := fmt.Sprintf("%s %s; %s", m.Name(), cfg, prog)
			want, err := checkedTraces(t, m.(checkedModel), cfg, prog, threads)
			require.NoError(t, err, "%s: compact form of a request the checked path fails", name)
			checkShiftFormula(t, name, m, cfg, s, threads, want)
			made[m.Name()]++
			shifts, traces = append(shifts, s), append(traces, want)
		}
		if len(shifts) < 2 {
			continue
		}
		for ri := range traces[0][0].Records {
			for rj := range traces[1][0].Records {
				ai, bj := traces[0][0].Records[ri].Op, traces[1][0].Records[rj].Op
				d, uni, ok := shifts[1].Move(bj, &shifts[0], ai)
				require.True(t, ok, "%s: Move of records that exist not ok", m.Name())
				moves++
				if !uni {
					continue
				}
				uniform++
				for ti := range threads {
					a, b := traces[0][ti].Records[ri].Addrs, traces[1][ti].Records[rj].Addrs
					for k := range a {
						require.Equal(t, int64(d), b[k]-a[k], "%s %s; %s vs %s: thread %d access %d moved %d bytes, Move says %d for all", m.Name(), cfg, progs[0], progs[1], threads[ti], k, b[k]-a[k], d)
					}
				}
			}
		}
	}
	t.Logf("compact forms by model %v; %d refused; %d moves, %d uniform", made, refused, moves, uniform)
	for _, m := range models {
		// C-int32 narrows its row offsets: it always takes the checked path.
		assert.False(t, made[m.Name()] == 0 && m != (referenceModel{defect: CInt32}), "no compact form of %s", m.Name())
	}
	require.GreaterOrEqual(t, refused, 100, "not every case exercised: %d refused, %d of %d moves uniform", refused, uniform, moves)
	require.GreaterOrEqual(t, uniform, 100, "not every case exercised: %d refused, %d of %d moves uniform", refused, uniform, moves)
	require.NotEqual(t, moves, uniform, "not every case exercised: %d refused, %d of %d moves uniform", refused, uniform, moves)
}

// TestSpreadOfSumsUpTheThreads holds the reference's per-thread-list
// summary to its threads taken one by one: its far corner is at least
// every thread's |c0| and |s0| (so the bound it passes, every thread
// passes), its least and greatest base and wholeness are those of the
// threads, and a list whose bases could overflow is not summed up.
func TestSpreadOfSumsUpTheThreads(t *testing.T) {
	r := rand.New(rand.NewSource(31))
	summed := 0
	for range 20000 {
		cfg := randomRegular(r)
		tm, err := Validate(cfg)
		if err != nil {
			continue
		}
		in := newInstance(cfg)
		var threads []int
		for th := range cfg.Threads {
			if r.Intn(3) == 0 {
				threads = append(threads, th)
			}
		}
		if len(threads) == 0 {
			continue
		}
		cm := &configMemo{}
		first := *cm.spreadOf(nil, &tm, &in, threads)
		first.threads = slices.Clone(first.threads)
		// Asked again (kept), and after another list (summed up anew),
		// the list has the same summary.
		again := *cm.spreadOf(nil, &tm, &in, slices.Clone(threads))
		again.threads = slices.Clone(again.threads)
		cm.spreadOf(nil, &tm, &in, threads[:len(threads)-1])
		anew := cm.spreadOf(nil, &tm, &in, threads)
		require.Equal(t, first, again, "%s threads %v: summed up as %+v, then %+v, then %+v", cfg, threads, first, again, *anew)
		require.Equal(t, first, *anew, "%s threads %v: summed up as %+v, then %+v, then %+v", cfg, threads, first, again, *anew)
		require.Equal(t, threads, first.threads, "%s threads %v: summed up as %+v, then %+v, then %+v", cfg, threads, first, again, *anew)
		sp := anew
		if !sp.ok {
			continue
		}
		summed++
		minBase, maxBase, whole := layout.Bits(0), layout.Bits(0), true
		for i, th := range threads {
			init := tm.Init(th)
			require.LessOrEqual(t, capMag(init.C), sp.far.C, "%s: thread %d at %v lies beyond the far corner %v", cfg, th, init, sp.far)
			require.LessOrEqual(t, capMag(init.S), sp.far.S, "%s: thread %d at %v lies beyond the far corner %v", cfg, th, init, sp.far)
			base := layout.Bits((init.S*int64(in.L) + init.C) * in.B)
			if i == 0 {
				minBase, maxBase = base, base
			}
			minBase, maxBase, whole = min(minBase, base), max(maxBase, base), whole && base%8 == 0
		}
		require.Equal(t, minBase, sp.minBase, "%s threads %v: spread %+v, threads one by one: bases %d..%d whole %v", cfg, threads, *sp, minBase, maxBase, whole)
		require.Equal(t, maxBase, sp.maxBase, "%s threads %v: spread %+v, threads one by one: bases %d..%d whole %v", cfg, threads, *sp, minBase, maxBase, whole)
		require.Equal(t, whole, sp.whole, "%s threads %v: spread %+v, threads one by one: bases %d..%d whole %v", cfg, threads, *sp, minBase, maxBase, whole)
	}
	require.GreaterOrEqual(t, summed, 1000, "only %d lists summed up", summed)
	// An empty list is not summed up (no thread to bound), nor a first
	// element too far for the bound's arithmetic.
	empty := (&configMemo{}).spreadOf(nil, &ThreadMap{}, &instance{}, nil)
	require.False(t, empty.ok, "an empty list was summed up: %+v", *empty)
	huge := ThreadMap{Threads: 1}
	in := instance{L: 1 << 40, B: 1 << 20}
	cm := &configMemo{}
	far := cm.spreadOf([]layout.Coord{{C: 1, S: 1 << 30}}, &huge, &in, []int{0})
	require.False(t, far.ok, "a base of 2^90 bits was summed up: %+v", *far)
}

// A steady arena finds a configuration's memo by its address. Each
// Steady(true) forgets that address, whose memory the caller may since
// have reused for another configuration: the compact form there is the
// new configuration's, as a fresh arena gives it.
func TestSteadyArenaForgetsAddresses(t *testing.T) {
	a := Config{Elem: elem(t, "f32"), Shape: [2]int64{128, 4}, Map: Stripmined, Threads: 16, Access: 4, Adv: 1}
	b := a
	b.Elem, b.Access = elem(t, "f16"), 8
	prog := Program{{Kind: AddTileOffset, A: 1, B: 1}, {Kind: LoadTile, A: 0, B: 1}}
	threads := []int{0, 3, 15}
	fresh := func(cfg Config) ShiftTrace {
		s := ShiftIn(&Arena{}, referenceModel{}, &cfg, prog, threads)
		require.NotNil(t, s, "%v: no compact form", cfg)
		return *s
	}
	arena := &Arena{}
	var at Config // one address, configuration after configuration
	for i, cfg := range []Config{a, b, b, a} {
		at = cfg
		arena.Steady(i != 3) // the last without the caller's word
		got := ShiftIn(arena, referenceModel{}, &at, prog, threads)
		if assert.NotNil(t, got, "request %d (%s): the steady arena's compact form is not a fresh arena's", i, cfg.Elem.Name) {
			assert.Equal(t, fresh(cfg), *got, "request %d (%s): the steady arena's compact form is not a fresh arena's", i, cfg.Elem.Name)
		}
		arena.Steady(false)
	}
}
