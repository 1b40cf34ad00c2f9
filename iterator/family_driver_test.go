package iterator

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomFamily draws a configuration of a family class
// (docs/contract.md#iterator-classes), valid or not: extents, threadblock
// offsets and access_elems that make residues, guards off and several accesses
// per vector, and pitches up to the int32 limit.
func randomFamily(r *rand.Rand) Config {
	cfg := randomRegular(r)
	cfg.Class = []Class{RegularTileAccess, PredicatedTileAccess, PredicatedTile}[r.Intn(3)]
	cfg.Atomic, cfg.Align = "", 0
	cfg.Stride = []int64{0, 0, 0, 64, 65, 1 << 20, math.MaxInt32/8 + 1}[r.Intn(7)]
	if cfg.Class.Predicated() {
		sh := cfg.PitchShape()
		cfg.Extent = [2]int64{1 + r.Int63n(3*sh.C), 1 + r.Int63n(3*sh.S)}
		if r.Intn(4) == 0 {
			cfg.Extent = [2]int64{}
		}
		ext := cfg.PitchExtent()
		if r.Intn(2) == 0 {
			cfg.TB = [2]int64{r.Int63n(ext.C), r.Int63n(ext.S)}
		}
		cfg.AccessElems = []int{0, 0, 1, 2, 4}[r.Intn(5)]
	}
	return cfg
}

// randomFamilyProgram draws up to six ops of every kind, with small offsets
// (negative ones too) and now and then one near the int32 limit.
func randomFamilyProgram(r *rand.Rand) Program {
	arg := func() int64 {
		return []int64{0, 1, -1, 2, 3, 5, 16, math.MaxInt32 / 4}[r.Intn(8)]
	}
	// Mostly ops every class has; now and then any op (an unavailable one
	// is an error on both paths).
	common := []OpKind{Accesses, Accesses, AddTileOffset, AddPointerOffset, Inc}
	prog := Program{}
	for range 1 + r.Intn(6) {
		k := common[r.Intn(len(common))]
		if r.Intn(8) == 0 {
			k = OpKind(r.Intn(int(EnableMask) + 1))
		}
		prog = append(prog, Op{Kind: k, A: arg(), B: arg()})
	}
	return prog
}

// TestFamilyThreadsEqualTrace: for random family configurations and
// programs, every model and control, TraceThreadsIn (one geometry per
// request, iterators reset thread after thread, memory from the request's
// buffers or a shared arena) gives exactly the traces and errors of tracing
// each thread on its own (Model.Trace): addresses, guards, inexact marks,
// narrowings, truncations.
func TestFamilyThreadsEqualTrace(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	models := []Model{referenceModel{}, cutlassModel{}, cutlassModel{pre3049: true}}
	for _, d := range Defects() {
		models = append(models, Control(d))
	}
	shared := new(Arena)
	compared, guarded, narrowed, truncated := 0, 0, 0, 0
	var cfg Config
	for i := 0; i < 6000; i++ {
		if i == 0 || r.Intn(3) > 0 {
			cfg = randomFamily(r)
		}
		m := models[r.Intn(len(models))]
		prog := randomFamilyProgram(r)
		threads := AllThreads(cfg)
		if r.Intn(4) == 0 {
			threads = []int{r.Intn(max(cfg.Threads, 0) + 1)}
		}
		var want []ThreadTrace
		var wantErr error
		for _, th := range threads {
			tr, err := m.Trace(cfg, prog, th)
			if err != nil {
				wantErr = err
				break
			}
			want = append(want, tr)
		}
		var arena *Arena
		if i%2 == 0 {
			arena = shared
			if r.Intn(8) == 0 {
				arena.Reset()
			}
		}
		got, gotErr := TraceThreadsIn(arena, m, cfg, prog, threads)
		name := fmt.Sprintf("%s %s; %s", m.Name(), cfg, prog)
		require.Equal(t, fmt.Sprint(gotErr), fmt.Sprint(wantErr), "%s: error %v, per-thread %v", name, gotErr, wantErr)
		if wantErr != nil {
			continue
		}
		compared++
		for _, tr := range want {
			for _, rec := range tr.Records {
				for _, v := range rec.Valid {
					if !v {
						guarded++
						break
					}
				}
			}
			if len(tr.Overflows) > 0 {
				narrowed++
			}
			if len(tr.Inexact) > 0 {
				truncated++
			}
		}
		for k := range want {
			require.Equal(t, want[k], got[k], "%s: thread %d\n got  %+v\n want %+v", name, k, got[k], want[k])
		}
		require.Len(t, got, len(want), "%s: %d traces, want %d", name, len(got), len(want))
	}
	t.Logf("%d requests compared: %d records with a guard off, %d traces narrowing, %d truncating", compared, guarded, narrowed, truncated)
	require.GreaterOrEqual(t, compared, 1000, "not every kind of trace exercised: %d compared, %d guarded off, %d narrowing, %d truncating", compared, guarded, narrowed, truncated)
	require.NotZero(t, guarded, "not every kind of trace exercised: %d compared, %d guarded off, %d narrowing, %d truncating", compared, guarded, narrowed, truncated)
	require.NotZero(t, narrowed, "not every kind of trace exercised: %d compared, %d guarded off, %d narrowing, %d truncating", compared, guarded, narrowed, truncated)
	require.NotZero(t, truncated, "not every kind of trace exercised: %d compared, %d guarded off, %d narrowing, %d truncating", compared, guarded, narrowed, truncated)
}
